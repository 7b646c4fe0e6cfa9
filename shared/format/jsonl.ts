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
