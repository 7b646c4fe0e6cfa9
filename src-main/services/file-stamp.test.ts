// A stamp vouches for a file only once its time lies a tick in the past (git's racily clean files).
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedWithinTick, fileStamp } from './file-stamp';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('file stamps', () => {
  it('count a tick of 100 ms, or 3 s for a time in whole seconds (a file system that keeps no finer)', () => {
    expect(changedWithinTick(10_000.5, 10_100)).toBe(true);
    expect(changedWithinTick(10_000.5, 10_101)).toBe(false);
    expect(changedWithinTick(10_000, 12_999)).toBe(true);
    expect(changedWithinTick(10_000, 13_001)).toBe(false);
    expect(changedWithinTick(20_000.5, 10_000)).toBe(true); // a time ahead of the clock vouches for nothing
  });

  it('give none for a file whose times are not a tick in the past, and size, times and inode for a settled one', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'egostudio-stamp-'));
    const file = path.join(dir, 'a.jsonl');
    await writeFile(file, '{}\n');
    const soon = new Date(Date.now() + 60_000); // not a tick in the past, whatever the speed of this test
    await utimes(file, soon, soon);
    expect(await fileStamp(file)).toBeNull();
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(file, hourAgo, hourAgo); // sets the change time to now
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { mtimeMs, ctimeMs, ino } = await stat(file);
    expect(await fileStamp(file)).toBe(`3:${mtimeMs}:${ctimeMs}:${ino}`);
    await expect(fileStamp(path.join(dir, 'missing'))).rejects.toThrow();
  });
});
