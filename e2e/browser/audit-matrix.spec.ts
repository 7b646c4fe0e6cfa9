// Across trajectories, end to end on a copy of the sample served by this spec's own browser host
// (Adjudicate writes ground_truth.jsonl): the task matrix opens and a row opens the task's runs;
// the compare view shows two runs of one task aligned to the ground truth; the audit lists the
// sample's planted error (retail-03's allergen), which opens in Adjudicate beside the ground
// truth, and "Correct" writes the runs' value into ground_truth.jsonl with its note.
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySharedSample } from '../datasets-on-disk';
import { startStudioHost } from '../studio-host';

const TASK = 'retail-03';
let work: string;
let dataset: string;
let host: ChildProcess;
let studioUrl: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-audit-'));
  dataset = path.join(work, 'egobench-sample');
  await copySharedSample(dataset, (src) => !src.includes(`${path.sep}videos${path.sep}`));
  await mkdir(path.join(work, 'config'));
  const started = await startStudioHost({ dataset, configDir: path.join(work, 'config') });
  host = started.process;
  studioUrl = started.url;
});

// The first evaluation and the audit of 270 runs take a while beside other tests on two cores.
test.beforeEach(() => test.setTimeout(180_000));

test.afterAll(async () => {
  host?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

const at = (hash: string) => {
  const url = new URL(studioUrl);
  url.hash = hash;
  return url.href;
};

test('the task matrix opens, sorts by failing runs, and a row opens the task in the list', async ({ page }) => {
  await page.goto(at('#/replay'));
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await page.getByTestId('open-matrix').click();
  const matrix = page.getByTestId('task-matrix');
  await expect(matrix.getByTestId('matrix-count')).toContainText('30 tasks × 9 model/mode columns (270 runs)');
  // Most failing first: a task every run fails heads the matrix.
  await expect(matrix.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveAccessibleName(/^9 of 9 runs fail$/);
  const cells = matrix.locator(`[data-task-id="${TASK}"]`);
  await expect(cells.getByRole('gridcell', { name: `${TASK}, gpt-sim-4o static: logic` })).toHaveText('L');
  await expect(cells.getByRole('gridcell', { name: `${TASK}, gpt-sim-4o dynamic_easy: hallucination` })).toHaveText('H');
  await expect(matrix.getByRole('list', { name: 'Legend' })).toContainText('over operation');
  // Each column's model and mode are whole on screen, not cut to "gpt-sim…".
  const cut = await matrix.locator('.matrix-column[role=columnheader]').evaluateAll((headers) =>
    headers.filter((h) => h.scrollWidth > h.clientWidth || h.scrollHeight > h.clientHeight).map((h) => h.textContent),
  );
  expect(cut).toEqual([]);
  await matrix.getByTestId('matrix-filter-model').selectOption('llama-sim-70b');
  await expect(matrix.getByTestId('matrix-count')).toContainText('30 tasks × 3 model/mode columns (90 runs)');
  await matrix.locator(`[data-task-id="${TASK}"]`).getByRole('button', { name: TASK }).click();
  await expect(page).toHaveURL(/#\/replay$/);
  await expect(page.getByRole('textbox', { name: 'Filter Task' })).toHaveValue(`=${TASK}`); // exactly the task: not retail-030
  await expect(page.getByTestId('list-count')).toContainText('3');
});

test('a cell of one run opens that run, beside its task\'s runs in the list', async ({ page }) => {
  await page.goto(at('#/replay/matrix'));
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const matrix = page.getByTestId('task-matrix');
  await matrix.locator(`[data-task-id="${TASK}"]`).getByRole('gridcell', { name: `${TASK}, gpt-sim-4o static: logic` }).click();
  const id = `gpt-sim-4o/static/${TASK}`;
  await expect(page).toHaveURL(new RegExp(`#/replay/${encodeURIComponent(id)}$`));
  await expect(page.locator('.replay-title')).toHaveText(id);
  await expect(page.getByRole('textbox', { name: 'Filter Task' })).toHaveValue(`=${TASK}`);
  // Back on the matrix, the task filter holds: it shows whole, and Clear shows every task again.
  await page.getByTestId('open-matrix').click();
  await expect(matrix.getByTestId('matrix-count')).toContainText('1 task × 9 model/mode columns (9 runs)');
  await expect(matrix.getByTestId('matrix-filter-task')).toHaveValue(`=${TASK}`);
  await matrix.getByTestId('matrix-filters-clear').click();
  await expect(matrix.getByTestId('matrix-count')).toContainText('30 tasks × 9 model/mode columns (270 runs)');
});

test('the matrix from the keyboard: arrows move a cursor over the cells, scrolled into view, and Enter opens one', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 600 }); // the last row and column out of view
  await page.goto(at('#/replay/matrix'));
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const grid = page.getByTestId('task-matrix').getByRole('grid');
  await grid.focus();
  const cursor = grid.locator('#matrix-cursor');
  await expect(grid).toHaveAttribute('aria-activedescendant', 'matrix-cursor');
  await expect(cursor).toHaveAttribute('aria-colindex', '1'); // the first task's name
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cursor).toHaveAttribute('aria-colindex', '3');
  await expect(cursor).toHaveAccessibleName(/^[^,]+, gpt-sim-4o dynamic_easy: /); // the first model/mode column
  await page.keyboard.press('Control+End');
  await expect(cursor).toHaveAttribute('aria-colindex', '11');
  await expect(cursor).toBeInViewport({ ratio: 1 });
  await expect(grid.locator('[role=row]:has(#matrix-cursor)')).toHaveAttribute('aria-rowindex', '31');
  await page.keyboard.press('ArrowUp');
  await expect(grid.locator('[role=row]:has(#matrix-cursor)')).toHaveAttribute('aria-rowindex', '30');
  await page.keyboard.press('Control+Home');
  await expect(cursor).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  const name = (await cursor.getAttribute('aria-label')) ?? '';
  const [, task, model, mode] = /^(\S+), (\S+) (\S+): /.exec(name) ?? [];
  expect(task, name).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(page.locator('.replay-title')).toHaveText(`${model}/${mode}/${task}`);
  // The focus went with the matrix; the list takes it, so its keys work at once (it fell to <body>).
  await expect(page.getByTestId('trajectory-list')).toBeFocused();
  // Back: the matrix as it was left, its cursor on the cell opened and the grid focused.
  await page.goBack();
  await expect(grid).toBeFocused();
  await expect(grid.locator('#matrix-cursor')).toHaveAttribute('aria-label', name);
  await expect(grid.locator('#matrix-cursor')).toBeInViewport({ ratio: 1 });
});

