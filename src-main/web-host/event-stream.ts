// GET /api/events: StudioEvents as Server-Sent Events (`event: <name>`, `data: <json>`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StudioEventBus } from '../services/event-bus';

/** Proxies drop idle connections; a comment line every 25 s keeps the stream open. */
const keepAliveMs = 25_000;

export function serveEventStream(request: IncomingMessage, response: ServerResponse, events: StudioEventBus): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  const unsubscribe = events.subscribe((name, payload) => {
    response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs);
  request.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
