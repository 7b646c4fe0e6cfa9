// A dataset's SQL that never ends must not hang the page: on a copy of the sample whose retail
// tool get_cart runs an endless recursive query, the worker running it (the tool console's, the
// adjudication's) is stopped once it has been silent past the limit (shortened here), the view
// says which scenario and which files, and goes on working: a fresh worker loads the scenarios again.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const LIMIT_MS = 3000;
const ENDLESS = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) AS n FROM r WHERE :user_id IS NOT NULL';

const host = ownHost('studio-sql-watchdog-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const toolsFile = path.join(dataset, 'scenarios', 'retail', 'tools.json');
  const library = JSON.parse(await readFile(toolsFile, 'utf8')) as { tools: { name: string; steps: { sql: string }[] }[] };
  library.tools.find((tool) => tool.name === 'get_cart')!.steps[0].sql = ENDLESS;
  await writeFile(toolsFile, JSON.stringify(library, null, 1));
});

const stopped = 'scenario "retail": its SQL ran longer than 3 s (scenarios/retail/schema.sql, data.sql or a tool step in tools.json); the worker was stopped';

async function openStudio(page: Page, hash: string) {
  await page.addInitScript((limit) => Object.assign(window, { egostudioWorkerLimitMs: limit }), LIMIT_MS);
  const url = new URL(host.url);
  url.searchParams.set('annotator', 'watchdog-e2e');
  url.hash = hash;
  await page.goto(url.href);
}

async function runInConsole(page: Page, call: object) {
  await page.getByTestId('console-input').fill(JSON.stringify(call));
  await page.getByTestId('console-input').press('Enter');
}

async function openConsole(page: Page, taskId: string) {
  await page.locator(`[data-task-id="${taskId}"]`).click();
  await expect(page.getByTestId('task-brief')).toBeVisible();
  await page.getByTestId('console-tab').click();
}

test('a tool step whose SQL never ends: the console names the scenario and its files within the limit, and keeps working', async ({ page }) => {
  test.setTimeout(90_000);
  await openStudio(page, '#/annotate');
  await openConsole(page, 'retail-01');

  const console_ = page.getByTestId('tool-console');
  const started = Date.now();
  await runInConsole(page, { tool_name: 'get_cart', parameters: { user_id: 'maya_chen_204' } });
  await expect(console_).toContainText('Running…');
  await expect(console_.locator('.console-error')).toHaveText(stopped, { timeout: 20_000 });
  expect(Date.now() - started, 'stopped about the limit after the call').toBeGreaterThanOrEqual(LIMIT_MS);
  await expect(console_).not.toContainText('Running…');

  // A fresh worker: retail is loaded again and its other tools answer.
  await runInConsole(page, { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } });
  const results = console_.locator('.console-results > li');
  await expect(results.first()).toContainText('"price": 30.74');
  await expect(console_.locator('.console-error')).toBeHidden();

  // Another scenario runs as well.
  await openConsole(page, 'kitchen-01');
  await runInConsole(page, { tool_name: 'find_ingredients_by_storage', parameters: { storage: 'fridge' } });
  await expect(console_.locator('.console-results > li').first()).toHaveClass(/\bok\b/);
  await expect(console_.locator('.console-results > li').first()).toContainText('find_ingredients_by_storage');
});

test("the adjudicator's run of a sequence calling that tool fails with the same message; other tasks still compare", async ({ page }) => {
  test.setTimeout(90_000);
  await openStudio(page, '#/adjudicate');
  const tasks = page.getByTestId('adjudicate-task-list');
  await tasks.locator('[data-task-id="retail-06"]').click(); // both annotators call get_cart
  await expect(page.getByTestId('alignment-table')).toBeVisible();
  await page.getByTestId('run-sequences').click();
  await expect(page.getByTestId('finalize-message')).toHaveText(`Run failed: ${stopped}`, { timeout: 20_000 });
  await expect(page.getByTestId('run-sequences')).toBeEnabled();

  // A fresh worker, the dataset's scenarios sent to it again: another task compares and runs.
  await tasks.locator('[data-task-id="kitchen-01"]').click();
  await expect(page.getByTestId('alignment-table').locator('tr[data-kind="match"]').first()).toBeVisible();
  await page.getByTestId('run-sequences').click();
  await expect(page.getByTestId('run-results')).toContainText('merged');
});
