// A dataset's SQL that never ends must not hang the page: on a copy of the sample whose retail
// tool get_cart runs an endless recursive query, the worker running it (the tool console's, the
// adjudication's, Replay's imports) is stopped once it has been silent past the limit (shortened
// here), the view says which scenario and which files, and goes on working: a fresh worker loads
// the scenarios (and Replay's imported files) again. Retail is then not run again until its files
// change: a second try fails at once (seen with the page's limit raised far past the test's time).
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { datasetsDir } from '../datasets-on-disk';
import { copySample, ownHost } from '../own-host';

const LIMIT_MS = 3000;
const ENDLESS = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) AS n FROM r WHERE :user_id IS NOT NULL';

const copiedFrom = path.join(datasetsDir, 'egobench-sample');
const host = ownHost('studio-sql-watchdog-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const toolsFile = path.join(dataset, 'scenarios', 'retail', 'tools.json');
  const library = JSON.parse(await readFile(toolsFile, 'utf8')) as { tools: { name: string; steps: { sql: string }[] }[] };
  library.tools.find((tool) => tool.name === 'get_cart')!.steps[0].sql = ENDLESS;
  await writeFile(toolsFile, JSON.stringify(library, null, 1));
});

const stopped = 'scenario "retail": its SQL ran longer than 3 s (scenarios/retail/schema.sql, data.sql or a tool step in tools.json); the worker was stopped';
/** What a later try on retail fails with, at once. */
const refused = `${stopped} earlier; not run again until its files change (reload the page after editing them)`;
/** Either: a request that was waiting when the worker was stopped, or one made after. */
const stoppedOrRefused = new RegExp(`^Run failed: ${stopped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( earlier; not run again until its files change \\(reload the page after editing them\\))?$`);

/** From now on a silent worker is stopped only after 10 minutes: what fails within the test's time was refused without running. */
const raiseLimit = (page: Page) => page.evaluate(() => Object.assign(window, { egostudioWorkerLimitMs: 600_000 }));

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

  // Retail again, any tool of it: refused at once, without a worker running its SQL.
  await raiseLimit(page);
  await runInConsole(page, { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } });
  await expect(console_.locator('.console-error')).toHaveText(refused);
  await expect(console_).not.toContainText('Running…');

  // Another scenario runs, in a fresh worker.
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
  await expect(page.getByTestId('run-error')).toHaveText(stoppedOrRefused, { timeout: 20_000 });
  await expect(page.getByTestId('run-sequences')).toBeEnabled();

  // A fresh worker, the dataset's scenarios sent to it again: another task compares and runs.
  await tasks.locator('[data-task-id="kitchen-01"]').click();
  await expect(page.getByTestId('alignment-table').locator('tr[data-kind="match"]').first()).toBeVisible();
  await page.getByTestId('run-sequences').click();
  await expect(page.getByTestId('run-results')).toContainText('merged');

  // Retail's task again: its comparison is refused at once (it needs the scenario's engine too).
  await raiseLimit(page);
  await tasks.locator('[data-task-id="retail-06"]').click();
  await expect(page.getByTestId('adjudication-error')).toHaveText(`Cannot compare the two annotations: ${refused}`);
});

/** A trajectory of the sample, as an imported file's line (a new id). */
function sampleLine(match: (line: { task_id: string }, text: string) => boolean): string {
  const dir = path.join(copiedFrom, 'trajectories', 'gpt-sim-4o');
  for (const text of readFileSync(path.join(dir, readdirSync(dir).sort()[0]), 'utf8').split('\n').filter(Boolean)) {
    const line = JSON.parse(text) as { id: string; task_id: string };
    if (match(line, text)) return JSON.stringify({ ...line, id: `imported/${line.id}` });
  }
  throw new Error('no such sample trajectory');
}

test("Replay: an imported trajectory whose replay reaches get_cart stops the worker; another imported one still replays call by call, in the fresh worker", async ({ page }) => {
  test.setTimeout(150_000);
  await openStudio(page, '#/replay');
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  // Scoring runs only the writes; a replay runs every call, get_cart too.
  const retail = sampleLine((line, text) => line.task_id.startsWith('retail-') && text.includes('"get_cart"'));
  const kitchen = sampleLine((line) => line.task_id.startsWith('kitchen-'));
  const input = page.locator('.import-button input[type=file][multiple]');
  await input.setInputFiles({ name: 'imported.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(`${retail}\n${kitchen}\n`) });
  const list = page.getByTestId('trajectory-list');
  const importedRow = async (line: string) => {
    await page.getByLabel('Filter Task').fill((JSON.parse(line) as { task_id: string }).task_id);
    const row = list.locator('[role=row]', { has: page.locator('.imported-mark') });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.click();
  };
  const retailId = (JSON.parse(retail) as { id: string }).id;

  await importedRow(retail);
  await expect(page.locator('.replay-empty')).toHaveText(`Cannot replay ${retailId}: ${stopped}`, { timeout: 20_000 });

  // The kitchen row, imported before the stop, replays in the fresh worker.
  await importedRow(kitchen);
  await expect(page.getByTestId('replay-step')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.replay-empty')).toBeHidden();

  // The retail row again: refused at once.
  await raiseLimit(page);
  await importedRow(retail);
  await expect(page.locator('.replay-empty')).toHaveText(`Cannot replay ${retailId}: ${refused}`);
});
