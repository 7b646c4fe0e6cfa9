import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../shared/api/studio-error';
import { DatasetCatalog } from './dataset-catalog';
import { importEgobenchRelease, importTarget } from './egobench-import';
import { RecentDatasets } from './recent-datasets';

const fixture = path.resolve(import.meta.dirname, './import-egobench/fixtures/retail1-mini');
let base: string;
let catalog: DatasetCatalog;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'studio-egobench-import-'));
  catalog = new DatasetCatalog({ datasetsDir: null, recents: new RecentDatasets(path.join(base, 'config')) });
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('importTarget: never overwrites', () => {
  it('uses an empty or new folder, else a fresh <release>-dataset sub-folder', async () => {
    expect(await importTarget(path.join(base, 'new'), '/r/egobench')).toBe(path.join(base, 'new'));
    await mkdir(path.join(base, 'empty'));
    expect(await importTarget(path.join(base, 'empty'), '/r/egobench')).toBe(path.join(base, 'empty'));
    await mkdir(path.join(base, 'full', 'egobench-dataset'), { recursive: true });
    await writeFile(path.join(base, 'full', 'egobench-dataset', 'dataset.json'), '{}');
    expect(await importTarget(path.join(base, 'full'), '/r/egobench')).toBe(path.join(base, 'full', 'egobench-dataset-2'));
  });
});

describe('importEgobenchRelease (File > Import EgoBench Release...)', () => {
  it('imports the committed fixture, adds the dataset to the catalog and reports counts and lint', async () => {
    const done = await importEgobenchRelease(fixture, path.join(base, 'out'), catalog);
    expect(done.out).toBe(path.join(base, 'out'));
    expect(done.summary).toMatchObject({ scenarios: expect.any(Number), tasks: 8, trajectories: 8, models: ['Qwen3.5-397B-A17B'], videos: 1 });
    expect(done.problems).toEqual([]);
    // Task 5 of retail1 has an empty user_id in its ground truth: a warning naming the task.
    expect(done.warnings.some((w) => w.message.startsWith('retail1-5:') && /empty user_id/.test(w.message))).toBe(true);
    expect(done.dataset.source).toBe('added');
    expect((await catalog.list()).map((d) => d.id)).toContain(done.dataset.id);
    expect(JSON.parse(await readFile(path.join(done.out, 'dataset.json'), 'utf8')).profile).toBe('egobench');
  });

  it('refuses to write into the release, chosen itself or through a link', async () => {
    const release = path.join(base, 'release');
    await cp(fixture, release, { recursive: true });
    await symlink(release, path.join(base, 'link-to-release'));
    // `..x` inside it is a folder of it, not a way out.
    for (const chosen of [release, path.join(release, 'sub'), path.join(release, '..x'), path.join(base, 'link-to-release')]) {
      const error = await importEgobenchRelease(release, chosen, catalog).catch((e: unknown) => e);
      expect(error, chosen).toBeInstanceOf(StudioError);
      expect((error as StudioError).message).toContain('is the release folder or inside it');
    }
    // A sibling whose name starts with two dots is outside it.
    const done = await importEgobenchRelease(release, path.join(release, '..', '..dataset'), catalog);
    expect(done.summary.tasks).toBe(8);
  });

  it('refuses a folder that is not a release', async () => {
    const error = await importEgobenchRelease(base, path.join(base, 'out'), catalog).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect((error as StudioError).code).toBe('invalid-args');
  });
});
