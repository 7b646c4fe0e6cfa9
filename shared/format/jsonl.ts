// Streaming JSONL: chunks of text in, numbered lines out, with a cap on line length so one
// huge line cannot exhaust memory (the rest of the file still loads).

export const MAX_LINE_LENGTH = 16 * 1024 * 1024;

export type JsonlLine =
  | { kind: 'line'; lineNumber: number; text: string }
  /** Longer than the cap: counted by the splitter, or in text a host's reader marked so (TOO_LONG_MARK). */
  | { kind: 'too-long'; lineNumber: number; length: number; limit: number }
  /**
   * Bytes that are not UTF-8 (SPEC §1): seen in the bytes (splitByteLines), or in text a reader
   * marked so (NOT_UTF8_MARK).
   */
  | { kind: 'not-utf8'; lineNumber: number };

/**
 * Text read from a file has lost its bytes: the hosts' readers (services/utf8-text.ts) put this
 * before each line whose bytes are not UTF-8, decoded with U+FFFD in their place. It is a lone
 * low surrogate, which no decoding of UTF-8 gives, so readers of the text (the loader, here and
 * in the browser) can say which line it was.
 */
export const NOT_UTF8_MARK = '\udc80';

/**
 * The hosts' readers put a line made of this, the line's length and the limit in place of a line
 * longer than they read (`\udc81700000000/16777216`, tooLongLine): its bytes are skipped, not
 * sent, and the lines after it keep their numbers. A lone surrogate too, so no file's text has it.
 */
export const TOO_LONG_MARK = '\udc81';

/** The line a host's reader gives in place of a line of `length` UTF-16 units, past `limit`. */
export function tooLongLine(length: number, limit: number): string {
  return `${TOO_LONG_MARK}${length}/${limit}`;
}

const TOO_LONG_LINE = /^\udc81(\d+)\/(\d+)$/u;

/** A lone surrogate: the text holds a marked line (no decoded UTF-8 has one). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Whether text read from a file was read whole: nothing marked (NOT_UTF8_MARK, TOO_LONG_MARK). */
export function isUtf8Text(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** What a host's reader marked this line as (not UTF-8, or in place of a line too long), or null: read as it is. */
export function markedLine(text: string, lineNumber: number): Exclude<JsonlLine, { kind: 'line' }> | null {
  if (isUtf8Text(text)) return null;
  const tooLong = TOO_LONG_LINE.exec(text);
  return tooLong ? { kind: 'too-long', lineNumber, length: Number(tooLong[1]), limit: Number(tooLong[2]) } : { kind: 'not-utf8', lineNumber };
}

/** The line of `text` that holds offset `at`: its number and where it starts. */
function lineAt(text: string, at: number): { lineNumber: number; start: number } {
  let lineNumber = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    lineNumber++;
    start = i + 1;
  }
  return { lineNumber, start };
}

/** The first line of `text` a host's reader marked (markedLine), or null when none was. */
export function firstMarkedLine(text: string): Exclude<JsonlLine, { kind: 'line' }> | null {
  const at = text.search(LONE_SURROGATE);
  if (at === -1) return null;
  const { lineNumber, start } = lineAt(text, at);
  const end = text.indexOf('\n', at);
  return markedLine(text.slice(start, end === -1 ? text.length : end), lineNumber);
}

/** The number of the first line of `text` that was not UTF-8 (NOT_UTF8_MARK), or 0 when all were. */
export function firstNonUtf8Line(text: string): number {
  const at = text.indexOf(NOT_UTF8_MARK);
  return at === -1 ? 0 : lineAt(text, at).lineNumber;
}

/** The numbers of the lines of `text` that were not UTF-8 (marked with NOT_UTF8_MARK; not those in place of a line too long). */
export function notUtf8LineNumbers(text: string): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.startsWith(NOT_UTF8_MARK)) lines.push(index + 1);
  });
  return lines;
}

/**
 * A file's text with the given lines marked as not UTF-8 (datasets.readVersioned's notUtf8Lines),
 * for a reader that should name them; never to be written back.
 */
export function markNotUtf8Lines(text: string, lines: readonly number[] | undefined): string {
  if (!lines?.length) return text;
  const marked = new Set(lines);
  return text
    .split('\n')
    .map((line, index) => (marked.has(index + 1) ? NOT_UTF8_MARK + line : line))
    .join('\n');
}

