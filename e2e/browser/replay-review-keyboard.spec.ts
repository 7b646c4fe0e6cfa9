// Reviewing failed runs from the keyboard, as a failure analyst does under "Failures not reviewed":
// r to the form, a label, Tab to the reason, Ctrl+Enter to save, Shift+J to the next run, whose
// form is then one key away; each review's line is in reviews/<name>.jsonl on disk, and Undo
// (Ctrl+Z) puts back the line a mistaken update replaced. Prints the keys each review took.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const host = ownHost('replay-review-keys-', 'egobench-sample', copySample);
const REVIEWER = 'e2e-keys';
const reviewFile = () => path.join(host.dataset, 'reviews', `${REVIEWER}.jsonl`);

interface Line {
  trajectory_id: string;
  label: string;
  reason: string;
}
const linesOnDisk = async (): Promise<Line[]> =>
  (await readFile(reviewFile(), 'utf8').catch(() => ''))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);
const lineOf = async (id: string) => (await linesOnDisk()).find((line) => line.trajectory_id === id) ?? null;

/** Replay, scored, its list filtered to the failures no one has reviewed (the triage's list); returns the list. */
async function openUnreviewedFailures(page: Page) {
  await page.goto(host.url);
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await page.getByTestId('review-filter').selectOption('unreviewed-failures');
  return page.getByTestId('trajectory-list');
}

