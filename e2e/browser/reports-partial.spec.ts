// Reports on a dataset where one model did not run every task: its row in the main table is marked
// partial (SPEC §10 weights only the scenarios a model ran, so its Overall reads as complete).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const host = ownHost('reports-partial-e2e-', 'partial', async (dataset) => {
  await copySample(dataset);
  const runs = path.join(dataset, 'trajectories', 'qwen-sim-72b');
  await rm(path.join(runs, 'static.jsonl'));
  const hard = path.join(runs, 'dynamic_hard.jsonl');
  const lines = (await readFile(hard, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  await writeFile(hard, lines.slice(0, 20).join('\n') + '\n');
});

test('a model that ran only some tasks is marked partial in the main table, and the note says where', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(host.url + '#/reports');
  const table = page.getByTestId('report-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  const marks = table.getByTestId('report-row-mark');
  await expect(marks).toHaveCount(1);
  await expect(table.locator('tbody tr').filter({ has: page.getByTestId('report-row-mark') })).toContainText('qwen-sim-72b');
  await expect(marks).toHaveAttribute('title', 'Runs do not cover every task: Dynamic Hard 20 of 30 tasks, Static none');
  await expect(table.locator('.report-note')).toContainText('Partial: qwen-sim-72b (Dynamic Hard 20 of 30 tasks, Static none).');
});
