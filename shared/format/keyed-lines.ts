// Setting a few lines of a JSONL file that teams keep in git or a synced folder: the lines changed
// are replaced where they are (new ones go at the end), and every other line, blank lines, order and
// line endings stay byte for byte, so a diff shows the one line changed. A line to change that the
// file holds twice, or inside a git merge conflict, is refused: whichever were written, the other
// would be lost unseen.
import { mergeConflictBlocks } from './merge-conflict';

export interface Line {
  body: string;
  end: string;
}

/** The file's lines with their own endings ('\n', '\r\n', or '' for a last line without one). */
export function linesWithEndings(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const stop = newline === -1 ? text.length : newline;
    const crlf = stop > start && text[stop - 1] === '\r';
    lines.push({ body: text.slice(start, crlf ? stop - 1 : stop), end: newline === -1 ? '' : crlf ? '\r\n' : '\n' });
    start = stop + 1;
  }
  return lines;
}

/** What becomes of a key's line: given the file's line (null: none), the line to write (null: none). */
export type LineChange = (current: string | null) => string | null;

export type KeyedLinesResult = { ok: true; text: string } | { ok: false; conflict: string };

/**
 * `text` with the lines of the keys in `changes` set: `keyOf` names a line's key (null: not one to
 * change; `index` counts from 0). Lines added take the file's first line's ending. `name` says a
 * key in a refusal (`task "t1"`).
 */
export function setKeyedLines(
  text: string | null,
  keyOf: (body: string, index: number) => string | null,
  changes: ReadonlyMap<string, LineChange>,
  name: (key: string) => string,
): KeyedLinesResult {
  const lines = linesWithEndings(text ?? '');
  const eol = lines[0]?.end || '\n';
  const at = new Map<string, number[]>();
  lines.forEach(({ body }, index) => {
    const key = body.trim() === '' ? null : keyOf(body, index);
    if (key !== null && changes.has(key)) at.set(key, [...(at.get(key) ?? []), index]);
  });
  const blocks = mergeConflictBlocks(lines.map((line) => line.body));
  for (const [key, indexes] of at) {
    const numbers = indexes.map((index) => index + 1);
    if (numbers.length > 1) return { ok: false, conflict: `${name(key)} has ${numbers.length} lines in the file (lines ${numbers.join(', ')}); keep one, then try again` };
    const block = blocks.find(({ first, last }) => numbers[0] > first && numbers[0] < last);
    if (block) return { ok: false, conflict: `${name(key)} is at line ${numbers[0]}, inside an unresolved git merge conflict (lines ${block.first}-${block.last}); resolve it, then try again` };
  }
  const keyAt = new Map([...at].map(([key, [index]]) => [index, key]));
  const out: Line[] = [];
  lines.forEach((line, index) => {
    const key = keyAt.get(index);
    if (key === undefined) return out.push(line);
    const body = changes.get(key)!(line.body);
    if (body !== null) out.push({ body, end: line.end });
  });
  for (const [key, change] of changes) {
    if (at.has(key)) continue;
    const body = change(null);
    if (body === null) continue;
    if (out.length > 0 && out[out.length - 1].end === '') out[out.length - 1] = { ...out[out.length - 1], end: eol };
    out.push({ body, end: eol });
  }
  return { ok: true, text: out.map((line) => line.body + line.end).join('') };
}