/** The id of the run open in Replay (its address). */
const openRun = (page: Page) => page.evaluate(() => decodeURIComponent(/^#\/replay\/(.+)\/\d+$/.exec(location.hash)?.[1] ?? ''));

test('review failed runs from the keyboard: r, a label, the reason, Ctrl+Enter, Shift+J; Undo puts back an update', async ({ page }) => {
  test.setTimeout(180_000);
  const list = await openUnreviewedFailures(page);
  await expect(list.locator('[role=row]').first()).toBeVisible();

  let keys = 0;
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  // The reviewer's name is typed once, not per review.
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('label-override')).toBeVisible();
  await page.getByTestId('label-override').getByLabel('Reviewer').fill(REVIEWER);
  await page.locator('body').click({ position: { x: 2, y: 2 } });

  const form = page.getByTestId('label-override');
  const labelSelect = form.getByLabel('Override label');
  const reviewed: { id: string; label: string; reason: string }[] = [];
  const runs = 3;
  for (let i = 0; i < runs; i++) {
    const id = await openRun(page);
    if (i === 0) await press('r');
    // Opened by Shift+J from the form: the new run's form has the focus already.
    await expect(labelSelect).toBeFocused();
    await press('ArrowDown'); // the next label of the list
    const label = await labelSelect.inputValue();
    await press('Tab'); // Reviewer
    await press('Tab'); // Reason
    await expect(form.getByLabel('Reason')).toBeFocused();
    const reason = `keyboard review ${i + 1}`;
    await page.keyboard.type(reason); // the reason's text is not counted
    await press('Control+Enter');
    await expect.poll(() => lineOf(id), { timeout: 10_000 }).toMatchObject({ label, reason });
    reviewed.push({ id, label, reason });
    // Saved from the form: the focus left the Reason (where Shift+J is a J).
    await expect(form.getByRole('button', { name: 'Update override' })).toBeFocused();
    if (i < runs - 1) {
      await press('Shift+J');
      await expect.poll(() => openRun(page)).not.toBe(id);
    }
  }
  const perReview = keys / runs;
  console.log(`[bench] replay review by keyboard: ${keys} keys for ${runs} reviews, ${perReview.toFixed(1)} keys per review besides the reason's text (the analyst counted 35-50)`);
  expect(perReview).toBeLessThanOrEqual(8);
  // Each review is a line of the file.
  expect((await linesOnDisk()).map((line) => line.trajectory_id).sort()).toEqual(reviewed.map((r) => r.id).sort());

  // A mistaken update: the label changed alone keeps the saved reason (it went blank, and Save asked for one).
  const last = reviewed[runs - 1];
  await press('r');
  await press('ArrowDown');
  const mistaken = await labelSelect.inputValue();
  await expect(form.getByLabel('Reason')).toHaveValue(last.reason);
  await press('Control+Enter');
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toMatchObject({ label: mistaken, reason: last.reason });
  // And another, reason and all; then Ctrl+Z (outside the text field) puts back the line before it.
  await press('r');
  await press('ArrowDown');
  await form.getByLabel('Reason').fill('oops');
  await press('Control+Enter');
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toMatchObject({ reason: 'oops' });
  await expect(form.getByRole('button', { name: 'Update override' })).toBeFocused();
  await press('Control+z');
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toMatchObject({ label: mistaken, reason: last.reason });
  await expect(form.getByLabel('Reason')).toHaveValue(last.reason);
  // The form's Undo button goes one further back: the run's first review.
  await form.getByTestId('override-undo').click();
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toMatchObject({ label: last.label, reason: last.reason });

  // Remove mine: the focus stays in the form (on Save), and Undo brings the line back.
  await form.getByRole('button', { name: 'Remove mine' }).click();
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toBeNull();
  await expect(form.getByRole('button', { name: 'Save override' })).toBeFocused();
  await press('Control+z');
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toMatchObject({ label: last.label, reason: last.reason });
  await expect(form.getByTestId('override-unsaved')).toBeHidden();
  // Undo of a first save removes the line: the run had no review before it.
  await press('Control+z');
  await expect.poll(() => lineOf(last.id), { timeout: 10_000 }).toBeNull();
  await expect(form.getByTestId('override-undo')).toBeHidden();
  expect((await linesOnDisk()).map((line) => line.trajectory_id).sort()).toEqual(reviewed.slice(0, -1).map((r) => r.id).sort());

  // Back among the failures not reviewed. Shift+J on the Label (a select, which keeps bare letters
  // for its type-ahead) skips a run, and the next one's Label has the focus; Shift+K comes back.
  await press('r');
  await press('Shift+J');
  await expect.poll(() => openRun(page)).not.toBe(reviewed[runs - 1].id);
  await expect(labelSelect).toBeFocused();
  await press('Shift+K');
  await expect.poll(() => openRun(page)).toBe(reviewed[runs - 1].id);
  await expect(labelSelect).toBeFocused();
});

test("a review whose label the dataset's profile lacks is among Replay's problems, at its file and line, as Reports says it", async ({ page }) => {
  test.setTimeout(120_000);
  const trajectories = path.join(host.dataset, 'trajectories');
  const firstFile = (await readdir(trajectories, { recursive: true })).filter((name) => name.endsWith('.jsonl')).sort()[0];
  const id = (JSON.parse((await readFile(path.join(trajectories, firstFile), 'utf8')).split('\n')[0]) as { id: string }).id;
  // The latest review of the run (the first test may have reviewed it), so the one that counts, as Reports reads it.
  const file = path.join(host.dataset, 'reviews', 'e2e-memory.jsonl');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ trajectory_id: id, label: 'memory', reason: 'forgot the cart', reviewer: 'e2e-memory', updated_at: new Date().toISOString() })}\n`);
  try {
    await page.goto(host.url);
    await page.getByTestId('workspace-replay').click();
    await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
    await page.getByTestId('problems-toggle').click();
    const row = page.getByTestId('problems').locator('tr', { hasText: 'reviews/e2e-memory.jsonl' });
    await expect(row).toContainText('label "memory" is not one of');
    await expect(row).toContainText('review left out');
    await expect(row.locator('td').nth(1)).toHaveText('1');
  } finally {
    await rm(file, { force: true });
  }
});

test('labelling a failing run correct says that only the label shares move, and how to correct the ground truth', async ({ page }) => {
  test.setTimeout(120_000);
  const list = await openUnreviewedFailures(page);
  await list.focus();
  await page.keyboard.press('ArrowDown');
  const form = page.getByTestId('label-override');
  const labelSelect = form.getByLabel('Override label');
  const automatic = await labelSelect.inputValue();
  expect(automatic).not.toBe('correct');
  await expect(form.getByTestId('override-correct-note')).toHaveCount(0);
  await labelSelect.selectOption('correct');
  await expect(form.getByTestId('override-correct-note')).toContainText('fails JointSucc');
  await labelSelect.selectOption(automatic);
  await expect(form.getByTestId('override-correct-note')).toHaveCount(0);
});
