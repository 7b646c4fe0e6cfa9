// Adjudicate keeps the pair of annotators chosen through a reload of the tab (and, below, says why
// Ctrl+Enter cannot finalize). With a third annotator chosen as B, a reload kept the task in the
// address but compared the first two (alice and bob) again, without a word (an exploratory
// review, 3 of 3 runs).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

// The sample with a third annotator, dana, who wrote what bob wrote, and carol, who annotated retail-01 alone.
const host = ownHost('adjudicate-pair-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const bob = await readFile(path.join(dataset, 'annotations', 'bob.jsonl'), 'utf8');
  await writeFile(path.join(dataset, 'annotations', 'dana.jsonl'), bob.replaceAll('"annotator":"bob"', '"annotator":"dana"'));
  const carol = bob.split('\n').filter((line) => line.includes('"task_id":"retail-01"')).map((line) => line.replaceAll('"annotator":"bob"', '"annotator":"carol"'));
  await writeFile(path.join(dataset, 'annotations', 'carol.jsonl'), `${carol.join('\n')}\n`);
});

// A task the chosen pair did not both annotate is compared between two who did; its labels named
// the chosen pair all the same (carol's name on bob's calls, "Take all carol" taking bob's).
test("a task the chosen pair did not both annotate names the annotators it compares, and says so", async ({ page }) => {
  const url = new URL(host.url);
  url.hash = '#/adjudicate/retail-04';
  await page.goto(url.href);
  await page.getByTestId('annotator-b').selectOption('carol');
  await expect(page.getByTestId('adjudication-other-pair')).toHaveText('alice and carol did not both annotate this task: alice and bob are compared.');
  await expect(page.getByTestId('take-all-b')).toContainText('bob');
  await expect(page.getByTestId('alignment-table').locator('thead')).not.toContainText('carol');
  // Where both did, nothing is said.
  url.hash = '#/adjudicate/retail-01';
  await page.goto(url.href);
  await expect(page.getByTestId('take-all-b')).toContainText('carol');
  await expect(page.getByTestId('adjudication-other-pair')).toHaveCount(0);
});

test('a reload compares the pair chosen, not the first two annotators', async ({ page }) => {
  const url = new URL(host.url);
  url.hash = '#/adjudicate/retail-01';
  await page.goto(url.href);
  const b = page.getByTestId('annotator-b');
  await expect(b).toHaveValue('bob');
  await b.selectOption('dana');
  await expect(b).toHaveValue('dana');

  await page.reload();
  await expect(page.getByTestId('annotator-a')).toHaveValue('alice');
  await expect(b).toHaveValue('dana');
  await expect(page).toHaveURL(/#\/adjudicate\/retail-01$/);
});

// Ctrl+Enter when Finalize cannot run says why, as Annotate's Submit does; it did nothing at all.
test('Ctrl+Enter with Finalize unavailable says why, until it is available', async ({ page }) => {
  const url = new URL(host.url);
  url.hash = '#/adjudicate/retail-01';
  await page.goto(url.href);
  const name = page.getByTestId('adjudicator-name');
  await name.fill('');
  await page.getByTestId('adjudication-note').focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('finalize-message')).toHaveText('Not finalized: enter the adjudicator name first');
  await name.fill('erin');
  await expect(page.getByTestId('finalize-message')).toHaveCount(0);
  await expect(page.getByTestId('finalize-button')).toBeEnabled();
});

// Swapping A and B began the task again from the defaults (the draft is kept per order), and a
// Finalize then wrote them and removed the draft: what was decided goes on in the other order.
test('swapping A and B keeps the merged sequence and the rationale', async ({ page }) => {
  const url = new URL(host.url);
  url.hash = '#/adjudicate/retail-04';
  await page.goto(url.href);
  await expect(page.getByTestId('annotator-a')).toHaveValue('alice');
  const merged = page.getByTestId('merged-calls').locator('li');
  await page.getByTestId('take-all-b').click();
  await page.getByTestId('adjudication-note').fill('bob counted the tins');
  const bobs = await merged.allInnerTexts();
  await page.getByTestId('take-all-a').click();
  const alices = await merged.allInnerTexts();
  expect(alices, 'the sample task has a disagreement').not.toEqual(bobs);
  await page.getByTestId('take-all-b').click();
  await expect(merged).toHaveText(bobs);

  await page.getByTestId('annotator-a').selectOption('bob');
  await expect(page.getByTestId('annotator-b')).toHaveValue('alice');
  await expect(merged).toHaveText(bobs);
  await expect(page.getByTestId('adjudication-note')).toHaveValue('bob counted the tins');
  await expect(page.getByTestId('adjudication-set-back')).toBeHidden();
  // And back again, with a change made in this order.
  await page.getByTestId('adjudication-note').fill('bob counted the tins; checked twice');
  await page.getByTestId('annotator-a').selectOption('alice');
  await expect(page.getByTestId('annotator-b')).toHaveValue('bob');
  await expect(merged).toHaveText(bobs);
  await expect(page.getByTestId('adjudication-note')).toHaveValue('bob counted the tins; checked twice');
});

