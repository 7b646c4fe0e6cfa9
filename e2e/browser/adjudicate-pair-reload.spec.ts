// Adjudicate keeps the pair of annotators chosen through a reload of the tab (and, below, says why
// Ctrl+Enter cannot finalize). With a third annotator chosen as B, a reload kept the task in the
// address but compared the first two (alice and bob) again, without a word (an exploratory
// review, 3 of 3 runs).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

// The sample with a third annotator, dana, who wrote what bob wrote.
const host = ownHost('adjudicate-pair-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const bob = await readFile(path.join(dataset, 'annotations', 'bob.jsonl'), 'utf8');
  await writeFile(path.join(dataset, 'annotations', 'dana.jsonl'), bob.replaceAll('"annotator":"bob"', '"annotator":"dana"'));
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
