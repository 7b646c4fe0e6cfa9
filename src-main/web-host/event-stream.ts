// GET /api/events: StudioEvents as Server-Sent Events (`event: <name>`, `data: <json>`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StudioEventBus } from '../services/event-bus';
import type { EventFilter } from '../services/team/team-access';

/** Proxies drop idle connections; a comment line every 25 s keeps the stream open. */
const keepAliveMs = 25_000;

/** `filter`: what this client may hear (a blind annotator on a team host); events stay in order. */
export function serveEventStream(request: IncomingMessage, response: ServerResponse, events: StudioEventBus, filter: EventFilter | null = null): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  const send = (name: string, payload: unknown) => response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  let queue = Promise.resolve();
  const unsubscribe = events.subscribe((name, payload) => {
    if (!filter) return void send(name, payload);
    // A copy, which the filter may cut down; one after the other, so the order is kept.
    const copy = structuredClone(payload) as unknown;
    queue = queue.then(async () => {
      if (await filter(name, copy).catch(() => false)) send(name, copy);
    });
  });
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs);
  request.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
