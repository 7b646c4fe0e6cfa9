// The status bar's problems follow the dataset's files as they change on disk while the studio is
// open: a malformed line appended to another annotator's file is listed within seconds, and gone
// once mended. They were read only when the dataset opened (an exploratory review, 3 of 3 runs:
// the line was left out of every view without a word, and a mended one stayed listed). So do a
// review file's bad lines, and a ground truth changed on disk scores Replay's runs again.
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Request } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const host = ownHost('problems-disk-', 'egobench-sample', copySample);

test('a malformed line written to an annotation file on disk is listed, and unlisted once mended', async ({ page }) => {
  const bobFile = path.join(host.dataset, 'annotations', 'bob.jsonl');
  const original = await readFile(bobFile, 'utf8');
  const lineCount = original.trim().split('\n').length;
  // The re-check reads the changed annotation file, not reviews/ again (it did at every change).
  const readsReviews = (request: Request) => request.url().endsWith('/api/datasets.listFiles') && request.postData()?.includes('"reviews"') === true;
  const reviewReads: string[] = [];
  page.on('request', (request) => {
    if (readsReviews(request)) reviewReads.push(request.postData()!);
  });
  const firstCheck = page.waitForRequest(readsReviews); // the check when the dataset opens reads them
  await page.goto(host.url);
  await expect(page.getByTestId('status-dataset')).toContainText('EgoBench');
  const problems = page.getByTestId('status-problems');
  await expect(problems).toHaveCount(0);
  await firstCheck;

  await appendFile(bobFile, '{"task_id": "retail-01", "calls": [\n');
  await expect(problems).toHaveText('⚠ 1 problem', { timeout: 10_000 });
  expect(reviewReads).toHaveLength(1);
  await problems.click();
  await expect(page.getByTestId('dataset-problems')).toContainText('annotations/bob.jsonl');
  await expect(page.getByTestId('dataset-problems')).toContainText(String(lineCount + 1));
  await page.keyboard.press('Escape');

  // Mended with the panel open: it says none is left (it had stayed an empty table).
  await problems.click();
  await writeFile(bobFile, original);
  await expect(page.getByTestId('no-problems-left')).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect(problems).toHaveCount(0, { timeout: 10_000 });
});

test('a bad line in a review file on disk is listed in the status bar, as Reports lists it', async ({ page }) => {
  const reviews = path.join(host.dataset, 'reviews');
  await mkdir(reviews, { recursive: true });
  const file = path.join(reviews, 'tester.jsonl');
  await page.goto(host.url);
  await expect(page.getByTestId('status-dataset')).toContainText('EgoBench');
  const problems = page.getByTestId('status-problems');
  await expect(problems).toHaveCount(0);

  const banana = JSON.stringify({ trajectory_id: 'gpt-sim-4o/static/retail-01', label: 'banana', updated_at: '2026-12-06T10:00:00Z' });
  await writeFile(file, `${banana}\n{"trajectory_id": "gpt-sim-4o/static/retail-02", "lab\n`);
  await expect(problems).toHaveText('⚠ 2 problems', { timeout: 10_000 });
  await problems.click();
  await expect(page.getByTestId('dataset-problems')).toContainText('reviews/tester.jsonl');
  await expect(page.getByTestId('dataset-problems')).toContainText('label "banana" is not one of');
  await page.keyboard.press('Escape');
  await rm(file);
  await expect(problems).toHaveCount(0, { timeout: 10_000 });
});

test('a ground truth changed on disk while Replay is open scores the runs again', async ({ page }) => {
  const gtFile = path.join(host.dataset, 'ground_truth.jsonl');
  const original = await readFile(gtFile, 'utf8');
  const run = 'gpt-sim-4o/dynamic_easy/household-01';
  await page.goto(host.url);
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await page.getByLabel('Filter Task').fill('household-01');
  const row = page.getByTestId('trajectory-list').locator(`[role=row][data-id="${run}"]`);
  await expect(row.locator('.col-label')).toHaveText('correct');

  // A git pull or a hand edit: household-01's chore is due on another day.
  await writeFile(gtFile, original.replace('"due_date":"2026-05-02"', '"due_date":"2026-05-09"'));
  try {
    await expect(row.locator('.col-label')).not.toHaveText('correct', { timeout: 30_000 });
  } finally {
    await writeFile(gtFile, original);
  }
  await expect(row.locator('.col-label')).toHaveText('correct', { timeout: 30_000 });
});
