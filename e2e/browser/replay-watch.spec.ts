// Files written beside the studio while Replay is open: runs an agent runner writes under
// trajectories/ are scored and listed, and a teammate's review file shows its override, with no
// reload (the host's watcher; before, only a reload found them, and Reports said every file was read).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

const host = ownHost('replay-watch-e2e-', 'sample', copySample);

test('a run file and a review file written on disk while Replay is open reach it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(host.url + '#/replay');
  const status = page.getByTestId('evaluation-status');
  await expect(status).toHaveText(/^270 trajectories evaluated/, { timeout: 60_000 });

  // An agent runner writes a new model's runs (the sample's first file, under other ids).
  const models = path.join(host.dataset, 'trajectories');
  const first = path.join(models, (await readdir(models)).sort()[0]);
  const lines = (await readFile(path.join(first, (await readdir(first)).sort()[0]), 'utf8')).split('\n').filter((l) => l.trim());
  const runs = lines.map((l) => JSON.parse(l) as { id: string; model: string; task_id: string });
  await mkdir(path.join(models, 'runner-model'));
  await writeFile(path.join(models, 'runner-model', 'static.jsonl'), runs.map((r) => JSON.stringify({ ...r, id: `runner-${r.id}`, model: 'runner-model' })).join('\n') + '\n');
  await expect(status).toHaveText(new RegExp(`^${270 + runs.length} trajectories evaluated`), { timeout: 30_000 });

  // A teammate's review file.
  await expect(page.getByTestId('review-count')).toContainText('0 overrides');
  await mkdir(path.join(host.dataset, 'reviews'), { recursive: true });
  const review = { trajectory_id: `runner-${runs[0].id}`, label: 'logic', auto_label: 'perception', reason: 'written by a teammate', reviewer: 'mate', updated_at: new Date().toISOString() };
  await writeFile(path.join(host.dataset, 'reviews', 'mate.jsonl'), `${JSON.stringify(review)}\n`);
  await expect(page.getByTestId('review-count')).toContainText('1 override', { timeout: 30_000 });

  // Another reviewer differs on that run: its row says so, with who said what.
  const rival = { ...review, label: 'hallucination', reviewer: 'rival', reason: 'a value from nowhere', updated_at: new Date(Date.now() + 1000).toISOString() };
  await writeFile(path.join(host.dataset, 'reviews', 'rival.jsonl'), `${JSON.stringify(rival)}\n`);
  await page.getByLabel('Filter Task').fill(runs[0].task_id);
  const conflict = page.getByTestId('trajectory-list').locator(`[data-id="runner-${runs[0].id}"]`).getByTestId('review-conflict');
  await expect(conflict).toHaveAttribute('title', 'Reviewers differ (the latest counts): mate: logic; rival: hallucination', { timeout: 30_000 });
});

test('a run file written while a run is open leaves that run on screen: its call, its clip frame', async ({ page }) => {
  test.setTimeout(120_000);
  const models = path.join(host.dataset, 'trajectories');
  const first = path.join(models, (await readdir(models)).sort()[0]);
  const line = (await readFile(path.join(first, (await readdir(first)).sort()[0]), 'utf8')).split('\n')[0];
  const run = JSON.parse(line) as { id: string };
  await page.goto(`${host.url}#/replay/${encodeURIComponent(run.id)}/2`);
  const status = page.getByTestId('evaluation-status');
  await expect(status).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const before = Number(/^(\d+) trajectories/.exec((await status.textContent())!)![1]);
  await expect(page.getByTestId('video-player')).toBeVisible();
  await page.getByTestId('replay-step').click(); // the replay's keys
  for (let i = 0; i < 3; i++) await page.keyboard.press('f');
  const counter = page.getByTestId('frame-counter');
  await expect(counter).toHaveText('3');
  // Opened and closed again while the dataset is scored anew: watched in the page from now on.
  await page.evaluate(() => {
    const seen = { closed: false };
    (window as unknown as { replayClosed: typeof seen }).replayClosed = seen;
    new MutationObserver(() => {
      if (!document.querySelector('.replay-title')) seen.closed = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

  // An agent runner writes a run of another model.
  await mkdir(path.join(models, 'runner-two'));
  await writeFile(path.join(models, 'runner-two', 'static.jsonl'), `${JSON.stringify({ ...JSON.parse(line), id: `runner-two-${run.id}`, model: 'runner-two' })}\n`);
  await expect(status).toHaveText(new RegExp(`^${before + 1} trajectories evaluated`), { timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/2$`));
  await expect(counter).toHaveText('3');
  expect(await page.evaluate(() => (window as unknown as { replayClosed: { closed: boolean } }).replayClosed.closed)).toBe(false);
});
