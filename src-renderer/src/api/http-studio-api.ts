// window.studio for the browser host: the same channel map, carried over HTTP. Requests are
// same-origin, so the token cookie set on the first page load authenticates them.
import { webMediaUrl } from '../../../shared/api/media-url';
import { buildStudioInvokers, type StudioApi, type StudioChannel } from '../../../shared/api/studio-api';
import { StudioError, isStudioErrorCode } from '../../../shared/api/studio-error';
import type { StudioEvents } from '../../../shared/api/studio-events';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

async function invokeOverHttp(fetchImpl: Fetch, name: StudioChannel, args: unknown[]): Promise<unknown> {
  const response = await fetchImpl(`/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => null)) as { value?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (response.ok && body && 'value' in body) return body.value;
  const code = isStudioErrorCode(body?.error?.code) ? body.error.code : 'internal';
  const message = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${response.status} from ${name}`;
  throw new StudioError(code, message);
}

export function createHttpStudioApi(fetchImpl: Fetch = (input, init) => fetch(input, init)): StudioApi {
  let events: EventSource | null = null;
  return {
    ...buildStudioInvokers((name, args) => invokeOverHttp(fetchImpl, name, args)),
    hostKind: 'web',
    mediaUrl: (datasetId, path) => webMediaUrl(datasetId, path),
    onEvent: (name, listener) => {
      // One stream for all events, opened on the first subscription.
      events ??= new EventSource('/api/events');
      const handle = (message: MessageEvent<string>) => listener(JSON.parse(message.data) as StudioEvents[typeof name]);
      events.addEventListener(name, handle);
      return () => events?.removeEventListener(name, handle);
    },
  };
}
