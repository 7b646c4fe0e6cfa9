// POST /api/<channel>: the studio API over HTTP. The body is the JSON array of arguments; the
// answer is {"value": result} or {"error": {"code", "message"}} with a matching status code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStudioChannel, type StudioHandlers } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import { httpStatusForError } from '../services/media-files';
import { invokeStudioHandler } from '../services/studio-handlers';

/** Dataset text files can be large (64 MiB of annotations); JSON escaping adds a little. */
const maxBodyBytes = 80 * 1024 * 1024;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(text);
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new StudioError('invalid-args', 'Request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    throw new StudioError('invalid-args', 'Request body is not JSON');
  }
}

export async function serveApiCall(
  request: IncomingMessage,
  response: ServerResponse,
  channelName: string,
  handlers: StudioHandlers,
): Promise<void> {
  if (request.method !== 'POST') {
    response.writeHead(405, { Allow: 'POST' }).end();
    return;
  }
  if (!isStudioChannel(channelName)) {
    sendJson(response, 404, { error: { code: 'not-found', message: `Unknown API channel: ${channelName}` } });
    return;
  }
  // A JSON content type cannot be sent cross-site without a CORS preflight, which we never grant.
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    sendJson(response, 415, { error: { code: 'invalid-args', message: 'Expected Content-Type: application/json' } });
    return;
  }
  try {
    const value = await invokeStudioHandler(handlers, channelName, await readJsonBody(request));
    sendJson(response, 200, { value });
  } catch (error) {
    const studioError = StudioError.from(error);
    if (studioError.code === 'internal') console.error(`api ${channelName}:`, error);
    sendJson(response, httpStatusForError[studioError.code], {
      error: { code: studioError.code, message: studioError.message },
    });
  }
}
