import { describe, expect, it } from 'vitest';
import { setKeyedLines, type LineChange } from './keyed-lines';

const keyOf = (body: string) => /^(\w+)=/.exec(body)?.[1] ?? null;
const set = (text: string | null, changes: Record<string, LineChange>) => setKeyedLines(text, keyOf, new Map(Object.entries(changes)), (key) => `"${key}"`);
const to = (body: string | null): LineChange => () => body;

describe('setKeyedLines', () => {
  it('replaces a line in place, keeping the other lines, blank lines, order and endings byte for byte', () => {
    expect(set('c=1\r\n\r\na=1\n# x\nb=1', { a: to('a=2') })).toEqual({ ok: true, text: 'c=1\r\n\r\na=2\n# x\nb=1' });
  });

  it("appends a new line at the end with the first line's ending, and removes a line with its ending", () => {
    expect(set('b=1\r\nc=1', { a: to('a=1') })).toEqual({ ok: true, text: 'b=1\r\nc=1\r\na=1\r\n' });
    expect(set(null, { a: to('a=1') })).toEqual({ ok: true, text: 'a=1\n' });
    expect(set('a=1\nb=1\n', { a: to(null) })).toEqual({ ok: true, text: 'b=1\n' });
  });

  it('gives the change the line it replaces', () => {
    expect(set('a=1\n', { a: (current) => `${current}!` })).toEqual({ ok: true, text: 'a=1!\n' });
  });

  it('refuses a key the file holds twice, or inside a git merge conflict, and says which lines', () => {
    expect(set('a=1\nb=1\na=2\n', { a: to('a=3') })).toEqual({ ok: false, conflict: '"a" has 2 lines in the file (lines 1, 3); keep one, then try again' });
    const merged = ['b=1', '<<<<<<< HEAD', 'a=1', '=======', 'c=1', '>>>>>>> origin/main', ''].join('\n');
    expect(set(merged, { a: to('a=3') })).toEqual({ ok: false, conflict: '"a" is at line 3, inside an unresolved git merge conflict (lines 2-6); resolve it, then try again' });
    expect(set(merged, { b: to('b=2') })).toEqual({ ok: true, text: merged.replace('b=1', 'b=2') });
  });
});