test('the compare view shows two runs of one task aligned to the ground truth', async ({ page }) => {
  const ids = ['gpt-sim-4o/dynamic_easy/retail-01', 'llama-sim-70b/static/retail-01'];
  await page.goto(at('#/replay'));
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await page.goto(at(`#/replay/compare/${ids.map(encodeURIComponent).join(',')}`));
  const view = page.getByTestId('compare-view');
  await expect(view.getByTestId('compare-run')).toHaveCount(2, { timeout: 60_000 });
  await expect(view.getByTestId('compare-run').first()).toContainText(ids[0]);
  // One row per ground-truth call at least; a row where both runs match holds two matched calls.
  const gtRows = view.locator('[data-testid="compare-row"]:not([data-gt="extra"])');
  expect(await gtRows.count()).toBeGreaterThan(2);
  const bothMatched = gtRows.filter({ has: page.locator('.compare-call.matched').nth(1) });
  expect(await bothMatched.count()).toBeGreaterThan(0);
  await expect(view.getByTestId('compare-label')).toHaveCount(2);
});

test('the audit lists the planted suspect; it opens in Adjudicate and Correct writes the ground truth', async ({ page }) => {
  await page.goto(at('#/replay/audit'));
  const audit = page.getByTestId('audit-view');
  await expect(audit.getByTestId('audit-suspect-count')).toHaveText('1', { timeout: 60_000 });
  const suspect = audit.locator(`[data-task-id="${TASK}"]`).getByTestId('audit-suspect');
  await expect(suspect).toContainText('find_products_without_allergen.allergen: ground truth "milk", runs "gluten"');
  await expect(suspect).toContainText('8/9 runs of 3 models agree');
  await expect(suspect.getByTestId('found-rows')).toContainText('Dark Cocoa Bar');
  await suspect.getByTestId('open-in-adjudicate').click();
  await expect(page).toHaveURL(/#\/adjudicate\/suspect\/retail-03\/1$/);
  const panel = page.getByTestId('suspect-panel');
  await expect(panel.getByTestId('suspect-truth')).toContainText('"allergen":"milk"');
  await expect(panel.getByTestId('suspect-value')).toContainText('runs "gluten"');
  await page.getByTestId('adjudicator-name').fill('e2e-auditor');
  const readLines = async () => (await readFile(path.join(dataset, 'ground_truth.jsonl'), 'utf8')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const message = panel.getByTestId('suspect-message');
  // Keep first: the line is written again unchanged but for who decided and why, and the user is told so.
  await panel.getByTestId('suspect-note').fill('Checking the label first.');
  await panel.getByTestId('suspect-keep').click();
  await expect(message).toHaveText('Written to ground_truth.jsonl: ground truth kept.', { timeout: 30_000 });
  await expect(message).toHaveClass(/agreement-ok/);
  const kept = (await readLines()).find((l) => l.task_id === TASK);
  expect(kept.calls[1].parameters.allergen).toBe('milk');
  expect(kept.note).toContain('Audit: kept');
  // Then Correct, over the line Keep wrote (the conditional write sees it as the line shown).
  await panel.getByTestId('suspect-note').fill('Dark Cocoa Bar holds milk; the task is about gluten.');
  await panel.getByTestId('suspect-correct').click();
  await expect(message).toHaveText('Written to ground_truth.jsonl: ground truth corrected.', { timeout: 30_000 });
  await expect(message).toHaveClass(/agreement-ok/);
  await expect.poll(async () => (await readLines()).find((l) => l.task_id === TASK).calls[1].parameters.allergen, { timeout: 30_000 }).toBe('gluten');
  const lines = await readLines();
  const written = lines.find((l) => l.task_id === TASK);
  expect(written.calls[1]).toEqual({ tool_name: 'find_products_without_allergen', parameters: { allergen: 'gluten', category: 'snack' } });
  expect(written).toMatchObject({ source: 'adjudicated', adjudicator: 'e2e-auditor' });
  expect(written.note).toContain('Audit: corrected');
  expect(written.note).toContain('Dark Cocoa Bar holds milk');
  expect(lines).toHaveLength(30);
});
