// Dataset files as text, saying which lines were not UTF-8 (SPEC §1: every file is). Decoding
// alone would put U+FFFD in place of the bad bytes, silently: a task saved in Latin-1 would load
// with "Caf\uFFFD" for "Café" and match nothing. Each such line is decoded the same way but
// marked (NOT_UTF8_MARK), so whoever reads the text, here or in the browser, reports the line.
import { isAscii, isUtf8 } from 'node:buffer';
import { StudioError } from '../../shared/api/studio-error';
import { MAX_LINE_LENGTH, NOT_UTF8_MARK, tooLongLine } from '../../shared/format/jsonl';

const NEWLINE = 0x0a;

/** The text of UTF-8 bytes, each line that is not UTF-8 marked with NOT_UTF8_MARK. */
export function decodeMarked(bytes: Buffer): string {
  // One check of the whole (SIMD); line by line only when it fails.
  if (isUtf8(bytes)) return bytes.toString('utf8');
  let text = '';
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline + 1;
    const line = bytes.subarray(start, end);
    text += isUtf8(line) ? line.toString('utf8') : NOT_UTF8_MARK + line.toString('utf8');
    start = end;
  }
  return text;
}

/**
 * UTF-16 units of UTF-8 bytes, without decoding them: one per character, two for one of 4 bytes
 * (bytes that are not UTF-8 may count otherwise than their U+FFFD would). Only called on the bytes
 * of a line past the limit in bytes, so an ordinary file never goes through the loop.
 */
function utf16Units(bytes: Buffer): number {
  if (isAscii(bytes)) return bytes.length;
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}

/**
 * A file's bytes, chunk by chunk, as its text (decodeMarked), each line longer than
 * `maxLineLength` UTF-16 units (the loader's cap, MAX_LINE_LENGTH) given as tooLongLine instead:
 * its bytes are counted and dropped as they come, so a 600 MB line costs no more memory than a
 * chunk and the cap, and the loader, the renderer's parsers and the team host's readers report it
 * at its number, as they report a line the CLI's splitter skips. `longLines`: their numbers.
 */
export class LongLineMarker {
  readonly longLines: number[] = [];
  /** The number of the line the next byte belongs to. */
  private lineNumber = 1;
  /** The bytes of the line still open, while it is within the cap. */
  private open: Buffer[] = [];
  private openBytes = 0;
  /** Its UTF-16 units, counted once its bytes pass the cap (fewer bytes are fewer units); -1 until then. */
  private openUnits = -1;
  private dropping = false;

  constructor(private readonly maxLineLength = MAX_LINE_LENGTH) {}

  /** The text of the lines this chunk completes. */
  push(chunk: Buffer): string {
    let text = '';
    let at = 0;
    while (at < chunk.length) {
      if (this.openBytes === 0 && !this.dropping) {
        // Whole lines within the cap in bytes are decoded together, as decodeMarked decodes a file.
        const end = this.shortLines(chunk, at);
        if (end > at) {
          text += decodeMarked(chunk.subarray(at, end));
          at = end;
          continue;
        }
      }
      const newline = chunk.indexOf(NEWLINE, at);
      this.take(chunk.subarray(at, newline === -1 ? chunk.length : newline));
      if (newline === -1) break;
      text += this.close() + '\n';
      at = newline + 1;
    }
    return text;
  }

  /** The text of the last line, when the file does not end with a line break. */
  end(): string {
    return this.openBytes > 0 || this.dropping ? this.close() : '';
  }

  /** Where the run of complete lines within the cap in bytes that starts at `at` ends (after its last line break). */
  private shortLines(chunk: Buffer, at: number): number {
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, at);
      if (newline === -1 || newline - at > this.maxLineLength) return at;
      this.lineNumber++;
      at = newline + 1;
    }
  }

  private take(piece: Buffer): void {
    if (!this.dropping) {
      this.open.push(piece);
      this.openBytes += piece.length;
      if (this.openBytes <= this.maxLineLength) return;
    }
    this.openUnits = this.openUnits === -1 ? this.open.reduce((units, bytes) => units + utf16Units(bytes), 0) : this.openUnits + utf16Units(piece);
    if (this.openUnits > this.maxLineLength) {
      this.dropping = true;
      this.open = [];
    }
  }

  private close(): string {
    let text: string;
    if (this.dropping) {
      this.longLines.push(this.lineNumber);
      text = tooLongLine(this.openUnits, this.maxLineLength);
    } else text = decodeMarked(Buffer.concat(this.open));
    this.open = [];
    this.openBytes = 0;
    this.openUnits = -1;
    this.dropping = false;
    this.lineNumber++;
    return text;
  }
}

/**
 * Chunks of bytes as chunks of text (LongLineMarker: decodeMarked, each line past MAX_LINE_LENGTH
 * as its mark), each ending at a line break, so no line is judged in two parts (nor a character
 * cut in two): the CLI's and the hosts' scoring read tasks, ground truth and trajectories so, as
 * every other reader of the hosts reads a file. A line too long costs a chunk and the cap of memory.
 */
export async function* markedTextChunks(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const marker = new LongLineMarker();
  for await (const chunk of chunks) {
    const text = marker.push(chunk);
    if (text.length > 0) yield text;
  }
  const last = marker.end();
  if (last.length > 0) yield last;
}

export interface MarkedReadOptions {
  /** What a refusal calls the file (its dataset-relative path). */
  name: string;
  /** UTF-16 units of text past which the read is refused; none: no limit. */
  maxTextLength?: number;
  /** For tests: a smaller cap than the loader's. */
  maxLineLength?: number;
  /** Given every chunk of bytes as it is read (a hash of the whole file). */
  seen?: (chunk: Buffer) => void;
}

/**
 * A file's text (decodeMarked, and LongLineMarker in place of each line too long), read chunk by
 * chunk. The limit is on the text it gives, not on the file: a file of one 600 MB line reads as
 * the mark of that line.
 */
export async function readLongLinesMarked(chunks: AsyncIterable<Buffer>, options: MarkedReadOptions): Promise<{ text: string; longLines: number[] }> {
  const marker = new LongLineMarker(options.maxLineLength);
  const limit = options.maxTextLength ?? Infinity;
  let text = '';
  for await (const chunk of chunks) {
    options.seen?.(chunk);
    text += marker.push(chunk);
    if (text.length > limit) throw tooLargeText(options.name, limit);
  }
  text += marker.end();
  if (text.length > limit) throw tooLargeText(options.name, limit);
  return { text, longLines: marker.longLines };
}

function tooLargeText(name: string, limit: number): StudioError {
  const mib = Math.round(limit / (1024 * 1024));
  return new StudioError('forbidden', `Too large to read as text: ${name} holds more than ${mib} Mi characters besides its lines too long to read`);
}
