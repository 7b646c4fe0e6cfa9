// Dataset files as text, saying which lines were not UTF-8 (SPEC §1: every file is). Decoding
// alone would put U+FFFD in place of the bad bytes, silently: a task saved in Latin-1 would load
// with "Caf\uFFFD" for "Café" and match nothing. Each such line is decoded the same way but
// marked (NOT_UTF8_MARK), so whoever reads the text, here or in the browser, reports the line.
import { isUtf8 } from 'node:buffer';
import { MAX_LINE_LENGTH, NOT_UTF8_MARK } from '../../shared/format/jsonl';

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
 * A line longer than this many bytes is longer than MAX_LINE_LENGTH in any case (a UTF-8 byte
 * sequence is at most 3 bytes per UTF-16 unit), so the line reader counts it and skips it
 * whatever it holds: its bytes are passed on without waiting for its end.
 */
const LONGEST_KEPT_LINE_BYTES = 3 * MAX_LINE_LENGTH;

/**
 * Chunks of bytes as chunks of text (decodeMarked), each cut after a line break so that no line
 * is judged in two parts (nor a character cut in two). The bytes of a line still open are kept as
 * they came and joined once, when its end comes (a long line is not copied again at every chunk).
 */
export async function* markedTextChunks(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    const newline = chunk.lastIndexOf(NEWLINE);
    if (newline === -1 && pendingBytes + chunk.length <= LONGEST_KEPT_LINE_BYTES) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      continue;
    }
    const cut = newline === -1 ? chunk.length : newline + 1;
    pending.push(chunk.subarray(0, cut));
    yield decodeMarked(Buffer.concat(pending));
    const rest = chunk.subarray(cut);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
  }
  if (pendingBytes > 0) yield decodeMarked(Buffer.concat(pending));
}
