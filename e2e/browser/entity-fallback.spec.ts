// A tool library that names no x-match entity column (an imported EgoBench release's): the
// visual-reference picker offers the seed tables' name columns instead of nothing, and does not
// call a typed name "not in the database" (nothing says where the database's names are).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const TASK = 'retail-01';

/** The value without its x-match marks, at any depth. */
function withoutMatchMarks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMatchMarks);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'x-match').map(([key, child]) => [key, withoutMatchMarks(child)]));
}

const host = ownHost('studio-entity-fallback-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const tools = path.join(dataset, 'scenarios', 'retail', 'tools.json');
  await writeFile(tools, JSON.stringify(withoutMatchMarks(JSON.parse(await readFile(tools, 'utf8'))), null, 2));
});

test('without x-match columns the picker offers the name columns, and no name is called unknown', async ({ page }) => {
  await openAnnotateTask(page, host, 'entity-fallback-e2e', TASK);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('ref-entity').pressSequentially('lune bor');
  await expect(page.getByTestId('entity-options').locator('li[data-value="Domaine Lune Bordeaux"]')).toBeVisible();
  await page.getByTestId('ref-entity').fill('Chateau Nowhere');
  // The hint would show within the picker's debounce (120 ms) and one worker round trip.
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('ref-entity-unknown')).toBeHidden();
});
