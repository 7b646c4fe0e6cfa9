// The host goes away while bob types: his edits stay in the browser (IndexedDB), the status bar
// says `offline, N unsent`, he keeps editing; the host process is started again (same port and
// token, as a team host keeps its links) and the waiting edits drain in order: bob's file holds
// every edit, with no Export and no reload. Prints how long the drain took after the restart.
import { appendFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copySharedSample } from '../datasets-on-disk';
import { freePort, startStudioHost, type StudioHost } from '../studio-host';
import { replaceCalls, typeCalls } from '../annotate-editor';

const TASK = 'retail-05';
const token = `restart-${'x'.repeat(24)}`;

let work: string;
let dataset: string;
let configDir: string;
let port: number;
let host: StudioHost | undefined;

const start = async () => {
  host = await startStudioHost({ dataset, configDir, port, token });
  return host.url;
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-restart-'));
  dataset = path.join(work, 'egobench-sample');
  configDir = path.join(work, 'config');
  await copySharedSample(dataset);
  await mkdir(configDir);
  port = await freePort();
  await start();
});

test.afterAll(async () => {
  host?.process.kill('SIGTERM');
  if (work) await rm(work, { recursive: true, force: true });
});

const cart = (n: number) => [
  { tool_name: 'get_price', parameters: { product_name: `bob edit ${n}` } },
  { tool_name: 'add_to_cart', parameters: { user_id: 'maya_chen_204', product_name: `bob edit ${n}`, qty: n } },
];

/** The revisions of TASK's lines in bob's file, and the product each names. */
async function linesOnDisk(file: string): Promise<{ revision: number; product: string }[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((raw) => raw.trim())
    .map((raw) => JSON.parse(raw) as { task_id: string; revision: number; calls: { parameters: { product_name?: string } }[] })
    .filter((line) => line.task_id === TASK)
    .map((line) => ({ revision: line.revision, product: line.calls[0]?.parameters.product_name ?? '' }));
}

test('the host is killed while bob types; he keeps editing offline; after the restart his file holds every edit', async ({ page }) => {
  test.setTimeout(180_000);
  const file = path.join(dataset, 'annotations', 'bob.jsonl');
  const before = (await readFile(file, 'utf8')).length;
  const url = new URL(host!.url);
  url.searchParams.set('annotator', 'bob');
  url.hash = '#/annotate';
  await page.goto(url.href);
  await expect(page.getByTestId('annotator-name')).toHaveText('bob');
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await expect(page.getByTestId('gt-editor').locator('.view-lines')).toBeVisible({ timeout: 30_000 });
  const badge = page.getByTestId('write-through');

  // Online: an edit is in the file within a second or so (printed, not asserted tightly).
  let started = Date.now();
  await typeCalls(page, cart(1));
  await expect.poll(async () => (await linesOnDisk(file)).some((line) => line.product === 'bob edit 1'), { timeout: 10_000 }).toBe(true);
  const onlineMs = Date.now() - started;

  // The host dies in the middle of the typing (SIGKILL: no goodbye).
  await typeCalls(page, cart(2));
  host!.process.kill('SIGKILL');
  await expect(page.getByTestId('call-list')).toContainText('bob edit 2');
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  for (let n = 3; n <= 6; n++) await replaceCalls(page, cart(n));
  await expect(badge).toHaveText(/^offline, [1-9]\d* unsent$/, { timeout: 15_000 });
  const waiting = Number(await badge.getAttribute('data-unsent'));
  expect(waiting).toBeGreaterThanOrEqual(4);

  // The host comes back (same port and token); the page is not reloaded.
  started = Date.now();
  await start();
  await expect(badge).toHaveAttribute('data-unsent', '0', { timeout: 30_000 });
  await expect(badge).toHaveAttribute('data-state', 'saved');
  const drainMs = Date.now() - started;

  const lines = await linesOnDisk(file);
  for (let n = 1; n <= 6; n++) expect(lines.map((line) => line.product), `edit ${n} in bob.jsonl`).toContain(`bob edit ${n}`);
  // Appended in the order they were made, at rising revisions; nothing before them rewritten.
  const ours = lines.filter((line) => line.product.startsWith('bob edit'));
  expect(ours.map((line) => line.product)).toEqual([...ours.map((line) => line.product)].sort((a, b) => Number(a.slice(9)) - Number(b.slice(9))));
  expect(ours.map((line) => line.revision)).toEqual([...ours.map((line) => line.revision)].sort((a, b) => a - b));
  expect((await readFile(file, 'utf8')).length).toBeGreaterThan(before);
  console.log(
    `host restart benchmark: online edit in the file after ${onlineMs} ms; ${waiting} edits waited offline and drained ${drainMs} ms after the restart began (host start included)`,
  );
});

