// Text of dataset files with the lines that are not UTF-8 marked, whole or in chunks cut anywhere.
import { describe, expect, it } from 'vitest';
import { linesOfText, NOT_UTF8_MARK, splitLines } from '../../shared/format/jsonl';
import { decodeMarked, markedTextChunks } from './utf8-text';

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
