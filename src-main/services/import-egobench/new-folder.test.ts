import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeNewFolder } from './new-folder';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'studio-new-folder-'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('writeNewFolder: the dataset appears whole or not at all', () => {
  it('writes into a hidden folder beside the target and renames it at the end (a new folder, or an empty one)', async () => {
    const target = path.join(base, 'parent', 'new');
    let seen: string[] = [];
    await writeNewFolder(target, async (folder) => {
      expect(path.dirname(folder)).toBe(path.dirname(target));
      expect(path.basename(folder)).toMatch(/^\.new\.importing-/);
      await writeFile(path.join(folder, 'dataset.json'), '{}');
      seen = await readdir(path.dirname(target));
    });
    expect(seen).toHaveLength(1); // only the hidden folder while it ran
    expect(await readdir(path.dirname(target))).toEqual(['new']);
    expect(await readFile(path.join(target, 'dataset.json'), 'utf8')).toBe('{}');
    const empty = path.join(base, 'empty');
    await mkdir(empty);
    await writeNewFolder(empty, (folder) => writeFile(path.join(folder, 'dataset.json'), '{}'));
    expect(await readdir(empty)).toEqual(['dataset.json']);
  });

  it('leaves nothing when the write fails midway: no target, no hidden folder', async () => {
    const target = path.join(base, 'out');
    const failure = await writeNewFolder(target, async (folder) => {
      await mkdir(path.join(folder, 'scenarios'));
      await writeFile(path.join(folder, 'dataset.json'), '{}');
      throw new Error('Not a dataset-relative path');
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toBe('Not a dataset-relative path');
    expect(await readdir(base)).toEqual([]);
  });

  it('does not rename over a folder written to meanwhile: says so, keeps what is there, removes its own', async () => {
    const target = path.join(base, 'out');
    await mkdir(target);
    const failure = await writeNewFolder(target, async (folder) => {
      await writeFile(path.join(folder, 'dataset.json'), '{"id": "import"}');
      await writeFile(path.join(target, 'someone-else.txt'), 'mine');
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toContain(`${target} is not empty any more`);
    expect(await readdir(base)).toEqual(['out']);
    expect(await readdir(target)).toEqual(['someone-else.txt']);
  });
});