// A task adjudicated from the keyboard: on a row of the alignment, a/b take a side, x drops, e edits
// (the box takes the focus), j/k go through the rows and Alt+arrows move them.
test('the alignment rows are decided, walked and moved from the keyboard', async ({ page }) => {
  const url = new URL(host.url);
  url.hash = '#/adjudicate/retail-04';
  await page.goto(url.href);
  const rows = page.getByTestId('alignment-table').locator('tr[data-row-index]');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(2);
  const chosen = (i: number) => rows.nth(i).locator('input[type="radio"]:checked');
  await rows.nth(0).locator('input[type="radio"]').first().focus();
  // Row 1: take bob's call (a matched row offers both), then row 2 is dropped.
  await page.keyboard.press('b');
  await expect(chosen(0)).toHaveAccessibleName('take bob');
  await expect(chosen(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(chosen(1)).toBeFocused();
  await page.keyboard.press('x');
  await expect(chosen(1)).toHaveAccessibleName('drop');
  await expect(rows.nth(1)).toHaveClass(/dropped/);
  // Back to row 1, moved down past row 2: the focus goes with it.
  await page.keyboard.press('k');
  await expect(chosen(0)).toBeFocused();
  const first = (await rows.nth(0).locator('td').nth(2).textContent())!;
  await page.keyboard.press('Alt+ArrowDown');
  await expect(rows.nth(1).locator('td').nth(2)).toHaveText(first);
  await expect(chosen(1)).toBeFocused();
  await expect(page.getByTestId('merged-order')).toHaveText('in your order');
  // e: the row's call in a box of its own, with the focus to type in (keys there are text).
  await page.keyboard.press('e');
  const box = page.getByRole('textbox', { name: 'Edited call 2' });
  await expect(box).toBeFocused();
  await page.keyboard.press('x');
  await expect(box).toHaveValue(/x/);
  await expect(chosen(1)).toHaveAccessibleName('edit');
  // Moved last from its ↓ button, which the move disables: the focus stays on the row.
  const last = count - 1;
  const lastCall = (await rows.nth(last - 1).locator('td').nth(2).textContent())!;
  await rows.nth(last - 1).getByRole('button', { name: `Move row ${last} down` }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(rows.nth(last).locator('td').nth(2)).toHaveText(lastCall);
  await expect(chosen(last)).toBeFocused();
  // The palette runs a row's action on the row the focus goes back to.
  await rows.nth(2).locator('input[type="radio"]').first().focus();
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').fill("Take annotator B's call");
  await page.keyboard.press('Enter');
  await expect(chosen(2)).toHaveAccessibleName('take bob');
});

// n and p left the focus on the page's body (the task that had it was gone): j, a, b did nothing
// until twenty Tabs brought it back to the rows (an exploratory review).
test('n opens the next task with the focus on its first row, where the row keys go on working', async ({ page }) => {
  const url = new URL(host.url);
  url.hash = '#/adjudicate/restaurant-01';
  await page.goto(url.href);
  const rows = page.getByTestId('alignment-table').locator('tr[data-row-index]');
  await rows.first().locator('input[type="radio"]').first().focus();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/#\/adjudicate\/restaurant-02$/);
  const view = page.locator('[data-testid="adjudication-view"][data-task-id="restaurant-02"]');
  await expect(view.locator('tr[data-row-index]').first().locator('input[type="radio"]:focus')).toHaveCount(1);
  await page.keyboard.press('j');
  await expect(view.locator('tr[data-row-index]').nth(1).locator('input[type="radio"]:focus')).toHaveCount(1);
});
