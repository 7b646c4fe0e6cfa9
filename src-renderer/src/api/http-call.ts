// One call of the studio API over HTTP, in two halves: the request and reading its JSON answer
// (which can run in a Web Worker: http-call.worker.ts), and turning the answer into the call's
// value or a StudioError (on the page's thread). No DOM beyond fetch, so a worker can import it.
import { tokenHeader } from '../../../shared/api/web-auth';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** What came back: an HTTP answer and its body as JSON (null when it was not JSON), or nothing at all. */
export type HttpAnswer = { reached: true; ok: boolean; status: number; body: unknown } | { reached: false; message: string };

export async function requestApiCall(fetchImpl: Fetch, token: string, name: string, args: unknown[]): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [tokenHeader]: token },
      body: JSON.stringify(args),
      credentials: 'omit',
    });
  } catch (error) {
    // fetch rejects only when no answer came at all: the host is stopped or the network is down.
    return { reached: false, message: error instanceof Error ? error.message : String(error) };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  return { reached: true, ok: response.ok, status: response.status, body };
}
