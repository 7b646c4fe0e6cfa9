// The event stream's reader lets the page's other tasks in while it works through messages that
// arrived together (a big evaluation's rows), instead of handling them all in one task.
import { describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream';

describe('openEventStream', () => {
  it('lets other tasks run between messages once handling them has held the thread for a slice', async () => {
    const body = Array.from({ length: 4 }, (_, i) => `event: evaluation.rows\ndata: {"i":${i}}\n\n`).join('');
    let served = false;
    const fetchImpl = async (): Promise<Response> => {
      if (served) return new Promise<Response>(() => undefined); // no second connection within the test
      served = true;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body)); // all four in one chunk
          controller.close();
        },
      });
      return new Response(stream, { status: 200 });
    };
    let otherTaskRan = 0;
    const seen: { data: string; otherTaskRan: number }[] = [];
    await new Promise<void>((done) =>
      openEventStream(fetchImpl, '/api/events', {}, ({ data }) => {
        // Another task, queued while the first message is handled: it runs before the last one only
        // if the reader lets tasks in. (Queued before the stream was read, a busy machine ran it first.)
        if (seen.length === 0) setTimeout(() => otherTaskRan++, 0);
        seen.push({ data, otherTaskRan });
        const until = performance.now() + 12; // more than a slice per message
        while (performance.now() < until) void data.length;
        if (seen.length === 4) done();
      }),
    );
    expect(seen.map((m) => m.data)).toEqual(['{"i":0}', '{"i":1}', '{"i":2}', '{"i":3}']);
    expect(seen[0].otherTaskRan).toBe(0);
    expect(seen[3].otherTaskRan).toBe(1);
  });
});
