// The scoring workers split a chunk's bytes into lines with Node's decoder (bufferUtf8): the same
// lines as splitting the chunk's decoded text (shared/format/jsonl.test.ts checks the rule with
// the web's TextDecoder; this checks it with the decoder the workers use).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitByteLines, splitLines, type JsonlLine } from '../../../shared/format/jsonl';
import { bufferUtf8 } from './batch-evaluator';

const pieces = fc.oneof(
  fc.constantFrom([0x0a], [0x0d], [0x0d, 0x0a], [0xef, 0xbb, 0xbf], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff]),
  fc.uint8Array({ maxLength: 6 }).map((bytes) => [...bytes]),
);

describe('splitByteLines with Buffer decoding', () => {
  it('gives the lines of the whole chunk decoded at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { maxLength: 50 }), fc.integer({ min: 1, max: 12 }), async (parts, max) => {
        const bytes = Buffer.from(parts.flat());
        const expected: JsonlLine[] = [];
        for await (const line of splitLines([bytes.toString('utf8')], max)) expected.push(line);
        expect([...splitByteLines(bytes, bufferUtf8, max)]).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
