// A few hundred fuzz cases in every unit-test run (npm run fuzz runs 10,000): malformed dataset
// folders and command lines never crash the loader, the evaluation or egostudio, and every
// problem they report names its file and line.
import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCase, type FuzzCase } from './cases';
import { runCase } from './run-case';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'egostudio-fuzz-'));
  process.env.XDG_CACHE_HOME = path.join(base, 'cache'); // egostudio evaluate's score cache
});
afterAll(() => rm(base, { recursive: true, force: true }));

const HANG_SECONDS = 10;
const describeCase = (c: FuzzCase) => JSON.stringify(c, (_, v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}... (${v.length} chars)` : v));

describe('fuzz', () => {
  it('malformed folders and command lines: no crash, no hang, every problem located', async () => {
    let n = 0;
    const failures: object[] = [];
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (fuzz) => {
        const dir = path.join(base, `case-${n++}`);
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`hang: more than ${HANG_SECONDS} s`)), HANG_SECONDS * 1000);
        });
        const result = await Promise.race([runCase(dir, fuzz), hang]).finally(() => clearTimeout(timer));
        if (result.crash || result.unlocated.length > 0) failures.push({ case: describeCase(fuzz), ...result });
        return !result.crash && result.unlocated.length === 0;
      }),
      { reporter: () => undefined, numRuns: Number(process.env.FUZZ_CASES ?? 200), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    expect(failures.slice(0, 3)).toEqual([]);
  }, 600_000);
});
