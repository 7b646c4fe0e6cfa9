import { readFile, readdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { markNotUtf8Lines, NOT_UTF8_MARK } from '../../shared/format/jsonl';
import { appendDatasetLinesIfUnchanged, listDatasetFiles, readDatasetText, readDatasetVersioned, writeDatasetText, writeDatasetTextIfUnchanged } from './dataset-files';

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

  it("refuses a folder read as a file by name (the studio's loader then says so), not as missing", async () => {
    await expect(readDatasetText(root, 'trajectories/b')).rejects.toMatchObject({ code: 'forbidden', message: 'trajectories/b is a folder, not a file' });
    await expect(readDatasetText(root, 'ground_truth.jsonl')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('marks a line that is not UTF-8 for reading, never for rewriting; an append keeps its bytes, a rewrite is refused', async () => {
    const file = path.join(root, 'ground_truth.jsonl');
    const latin1 = Buffer.concat([Buffer.from('{"task_id":"t1"}\n'), Buffer.from('{"task_id":"café"}\n', 'latin1')]);
    await writeFile(file, latin1);
    expect(await readDatasetText(root, 'ground_truth.jsonl')).toBe(`{"task_id":"t1"}\n${NOT_UTF8_MARK}{"task_id":"caf\uFFFD"}\n`);
    const { text, hash, notUtf8Lines } = await readDatasetVersioned(root, 'ground_truth.jsonl');
    expect(text).toBe('{"task_id":"t1"}\n{"task_id":"caf\uFFFD"}\n');
    expect(notUtf8Lines).toEqual([2]); // the lines a reader names (markNotUtf8Lines), the text unmarked
    expect(markNotUtf8Lines(text!, notUtf8Lines)).toBe(await readDatasetText(root, 'ground_truth.jsonl'));
    // The hash is of the bytes: the same file with another byte in place of é (both U+FFFD as text) is another version.
    await writeFile(file, Buffer.from(latin1.toString('latin1').replace('é', 'è'), 'latin1'));
    expect((await readDatasetVersioned(root, 'ground_truth.jsonl')).hash).not.toBe(hash);
    await writeFile(file, latin1);
    // A rewrite from the text would put U+FFFD in the file for good: refused, naming the line; the bytes stay.
    await expect(writeDatasetTextIfUnchanged(root, 'ground_truth.jsonl', `${text}{"task_id":"t2"}\n`, hash)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('ground_truth.jsonl: line 2 is not UTF-8'),
    });
    expect(await readFile(file)).toEqual(latin1);
    // An append keeps the old bytes as they are (the line is still reported), then the new line.
    const appended = await appendDatasetLinesIfUnchanged(root, 'ground_truth.jsonl', '{"task_id":"t2"}\n', hash);
    expect(await readFile(file)).toEqual(Buffer.concat([latin1, Buffer.from('{"task_id":"t2"}\n')]));
    expect(appended.hash).toBe((await readDatasetVersioned(root, 'ground_truth.jsonl')).hash);
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

  it('lists a folder that is not there as empty (reviews/ before the first review), a file as no folder', async () => {
    expect(await listDatasetFiles(root, 'reviews')).toEqual([]);
    await expect(listDatasetFiles(root, 'tasks.jsonl')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('leaves symlinks that point out of the dataset out of listings', async () => {
    await symlink(temp.secretFile, path.join(root, 'trajectories', 'leak.jsonl'));
    const files = await listDatasetFiles(root, 'trajectories');
    expect(files.map((file) => file.path)).not.toContain('trajectories/leak.jsonl');
  });

  it('lists a symlinked folder, inside or out, as a link without following it (its path ends in /)', async () => {
    await writeDatasetText(root, 'shared/kitchen/schema.sql', 'CREATE TABLE k(a);');
    await writeDatasetText(root, 'scenarios/shop/schema.sql', 'CREATE TABLE s(a);');
    await symlink(temp.base, path.join(root, 'scenarios', 'retail')); // out of the dataset
    await symlink('../shared/kitchen', path.join(root, 'scenarios', 'kitchen')); // inside it
    await symlink('../shared/kitchen/schema.sql', path.join(root, 'scenarios', 'linked.sql')); // a file inside
    await symlink(temp.secretFile, path.join(root, 'scenarios', 'secret.sql')); // a file outside
    await symlink('../nowhere', path.join(root, 'scenarios', 'dangling'));
    expect(await listDatasetFiles(root, 'scenarios')).toEqual([
      { path: 'scenarios/kitchen/', size: 0, link: 'folder' },
      { path: 'scenarios/linked.sql', size: 18 },
      { path: 'scenarios/retail/', size: 0, link: 'folder' },
      { path: 'scenarios/shop/schema.sql', size: 18 },
    ]);
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

  it("says a write's file-system failure with the dataset's path, never the host's absolute one", async () => {
    await symlink(path.join(root, 'gone'), path.join(root, 'reviews')); // a broken link where a folder belongs
    const failures = [
      await writeDatasetText(root, 'reviews/rita.jsonl', 'x').catch((error: unknown) => error),
      await appendDatasetLinesIfUnchanged(root, 'reviews/rita.jsonl', 'x\n', null).catch((error: unknown) => error),
      await writeDatasetTextIfUnchanged(root, `annotations/${'a'.repeat(300)}.jsonl`, 'x', null).catch((error: unknown) => error),
    ] as Error[];
    expect(failures.map((f) => f.message)).toEqual([
      'reviews/rita.jsonl could not be written: a folder on its way is missing or a broken link; make it a folder in the dataset (ENOENT)',
      'reviews/rita.jsonl could not be written: a folder on its way is missing or a broken link; make it a folder in the dataset (ENOENT)',
      `annotations/${'a'.repeat(300)}.jsonl could not be written: the name is too long for the dataset's file system (ENAMETOOLONG)`,
    ]);
    for (const failure of failures) {
      expect(failure).toMatchObject({ code: 'internal' }); // kept and tried again by the writers
      expect(failure.message).not.toContain(root);
    }
  });
});
