import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMarkedLine, linesOfText, NOT_UTF8_MARK, notUtf8LineNumbers, splitByteLines, splitLineBatches, splitLines, tooLongLine, type JsonlLine } from './jsonl';

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const decode = (bytes: Uint8Array, start: number, end: number) => utf8.decode(bytes.subarray(start, end));

async function textLines(text: string, max: number): Promise<JsonlLine[]> {
  const out: JsonlLine[] = [];
  for await (const line of splitLines([text], max)) out.push(line);
  return out;
}

/** Bytes that are mostly line parts: newlines, carriage returns, multi-byte and broken UTF-8, a byte-order mark. */
const pieces = fc.constantFrom(
  [0x0a], [0x0d], [0x0d, 0x0a], [0x61], [0x7b, 0x7d], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0xc3], [0xff], [0xe2, 0x82],
);

describe('splitByteLines', () => {
  it('gives the lines, numbers and too-long lengths splitLines gives for the decoded text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), async (parts, max) => {
        const bytes = Uint8Array.from(parts.flat());
        const decoded = utf8.decode(bytes);
        expect([...splitByteLines(bytes, decode, max)]).toEqual(await textLines(decoded, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a byte-order mark, drops a line end, and measures a long line in characters', () => {
    const bytes = new TextEncoder().encode('\uFEFF{"a":1}\r\n\n€€€€\nlast');
    expect([...splitByteLines(bytes, decode, 5)]).toEqual([
      { kind: 'too-long', lineNumber: 1, length: 9, limit: 5 },
      { kind: 'line', lineNumber: 2, text: '' },
      { kind: 'line', lineNumber: 3, text: '€€€€' },
      { kind: 'line', lineNumber: 4, text: 'last' },
    ]);
    expect([...splitByteLines(bytes, decode)][0]).toEqual({ kind: 'line', lineNumber: 1, text: '\uFEFF{"a":1}' });
  });
});

describe('splitByteLines with a decoder that checks', () => {
  const strict = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
  const checked = (bytes: Uint8Array, start: number, end: number) => {
    try {
      return strict.decode(bytes.subarray(start, end));
    } catch {
      return null;
    }
  };

  it('says which lines are not UTF-8, long ones too, and reads the others', () => {
    const bytes = Uint8Array.from([0x61, 0x0a, 0x62, 0xff, 0x0a, 0xe2, 0x82, 0xac, 0x0a, 0xc3, 0x0d, 0x0a, ...Array(8).fill(0x61), 0xc3]);
    expect([...splitByteLines(bytes, checked, 6)]).toEqual([
      { kind: 'line', lineNumber: 1, text: 'a' },
      { kind: 'not-utf8', lineNumber: 2 },
      { kind: 'line', lineNumber: 3, text: '€' },
      { kind: 'not-utf8', lineNumber: 4 },
      { kind: 'not-utf8', lineNumber: 5 },
    ]);
  });
});

describe('splitLineBatches and linesOfText', () => {
  const textPieces = fc.array(fc.constantFrom('\n', '\r', '\r\n', 'a', 'bc', '{}', 'é', '😀', '\uFEFF'), { maxLength: 40 });

  it('give the lines splitByteLines finds in the whole text, however the text is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(textPieces, { maxLength: 6 }), fc.integer({ min: 1, max: 8 }), async (chunkParts, max) => {
        const chunks = chunkParts.map((parts) => parts.join(''));
        const whole = [...splitByteLines(new TextEncoder().encode(chunks.join('')), decode, max)];
        const batched: JsonlLine[] = [];
        for await (const batch of splitLineBatches(chunks, max)) {
          expect(batch.length).toBeGreaterThan(0);
          batched.push(...batch);
        }
        expect(batched).toEqual(whole);
        const streamed: JsonlLine[] = [];
        for await (const line of splitLines(chunks, max)) streamed.push(line);
        expect(streamed).toEqual(whole);
        expect(linesOfText(chunks.join(''), max)).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });

  it('hand over the lines of a chunk together, the last line at the end', async () => {
    const batches: JsonlLine[][] = [];
    for await (const batch of splitLineBatches(['a\nb', 'c\nd\n', 'tail'])) batches.push(batch);
    expect(batches.map((batch) => batch.map((line) => (line.kind === 'line' ? line.text : line.kind)))).toEqual([['a'], ['bc', 'd'], ['tail']]);
  });
});

describe('lines a host marked', () => {
  const text = ['{"a":1}', tooLongLine(20_000_000, 16_777_216), `${NOT_UTF8_MARK}{"b":"\uFFFD"}`, '{"c":3}'].join('\n');

  it('the splitter gives a line too long at its number with its length and limit, and the lines after with theirs', () => {
    expect(linesOfText(text)).toEqual([
      { kind: 'line', lineNumber: 1, text: '{"a":1}' },
      { kind: 'too-long', lineNumber: 2, length: 20_000_000, limit: 16_777_216 },
      { kind: 'not-utf8', lineNumber: 3 },
      { kind: 'line', lineNumber: 4, text: '{"c":3}' },
    ]);
  });

  it('tells the marks apart: only a line marked as not UTF-8 is one', () => {
    expect(notUtf8LineNumbers(text)).toEqual([3]);
    expect(firstMarkedLine(text)).toEqual({ kind: 'too-long', lineNumber: 2, length: 20_000_000, limit: 16_777_216 });
    expect(firstMarkedLine(text.split('\n').slice(2).join('\n'))).toEqual({ kind: 'not-utf8', lineNumber: 1 });
    expect(firstMarkedLine('{"a":1}\n')).toBeNull();
  });
});
