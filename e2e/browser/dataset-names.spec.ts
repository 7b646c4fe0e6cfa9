// Two datasets of one name (the same release imported twice, two copies of the sample): the
// picker tells them apart by the end of their folder paths, and each opens its own folder.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySharedSample } from '../datasets-on-disk';
import { ownHost } from '../own-host';

const host = ownHost(
  'studio-dataset-names-',
  'datasets',
  async (root) => {
    for (const folder of ['run-november', 'run-december']) {
      await copySharedSample(path.join(root, folder));
      const manifest = path.join(root, folder, 'dataset.json');
      await writeFile(manifest, JSON.stringify({ ...JSON.parse(await readFile(manifest, 'utf8')), name: 'EgoBench (imported release)' }));
    }
  },
  'datasets-dir',
);

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
