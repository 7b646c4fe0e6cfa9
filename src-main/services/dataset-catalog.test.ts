import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { DatasetCatalog, datasetIdFor } from './dataset-catalog';
import { RecentDatasets } from './recent-datasets';

let temp: TempDataset;
let catalog: DatasetCatalog;

beforeEach(async () => {
  temp = await makeTempDataset();
  // A folder without dataset.json is not a dataset.
  await mkdir(path.join(temp.datasetsDir, 'not-a-dataset'));
  catalog = new DatasetCatalog({ datasetsDir: temp.datasetsDir, recents: new RecentDatasets(temp.configDir) });
});
afterEach(() => temp.cleanup());

describe('DatasetCatalog', () => {
  it('lists folders under datasets/ that hold a dataset.json, named from it', async () => {
    const root = await realpath(temp.root);
    expect(await catalog.list()).toEqual([{ id: datasetIdFor(root), name: 'Tiny dataset', root, source: 'bundled' }]);
  });

  it('gives URL-host-safe, stable ids', async () => {
    expect(datasetIdFor('/x/My Data_Set!')).toMatch(/^my-data-set-[0-9a-f]{8}$/);
    expect(datasetIdFor('/x/a')).toBe(datasetIdFor('/x/a'));
    expect(datasetIdFor('/x/a')).not.toBe(datasetIdFor('/y/a'));
  });

  it('lists added folders first and remembers opened ones as recent', async () => {
    const other = path.join(temp.base, 'elsewhere');
    await mkdir(other);
    await writeFile(path.join(other, 'dataset.json'), '{"name": "Elsewhere"}');
    const added = await catalog.addFolder(other);
    expect((await catalog.list()).map((dataset) => [dataset.name, dataset.source])).toEqual([
      ['Elsewhere', 'added'],
      ['Tiny dataset', 'bundled'],
    ]);
    await catalog.open(added.id);
    const fresh = new DatasetCatalog({ datasetsDir: null, recents: new RecentDatasets(temp.configDir) });
    expect((await fresh.list()).map((dataset) => [dataset.name, dataset.source])).toEqual([['Elsewhere', 'recent']]);
    expect(await fresh.recentRoots()).toEqual([added.root]);
  });

  it('refuses folders without dataset.json, unknown ids and reads of unopened datasets', async () => {
    await expect(catalog.addFolder(temp.base)).rejects.toMatchObject({ code: 'not-found' });
    await expect(catalog.open('nope-12345678')).rejects.toMatchObject({ code: 'not-found' });
    const [dataset] = await catalog.list();
    expect(() => catalog.rootOf(dataset.id)).toThrow(expect.objectContaining({ code: 'not-open' }));
    await catalog.open(dataset.id);
    expect(catalog.rootOf(dataset.id)).toBe(dataset.root);
  });
});
