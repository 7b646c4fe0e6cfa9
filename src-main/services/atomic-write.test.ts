import { chmod, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from './atomic-write';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studio-atomic-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o7777;

describe('writeFileAtomic', () => {
  it.each([0o600, 0o640, 0o644, 0o755, 0o664])('keeps the mode %o of the file it replaces', async (mode) => {
    const file = path.join(dir, 'annotations.jsonl');
    await writeFile(file, 'old\n');
    await chmod(file, mode);
    await writeFileAtomic(file, 'new\n');
    expect(await readFile(file, 'utf8')).toBe('new\n');
    expect(await modeOf(file)).toBe(mode);
    expect(await readdir(dir)).toEqual(['annotations.jsonl']);
  });

  it('gives a new file the usual mode (0666 less the umask)', async () => {
    const file = path.join(dir, 'sub', 'new.json');
    await writeFileAtomic(file, '{}');
    const umask = process.umask();
    expect(await modeOf(file)).toBe(0o666 & ~umask);
  });

  it('fsyncs the file before the rename and the folder after it', async () => {
    const file = path.join(dir, 'ground_truth.jsonl');
    await writeFile(file, 'old\n');
    // Observe (not replace) FileHandle.sync: what each call synced, and what the target held then.
    const probe = await open(file, 'r');
    const prototype = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
    await probe.close();
    const original = prototype.sync;
    const synced: { kind: string; target: string }[] = [];
    vi.spyOn(prototype, 'sync').mockImplementation(async function (this: Awaited<ReturnType<typeof open>>) {
      const kind = (await this.stat()).isDirectory() ? 'folder' : 'file';
      synced.push({ kind, target: await readFile(file, 'utf8') });
      return original.call(this);
    });
    await writeFileAtomic(file, 'new\n');
    expect(synced).toEqual([
      { kind: 'file', target: 'old\n' },
      { kind: 'folder', target: 'new\n' },
    ]);
  });

  it('returns the stat of what it wrote, taken before the rename: the file as it left it, whatever the path holds after', async () => {
    const file = path.join(dir, 'alice.jsonl');
    await writeFile(file, 'old\n');
    const written = await writeFileAtomic(file, 'new line\n');
    const now = await stat(file);
    expect([written.ino, written.size, written.mtimeMs]).toEqual([now.ino, now.size, now.mtimeMs]);
    await writeFile(file, ''); // another program empties it: what was written is still what the stat says
    expect(written.size).toBe('new line\n'.length);
  });

  it('leaves the target as it was, and no temporary file, when the check before the rename refuses', async () => {
    const file = path.join(dir, 'alice.jsonl');
    await writeFile(file, 'theirs\n');
    const refused = writeFileAtomic(file, 'ours\n', async () => {
      throw new Error('moved');
    });
    await expect(refused).rejects.toThrow('moved');
    expect(await readFile(file, 'utf8')).toBe('theirs\n');
    expect(await readdir(dir)).toEqual(['alice.jsonl']);
  });
});
