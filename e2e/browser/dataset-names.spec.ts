// Two datasets of one name (the same release imported twice, two copies of the sample): the
// picker tells them apart by the end of their folder paths, and each opens its own folder.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { datasetsDir } from '../datasets-on-disk';
import { startStudioHost, type StudioHost } from '../studio-host';

let work: string;
let host: StudioHost;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-dataset-names-'));
  const root = path.join(work, 'datasets');
  for (const folder of ['run-november', 'run-december']) {
    await cp(path.join(datasetsDir, 'egobench-sample'), path.join(root, folder), { recursive: true });
    const manifest = path.join(root, folder, 'dataset.json');
    await writeFile(manifest, JSON.stringify({ ...JSON.parse(await readFile(manifest, 'utf8')), name: 'EgoBench (imported release)' }));
  }
  await mkdir(path.join(work, 'config'));
  host = await startStudioHost({ datasetsDir: root, configDir: path.join(work, 'config') });
});

test.afterAll(async () => {
  host?.process.kill('SIGTERM');
  if (work) await rm(work, { recursive: true, force: true });
});

test('datasets of one name are told apart by their folders in the picker', async ({ page }) => {
  await page.goto(host.url);
  // Annotate (the first workspace) hides the dataset list until it is asked for.
  await page.getByTestId('toggle-sidebar').click();
  const entries = page.getByTestId('dataset-entry').filter({ hasText: 'EgoBench (imported release)' });
  await expect(entries).toHaveCount(2);
  await expect(entries.getByTestId('dataset-folder')).toHaveText(['…/run-december', '…/run-november']);
  await entries.filter({ hasText: 'run-november' }).click();
  await expect(entries.filter({ hasText: 'run-november' })).toHaveAttribute('aria-current', 'true');
  await expect(entries.filter({ hasText: 'run-december' })).toHaveAttribute('aria-current', 'false');
});
