// The ground truth's own failing calls, end to end: on a copy of the sample whose retail-05 ground
// truth misspells the product of its last call (and which holds no runs), Replay's Audit lists the
// call with its message; its link opens the task in Adjudicate, where (one annotation only) the
// ground truth is shown run from the seed: the call's failure at its row, the state without it.
// Edit corrects the name, the run follows the text, the correction in progress outlives a reload
// (kept in adjudication/<adjudicator>.jsonl), and Write puts the line in ground_truth.jsonl.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const TASK = 'retail-05';

const host = ownHost('studio-failing-truth-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  await rm(path.join(dataset, 'trajectories'), { recursive: true });
  const file = path.join(dataset, 'ground_truth.jsonl');
  const lines = (await readFile(file, 'utf8')).split('\n');
  const at = lines.findIndex((line) => line.startsWith(`{"task_id":"${TASK}"`));
  expect(lines[at]).toContain('"product_name":"Penne Rigate","qty":2');
  lines[at] = lines[at].replace('"product_name":"Penne Rigate","qty":2', '"product_name":"Penne Regate","qty":2');
  await writeFile(file, lines.join('\n'));
});

test('the audit lists a ground-truth call that fails, and Adjudicate shows it failing in the ground truth run from the seed', async ({ page }) => {
  test.setTimeout(120_000);
  const url = new URL(host.url);
  url.hash = '#/replay/audit';
  await page.goto(url.href);
  const listed = page.getByTestId('audit-failing-truth');
  await expect(listed.locator('summary')).toContainText('1 ground-truth call(s) in 1 task(s) fail', { timeout: 60_000 });
  const task = listed.locator(`[data-task-id="${TASK}"]`);
  await expect(task).toContainText("call 6 add_to_cart fails: 'Penne Regate' does not name exactly one product.");
  await task.getByRole('link', { name: 'Open in Adjudicate' }).click();
  await expect(page).toHaveURL(new RegExp(`#/adjudicate/${TASK}$`));

  const truth = page.getByTestId('ground-truth-alone');
  await expect(truth.locator('h3')).toContainText('1 failed call(s) when run from the seed', { timeout: 30_000 });
  const calls = truth.getByTestId('ground-truth-call');
  await expect(calls).toHaveCount(6);
  await expect(calls.nth(5)).toContainText("fails: 'Penne Regate' does not name exactly one product.");
  await expect(calls.nth(2)).not.toContainText('fails:');
  // The final state holds the olive oil the third call adds, and nothing of the failed call.
  const diff = truth.getByTestId('ground-truth-state-diff');
  await expect(diff).toContainText('Extra Virgin Olive Oil');
  await expect(diff).not.toContainText('Penne');

  // Another adjudicator rewrites the line while Edit is open: the editor says so and will not write over it.
  await page.getByTestId('adjudicator-name').fill('e2e-fixer');
  await truth.getByTestId('ground-truth-edit').click();
  const file = path.join(host.dataset, 'ground_truth.jsonl');
  const lines = (await readFile(file, 'utf8')).split('\n');
  const at = lines.findIndex((l) => l.startsWith(`{"task_id":"${TASK}"`));
  lines[at] = JSON.stringify({ ...JSON.parse(lines[at]), adjudicator: 'erin', note: 'Checked by erin' });
  await writeFile(file, lines.join('\n'));
  await expect(truth.getByTestId('ground-truth-moved')).toContainText("changed since Edit began (now erin's)", { timeout: 30_000 });
  await expect(truth.getByTestId('ground-truth-write')).toBeDisabled();
  await truth.getByTestId('ground-truth-cancel').click();
  await expect(truth.getByTestId('ground-truth-edit')).toBeFocused();

  // Correct it from erin's line: a JSON error is said by line; the corrected calls run clean; Write writes the line.
  await truth.getByTestId('ground-truth-edit').click();
  await expect(truth.getByTestId('ground-truth-note')).toHaveValue('Checked by erin');
  const text = truth.getByTestId('ground-truth-text');
  await expect(text).toBeFocused();
  const written = (await text.inputValue()).replace('Penne Regate', 'Penne Rigate');
  await text.fill(written.replace('"qty":2', '"qty" 2'));
  await expect(truth.getByTestId('ground-truth-parse-error')).toContainText('line 7: invalid JSON');
  await text.fill(written);
  await expect(truth.locator('h3')).toContainText('0 failed call(s) when run from the seed', { timeout: 30_000 });
  await expect(diff).toContainText('Penne Rigate');
  await truth.getByTestId('ground-truth-note').fill('Misspelt product');
  // The correction in progress is in the adjudicator's file of drafts within about a second, and a reload brings it back.
  await expect(truth.getByTestId('ground-truth-kept')).toHaveText('Kept in adjudication/e2e-fixer.jsonl.');
  const drafts = path.join(host.dataset, 'adjudication', 'e2e-fixer.jsonl');
  const kept = JSON.parse((await readFile(drafts, 'utf8')).trim()) as { task_id: string; correction: { text: string; note: string; truth: string } };
  expect(kept).toMatchObject({ task_id: TASK, correction: { text: written, note: 'Misspelt product' } });
  expect(JSON.parse(kept.correction.truth)).toMatchObject({ adjudicator: 'erin' });
  await page.reload();
  await expect(truth.getByTestId('ground-truth-message')).toHaveText('Your correction in progress is back, as you left it.', { timeout: 30_000 });
  await expect(text).toHaveValue(written);
  await expect(truth.getByTestId('ground-truth-note')).toHaveValue('Misspelt product');
  await expect(truth.locator('h3')).toContainText('0 failed call(s) when run from the seed', { timeout: 30_000 });
  await truth.getByTestId('ground-truth-write').click();
  await expect(truth.getByTestId('ground-truth-message')).toContainText('Written to ground_truth.jsonl', { timeout: 30_000 });
  const line = (await readFile(path.join(host.dataset, 'ground_truth.jsonl'), 'utf8')).split('\n').find((l) => l.startsWith(`{"task_id":"${TASK}"`))!;
  const saved = JSON.parse(line) as { calls: { parameters: Record<string, unknown> }[]; adjudicator: string; note: string; visual_refs: unknown[] };
  expect(saved.calls[5].parameters.product_name).toBe('Penne Rigate');
  expect(saved).toMatchObject({ adjudicator: 'e2e-fixer', note: 'Misspelt product' });
  expect(saved.visual_refs).toHaveLength(2);
  await expect(truth.locator('h3')).toContainText('0 failed call(s)');
  // Written: the correction in progress is gone from the file of drafts.
  await expect.poll(async () => (await readFile(drafts, 'utf8')).trim()).toBe('');

  // The audit kept in the page from before (no reload) is audited again: nothing fails now.
  await page.evaluate(() => {
    window.location.hash = '#/replay/audit';
  });
  await expect(page.getByTestId('audit-view')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('audit-suspect-count')).toHaveText('0', { timeout: 60_000 });
  await expect(page.getByTestId('audit-failing-truth')).toHaveCount(0);
});
