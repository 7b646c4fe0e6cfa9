// The host's Server-Sent Events (GET /api/events) read with fetch(), because EventSource cannot
// send the token header. Reconnects after a second when the stream ends or fails, as EventSource would.
import { Slices } from './next-task';

export interface SseMessage {
  event: string;
  data: string;
}

/** Splits buffered stream text into complete messages; returns them and the unfinished rest. */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

/**
 * Reads a stream chunk by chunk. A chunk without a message's end is only kept: parsing the whole
 * buffer on every chunk made a big message (20,000 evaluation rows, megabytes) cost its size times
 * its number of chunks.
 */
export class SseReader {
  private pending: string[] = [];
  private endsWithNewline = false;
  /** A chunk's last '\r' waits for the next chunk, which may start with its '\n'. */
  private carriage = '';

  push(chunk: string): SseMessage[] {
    let text = this.carriage + chunk;
    this.carriage = text.endsWith('\r') ? '\r' : '';
    if (this.carriage) text = text.slice(0, -1);
    text = text.replace(/\r\n?/g, '\n');
    if (text === '') return [];
    const ended = (this.endsWithNewline && text.startsWith('\n')) || text.includes('\n\n');
    this.endsWithNewline = text.endsWith('\n');
    if (!ended) {
      this.pending.push(text);
      return [];
    }
    const { messages, rest } = parseSse(this.pending.join('') + text);
    this.pending = rest ? [rest] : [];
    return messages;
  }
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Opens the stream and keeps it open; every message goes to `dispatch`. `connected` hears each
 * connection made, numbered from 1 (a later one: the host may have restarted meanwhile).
 */
export function openEventStream(
  fetchImpl: Fetch,
  url: string,
  headers: Record<string, string>,
  dispatch: (message: SseMessage) => void,
  connected: (connection: number) => void = () => undefined,
): void {
  let connections = 0;
  const run = async () => {
    for (;;) {
      try {
        const response = await fetchImpl(url, { headers, cache: 'no-store', credentials: 'omit' });
        if (response.ok && response.body) {
          connected(++connections);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          const sse = new SseReader();
          // Chunks already received are read back to back in one task: the rows of a 100,000-row
          // evaluation arriving together were a 230 ms task before messages were handled in slices.
          const slices = new Slices();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const message of sse.push(value)) {
              await slices.pause();
              dispatch(message);
            }
          }
        }
      } catch {
        // The host went away or the network dropped: try again below.
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  void run();
}
