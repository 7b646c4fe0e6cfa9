// Replay's dialogue search finds listed runs by the line of the file they were read from: a line
// scoring left out (its id repeats an earlier run's) must not find that earlier run, and a run whose
// id is a JSON number (read as text, scored, listed) is found as any other (an exploratory review).
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

/** The sample with one more file: a repeat of the first run's id, and a run whose id is the number 7. */
async function sampleWithOddIds(dataset: string): Promise<void> {
  await copySample(dataset);
  const dir = path.join(dataset, 'trajectories');
  const model = readdirSync(dir).sort()[0];
  const first = JSON.parse(readFileSync(path.join(dir, model, readdirSync(path.join(dir, model)).sort()[0]), 'utf8').split('\n')[0]);
  const said = (words: string) => [{ role: 'user', turn: 0, content: words }];
  const lines = [{ ...first, dialogue: said('a quokkaphrase here') }, { ...first, id: 7, model: 'numid', dialogue: said('a wombatphrase here') }];
  await writeFile(path.join(dir, 'zz-odd-ids.jsonl'), lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}

const host = ownHost('replay-search-e2e-', 'egobench-sample', sampleWithOddIds);

test('the dialogue search finds no run through a line left out, and finds a run whose id is a number', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(host.url);
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  const count = page.getByTestId('list-count');
  // The list's rows arrive after the status says ready: "0 of 0" was read once as the total.
  await expect(count).toHaveText(/^([1-9][\d,]*) of \1$/);
  const total = Number((await count.textContent())!.split(' of ')[1].replace(/,/g, ''));
  const search = page.getByLabel('Search the dialogue');
  await search.fill('quokkaphrase');
  await expect(count).toHaveText(`0 of ${total.toLocaleString('en-US')}`);
  await search.fill('wombatphrase');
  await expect(count).toHaveText(`1 of ${total.toLocaleString('en-US')}`);
  await expect(page.getByTestId('trajectory-list').locator('[role=row][data-id="7"]')).toBeVisible();
});