test('an adjudicator whose host restarted: the page opens the dataset again, an annotator change still reaches it, Finalize writes', async ({ page }) => {
  test.setTimeout(180_000);
  const task = 'retail-04';
  const url = new URL(host!.url);
  url.hash = `#/adjudicate/${task}`;
  await page.goto(url.href);
  await page.getByTestId('adjudicator-name').fill('restart-lead');
  await expect(page.getByTestId('finalize-button')).toBeEnabled({ timeout: 30_000 });

  // While the host is away, alice saves a new revision (a git pull, her own host): no watcher sees it.
  const aliceFile = path.join(dataset, 'annotations', 'alice.jsonl');
  const lines = (await readFile(aliceFile, 'utf8')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { task_id: string; revision: number });
  const latest = lines.filter((l) => l.task_id === task).reduce((x, y) => (y.revision >= x.revision ? y : x));
  const revision = (n: number) => `${JSON.stringify({ ...latest, revision: n, updated_at: new Date().toISOString() })}\n`;
  host!.process.kill('SIGKILL');
  await appendFile(aliceFile, revision(latest.revision + 1));
  await start();
  // The page opens the dataset again when its event stream is back, and reads what changed meanwhile.
  const notice = page.getByTestId('adjudication-set-back');
  await expect(notice).toContainText(`alice's rev ${latest.revision} became rev ${latest.revision + 1}`, { timeout: 30_000 });
  // And the host watches the files again: a revision written after the restart reaches the page too.
  await expect
    .poll(
      async () => {
        // Written again until it is seen: the host's watcher starts only once the page opened the dataset.
        await appendFile(aliceFile, revision(latest.revision + 2));
        return notice.innerText();
      },
      { timeout: 30_000, intervals: [2000] },
    )
    .toContain(`became rev ${latest.revision + 2}`);

  await page.getByTestId('finalize-button').click();
  await page.getByTestId('finalize-confirm').getByRole('button', { name: 'Finalize as shown' }).click();
  await expect(page.getByTestId('finalize-message')).toContainText('Written to ground_truth.jsonl');
  const written = (await readFile(path.join(dataset, 'ground_truth.jsonl'), 'utf8')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { task_id: string; adjudicator?: string });
  expect(written.find((l) => l.task_id === task)?.adjudicator).toBe('restart-lead');
});

/** Opens Replay's first run, stops the host, and saves an override of it as `reviewer`; returns the Replay URL. */
async function overrideWhileHostDown(page: Page, reviewer: string, reason: string): Promise<URL> {
  const url = new URL(host!.url);
  url.hash = '#/replay';
  await page.goto(url.href);
  const rows = page.getByTestId('trajectory-list').locator('[role=row]');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  await rows.first().click();
  const override = page.getByTestId('label-override');
  await expect(override).toBeVisible();

  host!.process.kill('SIGKILL');
  await override.getByLabel('Override label').selectOption('logic');
  await override.getByLabel('Reviewer').fill(reviewer);
  await override.getByLabel('Reason').fill(reason);
  await override.getByRole('button', { name: 'Save override' }).click();
  await expect(page.getByTestId('status-message')).toContainText('Override kept in this browser', { timeout: 15_000 });
  return url;
}

test("an override saved while the host is down reaches reviews/ after the restart, the page reloaded meanwhile; one deleted from the files is gone from Replay", async ({ page }) => {
  test.setTimeout(180_000);
  const url = await overrideWhileHostDown(page, 'offline-reviewer', 'saved while the host was down');

  // Back, and the page reloaded: the write waited in IndexedDB (it was in memory only, and lost).
  await start();
  await page.goto(url.href);
  const reviewFile = path.join(dataset, 'reviews', 'offline-reviewer.jsonl');
  await expect.poll(() => readFile(reviewFile, 'utf8').catch(() => ''), { timeout: 30_000 }).toContain('saved while the host was down');
  await expect(page.getByTestId('review-count')).toContainText('1 override');

  // The files are the truth: a review file removed (a git revert) takes its override out of Replay.
  await rm(reviewFile);
  await page.reload();
  await expect(page.getByTestId('trajectory-list').locator('[role=row]').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('review-count')).toContainText('0 overrides');
});

test('an override saved while the host is down: once it reaches reviews/, the status bar says so in place of the error', async ({ page }) => {
  test.setTimeout(180_000);
  await overrideWhileHostDown(page, 'returning-reviewer', 'saved while the host was down, no reload');
  const message = page.getByTestId('status-message');
  // Replay shown again while the host is away (a look at Reports): its read of the files fails too.
  await page.getByTestId('workspace-reports').click();
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('trajectory-list')).toBeVisible();

  await start();
  const reviewFile = path.join(dataset, 'reviews', 'returning-reviewer.jsonl');
  await expect.poll(() => readFile(reviewFile, 'utf8').catch(() => ''), { timeout: 30_000 }).toContain('no reload');
  await expect(message).toContainText('written to reviews/returning-reviewer.jsonl', { timeout: 10_000 });
  await expect(message).not.toContainText('kept in this browser, not yet');
});