/** What is said of a line that is not read, where its file's problems are listed (`skipped`: the rest of the file is read). */
export function unreadLineMessage(line: Exclude<JsonlLine, { kind: 'line' }>, skipped = true): string {
  const why = line.kind === 'too-long' ? `line of ${line.length.toLocaleString('en-US')} characters, past the limit of ${line.limit.toLocaleString('en-US')}` : 'not UTF-8 (every file is, SPEC §1): bytes of this line are not';
  return skipped ? `${why}; skipped` : why;
}

/** Cuts text, chunk by chunk, into numbered lines; a line past the cap is counted, not kept. */
class LineSplitter {
  private pending = '';
  private pendingTooLong = false;
  private pendingLength = 0;
  private lineNumber = 0;

  constructor(private readonly maxLineLength: number) {}

  /** Adds the lines this chunk completes to `out`. */
  push(chunk: string, out: JsonlLine[]): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      const piece = newline === -1 ? chunk.slice(start) : chunk.slice(start, newline);
      this.pendingLength += piece.length;
      if (!this.pendingTooLong) {
        if (this.pendingLength > this.maxLineLength) {
          this.pendingTooLong = true;
          this.pending = '';
        } else this.pending += piece;
      }
      if (newline === -1) return;
      out.push(this.finish());
      start = newline + 1;
    }
  }

  /** Adds the last line, when the text does not end with a line break. */
  end(out: JsonlLine[]): void {
    if (this.pendingLength > 0 || this.pendingTooLong) out.push(this.finish());
  }

  private finish(): JsonlLine {
    const lineNumber = ++this.lineNumber;
    const line: JsonlLine = this.pendingTooLong
      ? { kind: 'too-long', lineNumber, length: this.pendingLength, limit: this.maxLineLength }
      : (markedLine(this.pending, lineNumber) ?? { kind: 'line', lineNumber, text: this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending });
    this.pending = '';
    this.pendingTooLong = false;
    this.pendingLength = 0;
    return line;
  }
}

/**
 * The lines each chunk completes, as one array (the last line with the last batch): a caller that
 * loops over a batch awaits once per chunk, not once per line (per-line awaits cost more than
 * parsing the line when a dataset's tasks and ground truth are read).
 */
export async function* splitLineBatches(chunks: AsyncIterable<string> | Iterable<string>, maxLineLength = MAX_LINE_LENGTH): AsyncGenerator<JsonlLine[]> {
  const splitter = new LineSplitter(maxLineLength);
  for await (const chunk of chunks) {
    const lines: JsonlLine[] = [];
    splitter.push(chunk, lines);
    if (lines.length > 0) yield lines;
  }
  const last: JsonlLine[] = [];
  splitter.end(last);
  if (last.length > 0) yield last;
}

export async function* splitLines(chunks: AsyncIterable<string> | Iterable<string>, maxLineLength = MAX_LINE_LENGTH): AsyncGenerator<JsonlLine> {
  for await (const lines of splitLineBatches(chunks, maxLineLength)) yield* lines;
}

/** Whole text's lines, for callers that already hold the file. */
export function linesOfText(text: string, maxLineLength = MAX_LINE_LENGTH): JsonlLine[] {
  const splitter = new LineSplitter(maxLineLength);
  const lines: JsonlLine[] = [];
  splitter.push(text, lines);
  splitter.end(lines);
  return lines;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A line left to another reader (splitByteLines' `keep`): only its number. */
export interface PassedLine {
  kind: 'passed';
  lineNumber: number;
}

/**
 * Decodes bytes[start, end) as UTF-8, keeping a byte-order mark (the caller drops it where
 * allowed); null when they are not UTF-8.
 */
export type Utf8Decode<B extends Uint8Array> = (bytes: B, start: number, end: number) => string | null;

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
    const measured = end - start > maxLineLength ? decode(bytes, start, end) : '';
    if (measured === null) yield { kind: 'not-utf8', lineNumber };
    else if (measured.length > maxLineLength) yield { kind: 'too-long', lineNumber, length: measured.length, limit: maxLineLength };
    else {
      const text = decode(bytes, start, end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end);
      yield text === null ? { kind: 'not-utf8', lineNumber } : { kind: 'line', lineNumber, text };
    }
    start = end + 1;
  }
}
