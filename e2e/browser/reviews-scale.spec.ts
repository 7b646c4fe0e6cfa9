// A dataset whose reviews/ files hold thousands of overrides, opened in a fresh browser (nothing in
// its IndexedDB): Replay counts them all. Prints a benchmark line (no timed assertion): how long
// from opening Replay until the count is on screen.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const REVIEWERS = 30;

/** Every trajectory id of the dataset. */
function trajectoryIds(dataset: string): string[] {
  const dir = path.join(dataset, 'trajectories');
  const ids: string[] = [];
  for (const model of readdirSync(dir).sort())
    for (const file of readdirSync(path.join(dir, model)).sort())
      for (const line of readFileSync(path.join(dir, model, file), 'utf8').split('\n')) if (line.trim()) ids.push((JSON.parse(line) as { id: string }).id);
  return ids;
}

const host = ownHost('reviews-scale-e2e-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const ids = trajectoryIds(dataset);
  await mkdir(path.join(dataset, 'reviews'), { recursive: true });
  const at = Date.parse('2026-12-01T00:00:00.000Z');
  for (let r = 0; r < REVIEWERS; r++) {
    const reviewer = `reviewer-${String(r).padStart(2, '0')}`;
    const lines = ids.map((id, i) => JSON.stringify({ trajectory_id: id, label: 'logic', auto_label: 'perception', reason: 'checked by hand', reviewer, updated_at: new Date(at + i * 1000).toISOString() }));
    await writeFile(path.join(dataset, 'reviews', `${reviewer}.jsonl`), `${lines.join('\n')}\n`);
  }
});

test("thousands of overrides in the dataset's review files show in a fresh browser", async ({ page }) => {
  test.setTimeout(180_000);
  const total = trajectoryIds(host.dataset).length * REVIEWERS;
  await page.goto(host.url);
  await expect(page.getByTestId('status-host')).toHaveText('Browser host');
  const started = Date.now();
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('review-count')).toContainText(`${total.toLocaleString('en-US').replace(/,/g, '')} overrides`, { timeout: 120_000 });
  const shownMs = Date.now() - started;
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  const scoredMs = Date.now() - started;
  console.log(
    `reviews benchmark: ${total.toLocaleString('en-US')} overrides in ${REVIEWERS} review files counted in Replay ${shownMs} ms after opening it in a fresh browser ` +
      `(its runs scored and listed after ${scoredMs} ms at most); 1-minute load ${loadavg()[0].toFixed(2)}`,
  );
});
