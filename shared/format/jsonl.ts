// Streaming JSONL: chunks of text in, numbered lines out, with a cap on line length so one
// huge line cannot exhaust memory (the rest of the file still loads).

export const MAX_LINE_LENGTH = 16 * 1024 * 1024;

export type JsonlLine =
  | { kind: 'line'; lineNumber: number; text: string }
  | { kind: 'too-long'; lineNumber: number; length: number };

export async function* splitLines(
  chunks: AsyncIterable<string> | Iterable<string>,
  maxLineLength = MAX_LINE_LENGTH,
): AsyncGenerator<JsonlLine> {
  let pending = '';
  let pendingTooLong = false;
  let pendingLength = 0;
  let lineNumber = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      const piece = newline === -1 ? chunk.slice(start) : chunk.slice(start, newline);
      pendingLength += piece.length;
      if (!pendingTooLong) {
        if (pendingLength > maxLineLength) {
          pendingTooLong = true;
          pending = '';
        } else pending += piece;
      }
      if (newline === -1) break;
      lineNumber++;
      yield finish(lineNumber);
      start = newline + 1;
    }
  }
  if (pendingLength > 0 || pendingTooLong) {
    lineNumber++;
    yield finish(lineNumber);
  }

  function finish(n: number): JsonlLine {
    const result: JsonlLine = pendingTooLong
      ? { kind: 'too-long', lineNumber: n, length: pendingLength }
      : { kind: 'line', lineNumber: n, text: pending.endsWith('\r') ? pending.slice(0, -1) : pending };
    pending = '';
    pendingTooLong = false;
    pendingLength = 0;
    return result;
  }
}

/** Whole text as chunks, for callers that already hold the file. */
export function linesOfText(text: string): AsyncGenerator<JsonlLine> {
  return splitLines([text]);
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A line left to another reader (splitByteLines' `keep`): only its number. */
export interface PassedLine {
  kind: 'passed';
  lineNumber: number;
}

/** Decodes bytes[start, end) as UTF-8, keeping a byte-order mark (the caller drops it where allowed). */
export type Utf8Decode<B extends Uint8Array> = (bytes: B, start: number, end: number) => string;

/**
 * splitLines for text still in UTF-8 bytes (a whole chunk read at once): each line is decoded
 * alone, so no string of the whole chunk is made (a megabyte string is a fresh large-object page
 * of memory for every chunk). Same lines, numbers and lengths as splitLines of the decoded text:
 * a line break is never inside a multi-byte sequence. The host's decoder is passed in (this layer
 * has neither Node's Buffer nor the web's TextDecoder in its types).
 */
export function splitByteLines<B extends Uint8Array>(bytes: B, decode: Utf8Decode<B>, maxLineLength?: number): Generator<JsonlLine>;
/** With `keep`: a line it turns down (its bytes [start, end), asked in order) is counted, not decoded. */
export function splitByteLines<B extends Uint8Array>(bytes: B, decode: Utf8Decode<B>, maxLineLength: number, keep: (start: number, end: number) => boolean): Generator<JsonlLine | PassedLine>;
export function* splitByteLines<B extends Uint8Array>(
  bytes: B,
  decode: Utf8Decode<B>,
  maxLineLength = MAX_LINE_LENGTH,
  keep?: (start: number, end: number) => boolean,
): Generator<JsonlLine | PassedLine> {
  let lineNumber = 0;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    lineNumber++;
    if (keep && !keep(start, end)) {
      yield { kind: 'passed', lineNumber };
      start = end + 1;
      continue;
    }
    // A UTF-8 line has at most as many UTF-16 units as bytes: only a long one is decoded to be measured.
    const length = end - start > maxLineLength ? decode(bytes, start, end).length : 0;
    if (length > maxLineLength) yield { kind: 'too-long', lineNumber, length };
    else yield { kind: 'line', lineNumber, text: decode(bytes, start, end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end) };
    start = end + 1;
  }
}
