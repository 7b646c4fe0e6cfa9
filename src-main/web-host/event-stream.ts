// GET /api/events: StudioEvents as Server-Sent Events (`event: <name>`, `data: <json>`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StudioEventBus } from '../services/event-bus';
import type { EventFilter } from '../services/team/team-access';

/** Proxies drop idle connections; a comment line every 25 s keeps the stream open. */
const keepAliveMs = 25_000;

/** Who may hear a stream, checked again before each event and each keep-alive. */
export interface StreamListener {
  /** What this client may hear (a blind annotator on a team host; null: everything); events stay in order. */
  filter: EventFilter | null;
  /** False once the client's link has ended or its person changed (a team host): the stream is closed. */
  stillAllowed(): Promise<boolean>;
}

export function serveEventStream(request: IncomingMessage, response: ServerResponse, events: StudioEventBus, listener: StreamListener): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  const { filter } = listener;
  let ended = false;
  const send = (name: string, payload: unknown) => response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  /** An ended link's stream is closed: a replaced or removed token kept hearing evaluation rows and paths. */
  const allowed = async () => {
    if (!ended && !(await listener.stillAllowed().catch(() => false))) end();
    return !ended;
  };
  // One after the other, so the order is kept.
  let queue = Promise.resolve();
  const unsubscribe = events.subscribe((name, payload) => {
    // A copy, which the filter may cut down.
    const copy = filter ? (structuredClone(payload) as unknown) : payload;
    queue = queue.then(async () => {
      if (!(await allowed())) return;
      if (!filter || (await filter(name, copy).catch(() => false))) send(name, copy);
    });
  });
  const keepAlive = setInterval(() => {
    queue = queue.then(async () => {
      if (await allowed()) response.write(': keep-alive\n\n');
    });
  }, keepAliveMs);
  function end() {
    ended = true;
    clearInterval(keepAlive);
    unsubscribe();
    response.end();
  }
  request.on('close', () => {
    ended = true;
    clearInterval(keepAlive);
    unsubscribe();
  });
}
