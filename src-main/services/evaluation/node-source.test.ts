// The CLI's reading of a dataset folder never follows a symlinked folder, wherever it leads;
// listDirLinks names such links so the loader can say why a scenario is missing.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeDatasetFolder } from '../../test-support/dataset-folder';
import { nodeDatasetSource } from './node-source';

let base: string;
let root: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'egostudio-node-source-'));
  root = path.join(base, 'dataset');
  await writeDatasetFolder(path.join(base, 'common'), { 'retail/schema.sql': 'CREATE TABLE x(a);', 'note.txt': 'outside' });
  await writeDatasetFolder(root, {
    'scenarios/shop/schema.sql': 'CREATE TABLE y(b);',
    'kept/kitchen/schema.sql': 'CREATE TABLE z(c);',
    'kept/file.sql': 'SELECT 1;',
  });
  await symlink('../../common/retail', path.join(root, 'scenarios', 'retail')); // out of the dataset
  await symlink('../kept/kitchen', path.join(root, 'scenarios', 'kitchen')); // inside it
  await symlink('../kept/file.sql', path.join(root, 'scenarios', 'file.sql')); // a file, inside
  await symlink('../../common/note.txt', path.join(root, 'scenarios', 'note.txt')); // a file, outside
  await symlink('../nowhere', path.join(root, 'scenarios', 'dangling'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('nodeDatasetSource and symlinked folders', () => {
  it('lists real folders only, and names the links to folders, inside or out', async () => {
    const source = nodeDatasetSource(root);
    expect(await source.listDirs('scenarios')).toEqual(['shop']);
    expect((await source.listDirLinks!('scenarios')).sort()).toEqual(['kitchen', 'retail']);
  });

  it('lists no file below a linked folder; a linked file inside the dataset still counts', async () => {
    const files = await nodeDatasetSource(root).listFiles('scenarios');
    expect(files).toEqual(expect.arrayContaining(['scenarios/file.sql', 'scenarios/shop/schema.sql']));
    expect(files.filter((file) => file.startsWith('scenarios/retail') || file.startsWith('scenarios/kitchen'))).toEqual([]);
  });

  it('has no links in a folder without any, nor in a missing one', async () => {
    const source = nodeDatasetSource(root);
    expect(await source.listDirLinks!('kept')).toEqual([]);
    expect(await source.listDirLinks!('missing')).toEqual([]);
  });
});

describe('nodeDatasetSource and a folder where a file is expected', () => {
  it('refuses it by name (the loader reports a refusal), where a missing file reads as null', async () => {
    const source = nodeDatasetSource(root);
    await expect(source.readText('kept')).rejects.toMatchObject({ code: 'forbidden', message: 'kept is a folder, not a file' });
    await expect(source.readChunks('kept')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await source.readText('no-such.jsonl')).toBeNull();
  });
});
