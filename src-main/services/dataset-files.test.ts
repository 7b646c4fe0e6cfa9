import { readFile, readdir, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { listDatasetFiles, readDatasetText, writeDatasetText } from './dataset-files';

let temp: TempDataset;
let root: string;

beforeEach(async () => {
  temp = await makeTempDataset({
    'tasks.jsonl': '{"id":"t1"}\n',
    'trajectories/b/run.jsonl': 'b',
    'trajectories/a.jsonl': 'aa',
    'trajectories/\u{1F600}.jsonl': 'astral',
    'trajectories/\uFF5E.jsonl': 'bmp-high',
  });
  root = await realpath(temp.root);
});
afterEach(() => temp.cleanup());

describe('dataset files', () => {
  it('reads text files', async () => {
    await expect(readDatasetText(root, 'tasks.jsonl')).resolves.toBe('{"id":"t1"}\n');
  });

  it('lists a folder recursively in code-point order with sizes', async () => {
    const files = await listDatasetFiles(root, 'trajectories');
    // U+FF5E sorts before U+1F600 by code point, though not by UTF-16 code unit.
    expect(files).toEqual([
      { path: 'trajectories/a.jsonl', size: 2 },
      { path: 'trajectories/b/run.jsonl', size: 1 },
      { path: 'trajectories/\uFF5E.jsonl', size: 8 },
      { path: 'trajectories/\u{1F600}.jsonl', size: 6 },
    ]);
  });

  it('leaves symlinks that point out of the dataset out of listings', async () => {
    await symlink(temp.secretFile, path.join(root, 'trajectories', 'leak.jsonl'));
    const files = await listDatasetFiles(root, 'trajectories');
    expect(files.map((file) => file.path)).not.toContain('trajectories/leak.jsonl');
  });

  it('writes atomically, creating folders and leaving no temporary file', async () => {
    const written = await writeDatasetText(root, 'annotations/ann-1.jsonl', 'line 1\n');
    expect(written).toEqual({ path: 'annotations/ann-1.jsonl', size: 7 });
    await writeDatasetText(root, 'annotations/ann-1.jsonl', 'line 1\nline 2\n');
    expect(await readFile(path.join(root, 'annotations/ann-1.jsonl'), 'utf8')).toBe('line 1\nline 2\n');
    expect(await readdir(path.join(root, 'annotations'))).toEqual(['ann-1.jsonl']);
  });

  it('refuses to write outside the dataset', async () => {
    await expect(writeDatasetText(root, '../escaped.txt', 'x')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(readdir(temp.base)).resolves.not.toContain('escaped.txt');
  });
});
