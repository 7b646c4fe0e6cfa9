// Text of dataset files with the lines that are not UTF-8 marked, whole or in chunks cut anywhere.
import { describe, expect, it } from 'vitest';
import { linesOfText, NOT_UTF8_MARK, splitLines, tooLongLine } from '../../shared/format/jsonl';
import { decodeMarked, LongLineMarker, markedTextChunks, readLongLinesMarked } from './utf8-text';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function collect<T>(chunks: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

async function* inPieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('decodeMarked', () => {
  it('decodes UTF-8 as it is, emoji and all', () => {
    expect(decodeMarked(utf8('{"a":"Café 😀"}\n{"b":1}\n'))).toBe('{"a":"Café 😀"}\n{"b":1}\n');
  });

  it('marks each line whose bytes are not UTF-8, and only those', () => {
    const bytes = Buffer.concat([utf8('{"a":"Café"}\n'), latin1('{"b":"Café"}\n'), utf8('{"c":1}')]);
    const text = decodeMarked(bytes);
    expect(text).toBe(`{"a":"Café"}\n${NOT_UTF8_MARK}{"b":"Caf\uFFFD"}\n{"c":1}`);
    expect(linesOfText(text).map((line) => line.kind)).toEqual(['line', 'not-utf8', 'line']);
  });
});

describe('markedTextChunks', () => {
  it('gives the same lines wherever the chunks are cut, inside a character too', async () => {
    // é is C3 A9 and 😀 four bytes: a cut at every byte falls inside them.
    const bytes = Buffer.concat([utf8('{"a":"Café 😀"}\r\n'), latin1('{"b":"Café"}\n'), utf8('{"c":"é"}')]);
    const whole = await collect(splitLines(markedTextChunks(inPieces(bytes, bytes.length))));
    expect(whole).toEqual([
      { kind: 'line', lineNumber: 1, text: '{"a":"Café 😀"}' },
      { kind: 'not-utf8', lineNumber: 2 },
      { kind: 'line', lineNumber: 3, text: '{"c":"é"}' },
    ]);
    for (const size of [1, 2, 3, 5, 7]) expect(await collect(splitLines(markedTextChunks(inPieces(bytes, size)))), `pieces of ${size}`).toEqual(whole);
  });

  it('gives nothing for no bytes', async () => {
    expect(await collect(markedTextChunks(inPieces(Buffer.alloc(0), 4)))).toEqual([]);
  });
});

describe('LongLineMarker', () => {
  const read = async (bytes: Buffer, size: number, maxLineLength: number) => readLongLinesMarked(inPieces(bytes, size), { name: 'tasks.jsonl', maxLineLength });

  it('gives a line past the cap as its mark, the same wherever the chunks are cut; the lines after keep their numbers', async () => {
    // Line 2: 11 units in 12 bytes (é); line 3: 10 units in 18 bytes (within the cap of 10 though past it in bytes); line 4 not UTF-8; line 6: each 😀 is 2 units, and \r one.
    const bytes = Buffer.concat([utf8('{"a":1}\n"abcdefghé"\n"éééééééé"\n'), latin1('"é"\n'), utf8('\n"😀😀😀😀😀"\r\n{"b":2}')]);
    const expected = `{"a":1}\n${tooLongLine(11, 10)}\n"éééééééé"\n${NOT_UTF8_MARK}"\uFFFD"\n\n${tooLongLine(13, 10)}\n{"b":2}`;
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const { text, longLines } = await read(bytes, size, 10);
      expect(text, `pieces of ${size}`).toBe(expected);
      expect(longLines).toEqual([2, 6]);
    }
    expect(linesOfText(expected).map((line) => (line.kind === 'line' ? line.text : line))).toEqual([
      '{"a":1}',
      { kind: 'too-long', lineNumber: 2, length: 11, limit: 10 },
      '"éééééééé"',
      { kind: 'not-utf8', lineNumber: 4 },
      '',
      { kind: 'too-long', lineNumber: 6, length: 13, limit: 10 },
      '{"b":2}',
    ]);
  });

  it('gives the text as it is when no line is past the cap, and a last line too long without its line break', async () => {
    const bytes = utf8('{"a":"Café 😀"}\n{"b":1}\n');
    expect((await read(bytes, 4, 100)).text).toBe(bytes.toString('utf8'));
    expect((await read(utf8('{}\n0123456789ab'), 3, 10)).text).toBe(`{}\n${tooLongLine(12, 10)}`);
    const marker = new LongLineMarker(4);
    expect(marker.push(utf8('12345'))).toBe('');
    expect(marker.end()).toBe(tooLongLine(5, 4));
  });

  it('refuses text past its limit, counted on the text it gives (a line too long counts as its mark)', async () => {
    const bytes = utf8(`${'x'.repeat(100)}\n{"a":1}\n`);
    expect((await readLongLinesMarked(inPieces(bytes, 16), { name: 'tasks.jsonl', maxLineLength: 50, maxTextLength: 30 })).text).toBe(`${tooLongLine(100, 50)}\n{"a":1}\n`);
    await expect(readLongLinesMarked(inPieces(bytes, 16), { name: 'tasks.jsonl', maxLineLength: 200, maxTextLength: 30 })).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('Too large to read as text: tasks.jsonl'),
    });
  });
});
