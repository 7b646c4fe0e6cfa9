import { mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFolders } from './make-folders';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'make-folders-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('makeFolders', () => {
  it('makes every missing folder on the way, and is done when they exist', async () => {
    const deep = path.join(root, 'a', 'b', 'c');
    await makeFolders(deep);
    expect((await stat(deep)).isDirectory()).toBe(true);
    await makeFolders(deep);
    await makeFolders(root);
  });

  it('takes folders made meanwhile by a second call', async () => {
    const deep = path.join(root, 'x', 'y', 'z');
    await Promise.all([makeFolders(deep), makeFolders(deep), makeFolders(path.join(deep, 'w'))]);
    expect((await stat(path.join(deep, 'w'))).isDirectory()).toBe(true);
  });

  it('says ENOTDIR below a file and ENOENT below a dangling link', async () => {
    await writeFile(path.join(root, 'file'), '');
    await expect(makeFolders(path.join(root, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    await symlink(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    await expect(makeFolders(path.join(root, 'dangling', 'sub'))).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOENT|ENOTDIR)$/) });
  });

  // Node's recursive mkdir spins for ever on this path (procfs); the test would time out.
  it.runIf(existsSync('/proc/self'))('fails at once for a folder procfs cannot make', async () => {
    await expect(makeFolders('/proc/egostudio-no-such/sub')).rejects.toMatchObject({ code: 'ENOENT' });
    await symlink('/proc', path.join(root, 'proc'));
    await expect(makeFolders(path.join(root, 'proc', 'egostudio-no-such'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
