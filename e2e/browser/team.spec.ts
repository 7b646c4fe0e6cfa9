// A team host end to end: `egostudio team-add` makes alice and bob (annotators) and carol
// (adjudicator); the host serves a copy of the sample, blind. alice and bob open their personal
// links in two browser contexts (two IndexedDBs, as two machines): the link fixes who they are.
// bob's client is refused writing alice's file (403, the host's message) and the ground truth;
// while blind it reads none of alice's calls for a task he has not submitted, and his attempt to
// turn blind off shows the refusal; after he submits, he sees them. With blind off, alice and bob
// annotate one task: each one's agreement panel follows the other's edit, written through with no
// Export; the host is killed while bob types, he keeps editing (offline, N unsent), the host
// restarts on the same port and team.json, and bob's file holds every edit. carol adjudicates and
// finalizes.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { StudioApi } from '../../shared/api/studio-api';
import { copySharedSample } from '../datasets-on-disk';
import { replaceCalls } from '../annotate-editor';
import { freePort, startStudioHost, type StudioHost } from '../studio-host';

const TASK = 'retail-04';
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

let work: string;
let dataset: string;
let host: StudioHost;
let teamFile: string;
let port: number;
const links: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-team-'));
  dataset = path.join(work, 'egobench-sample');
  await copySharedSample(dataset);
  // bob reopened the task (a later draft line): he has not submitted it now.
  const bobLines = (await readFile(path.join(dataset, 'annotations', 'bob.jsonl'), 'utf8')).split('\n').filter((l) => l.includes(`"${TASK}"`));
  const reopened = { ...JSON.parse(bobLines.at(-1)!), status: 'draft', revision: 3, updated_at: '2026-12-01T00:00:00Z' };
  await appendFile(path.join(dataset, 'annotations', 'bob.jsonl'), `${JSON.stringify(reopened)}\n`);
  await writeFile(path.join(dataset, 'studio-project.json'), `${JSON.stringify({ agreement: { hide_while_annotating: true } })}\n`);
  await mkdir(path.join(work, 'config'));
  teamFile = path.join(work, 'team.json');
  port = await freePort();
  await startTeamHost();
  const base = host.url;
  for (const [name, role] of [['alice', 'annotator'], ['bob', 'annotator'], ['carol', 'adjudicator']]) {
    // The real command, as whoever runs the host types it.
    const out = execFileSync(process.execPath, ['src-main/cli/egostudio.mjs', 'team-add', teamFile, name, '--role', role, '--url', base], { cwd: repoRoot, encoding: 'utf8' });
    links[name] = /^(http\S+\?token=\S+)$/m.exec(out)![1];
  }
});

/** The team host on its fixed port: a restart keeps everyone's links (team.json holds their tokens' hashes). */
async function startTeamHost(): Promise<void> {
  host = await startStudioHost({ dataset, configDir: path.join(work, 'config'), port, args: ['--team', teamFile] });
}

test.afterAll(async () => {
  host?.stop();
  await rm(work, { recursive: true, force: true });
});

async function personPage(browser: Browser, name: string, hash: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${links[name]}${hash}`);
  return page;
}

/** A call on this page's own window.studio (its token, its host); resolves with the value or the error's message. */
const callFromPage = (page: Page, channel: 'readText' | 'writeText', args: string[]) =>
  page.evaluate(
    async ({ channel, args }) => {
      const studio = (window as unknown as { studio: StudioApi }).studio;
      const [datasetId] = (await studio.datasets.list()).map((d) => d.id);
      try {
        const call = studio.datasets[channel] as (...a: string[]) => Promise<unknown>;
        return { value: await call(datasetId, ...args) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
    { channel, args },
  );

test('the link fixes who each one is; bob is refused alice\'s file, the ground truth, and while blind her calls', async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await personPage(browser, 'alice', '#/annotate');
  const bob = await personPage(browser, 'bob', '#/annotate');
  // No "Who is annotating?" to answer, and no switching to someone else.
  await expect(alice.getByTestId('annotator-name')).toHaveText('alice');
  await expect(bob.getByTestId('annotator-name')).toHaveText('bob');
  await expect(bob.getByRole('button', { name: 'switch' })).toHaveCount(0);
  await expect(bob.getByTestId('annotator-gate')).toHaveCount(0);
  await expect(bob.getByTestId('status-host')).toHaveText('Browser host · bob (annotator)');

  // The host refuses, whatever the client sends: 403 with a message a person can act on.
  const status = await bob.evaluate(async () => {
    const response = await fetch('/api/datasets.list', { method: 'POST', headers: { 'Content-Type': 'application/json', 'x-studio-token': sessionStorage.getItem('egostudio.token')! }, body: '[]' });
    const [{ id }] = ((await response.json()) as { value: { id: string }[] }).value;
    const write = await fetch('/api/datasets.writeText', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-studio-token': sessionStorage.getItem('egostudio.token')! },
      body: JSON.stringify([id, 'annotations/alice.jsonl', '{}\n']),
    });
    return write.status;
  });
  expect(status).toBe(403);
  const aliceBefore = await readFile(path.join(dataset, 'annotations', 'alice.jsonl'), 'utf8');
  expect(await callFromPage(bob, 'writeText', ['annotations/alice.jsonl', '{}\n'])).toEqual({ error: expect.stringContaining("annotations/alice.jsonl is alice's file") });
  expect(await callFromPage(bob, 'writeText', ['ground_truth.jsonl', ''])).toEqual({ error: expect.stringMatching(/^Only an adjudicator writes ground_truth\.jsonl/) });
  expect(await readFile(path.join(dataset, 'annotations', 'alice.jsonl'), 'utf8')).toBe(aliceBefore);

  // Blind: bob has not submitted the task, so his client gets none of alice's lines for it.
  const hidden = await callFromPage(bob, 'readText', ['annotations/alice.jsonl']);
  expect(hidden.value).toContain('"task_id":"retail-01"'); // a task bob submitted
  expect(hidden.value).not.toContain(`"task_id":"${TASK}"`);
  expect((await callFromPage(alice, 'readText', ['annotations/alice.jsonl'])).value).toBe(aliceBefore);

  // bob cannot turn blind off either: the box is his to read, not to change (the host would refuse it too).
  await bob.goto(`${new URL(links.bob).origin}/#/adjudicate`);
  await expect(bob.getByTestId('blind-setting')).toBeChecked();
  await expect(bob.getByTestId('blind-setting')).toBeDisabled();
  expect(await callFromPage(bob, 'writeText', ['studio-project.json', '{"agreement":{"hide_while_annotating":false}}\n'])).toEqual({
    error: expect.stringContaining('Only an adjudicator changes studio-project.json'),
  });
  expect(JSON.parse(await readFile(path.join(dataset, 'studio-project.json'), 'utf8')).agreement.hide_while_annotating).toBe(true);

  // bob submits the task (and exports: the write-through comes with another change): now he sees alice's calls.
  await bob.goto(`${new URL(links.bob).origin}/#/annotate`);
  await expect(bob.getByTestId('annotator-name')).toHaveText('bob');
  await bob.getByTestId('import-annotations').click();
  await expect(bob.getByTestId('status-message')).toContainText('from annotations/bob.jsonl');
  await bob.locator(`[data-task-id="${TASK}"]`).click();
  await bob.getByTestId('submit-task').click();
  await expect(bob.getByTestId('submit-task')).toHaveText('Reopen');
  await bob.getByTestId('export-annotations').click();
  await expect(bob.getByTestId('status-message')).toHaveText(/^(Exported \d+ annotation\(s\) to annotations\/bob\.jsonl|Nothing to export: annotations\/bob\.jsonl already holds every annotation of yours)/);
  await expect.poll(async () => (await callFromPage(bob, 'readText', ['annotations/alice.jsonl'])).value).toContain(`"task_id":"${TASK}"`);
  await alice.context().close();
  await bob.context().close();
});

const SHARED_TASK = 'household-06'; // both drafts, the same calls: exact agreement to start with

/** A person's Annotate page on SHARED_TASK with the agreement panel beside the editor. */
async function annotating(browser: Browser, name: string): Promise<Page> {
  const page = await personPage(browser, name, '#/annotate');
  await expect(page.getByTestId('annotator-name')).toHaveText(name);
  await page.locator(`[data-task-id="${SHARED_TASK}"]`).click();
  await expect(page.getByTestId('gt-editor').locator('.view-lines')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('agreement-tab').click();
  await expect(page.getByTestId('agreement-panel')).toBeVisible();
  return page;
}

const exactOf = (page: Page) => page.getByTestId('agreement-panel').getByTestId('agreement-exact');
const calls = (who: string, n: number) => [
  { tool_name: 'get_item_details', parameters: { item_name: `${who} edit ${n}` } },
];

async function sharedTaskLines(name: string): Promise<string[]> {
  const text = await readFile(path.join(dataset, 'annotations', `${name}.jsonl`), 'utf8');
  return text.split('\n').filter((l) => l.includes(`"${SHARED_TASK}"`));
}

test('blind off: alice and bob follow each other live; bob keeps editing while the host is down, and his file holds every edit', async ({ browser }) => {
  test.setTimeout(300_000);
  // The setting changed outside the studio (an adjudicator's commit pulled in): the host reads it per request.
  await writeFile(path.join(dataset, 'studio-project.json'), `${JSON.stringify({ agreement: { hide_while_annotating: false } })}\n`);
  const alice = await annotating(browser, 'alice');
  const bob = await annotating(browser, 'bob');
  for (const page of [alice, bob]) await expect(exactOf(page)).toHaveAttribute('data-value', 'true', { timeout: 20_000 });
  const latencies: string[] = [];
  const follows = async (label: string, page: Page, value: 'true' | 'false') => {
    const started = Date.now();
    await expect(exactOf(page)).toHaveAttribute('data-value', value, { timeout: 10_000 });
    latencies.push(`${label} ${Date.now() - started} ms`);
  };
  // alice's edit reaches bob's panel through her file (no Export), and bob's reaches hers.
  await replaceCalls(alice, calls('shared', 1));
  await follows("bob's panel after alice's edit", bob, 'false');
  await replaceCalls(bob, calls('shared', 1));
  await follows("alice's panel after bob's edit", alice, 'true');
  // bob's save is his: alice's status bar does not call it saved (every client hears every write).
  await expect(alice.getByTestId('status-message')).not.toContainText('annotations/bob.jsonl');
  expect((await sharedTaskLines('alice')).some((l) => l.includes('shared edit 1'))).toBe(true);

  // The host dies while bob types; he keeps editing.
  const badge = bob.getByTestId('write-through');
  await replaceCalls(bob, calls('bob', 2));
  host.process.kill('SIGKILL');
  for (let n = 3; n <= 5; n++) await replaceCalls(bob, calls('bob', n));
  await expect(badge).toHaveText(/^offline, [1-9]\d* unsent$/, { timeout: 15_000 });
  await startTeamHost();
  await expect(badge).toHaveAttribute('data-unsent', '0', { timeout: 60_000 });
  const bobLines = await sharedTaskLines('bob');
  for (let n = 2; n <= 5; n++) expect(bobLines.some((l) => l.includes(`bob edit ${n}`)), `bob edit ${n} in bob.jsonl`).toBe(true);
  console.log(`team benchmark: ${latencies.join('; ')}`);
  await alice.context().close();
  await bob.context().close();
});

test('carol, the adjudicator, adjudicates and finalizes the task', async ({ browser }) => {
  test.setTimeout(120_000);
  // An annotator may compare in Adjudicate, not finalize: the button says so (it was enabled, and the host refused after a click).
  const bob = await personPage(browser, 'bob', `#/adjudicate/${TASK}`);
  await expect(bob.getByTestId('finalize-button')).toBeDisabled({ timeout: 30_000 });
  await expect(bob.getByTestId('finalize-button')).toHaveAttribute('title', "Your team link is an annotator's: an adjudicator finalizes");
  await bob.context().close();
  const page = await personPage(browser, 'carol', '#/reports');
  // The link names her the adjudicator: the Adjudicate workspace fills her name in.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('egobench.adjudicator'))).toBe('carol');
  // Annotate is not hers to write in: it says so instead of asking who annotates.
  await page.goto(`${new URL(links.carol).origin}/#/annotate`);
  await expect(page.getByTestId('annotate-not-annotator')).toContainText("your link is carol's, an adjudicator");
  await page.goto(`${new URL(links.carol).origin}/#/adjudicate`);
  await expect(page.getByTestId('adjudicator-name')).toHaveValue('carol');
  // Her link says who she is: the field cannot write another name into the ground truth.
  await expect(page.getByTestId('adjudicator-name')).not.toBeEditable();
  await page.getByTestId('adjudicate-dashboard-tab').click();
  const dashboard = page.getByTestId('agreement-dashboard');
  await dashboard.getByTestId('disagreements').locator(`[data-task-id="${TASK}"] button`).click();
  await page.getByTestId('take-all-b').click();
  await page.getByTestId('adjudication-note').fill('Five tins on the clip.');
  await page.getByTestId('finalize-button').click();
  // The task has ground truth with other calls than bob's: Finalize names them and asks.
  const question = page.getByTestId('finalize-confirm');
  await expect(question).toContainText("Replace the ground truth's calls?");
  await question.getByRole('button', { name: 'Replace them' }).click();
  await expect(page.getByTestId('finalize-message')).toContainText('source adjudicated');
  const written = (await readFile(path.join(dataset, 'ground_truth.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .find((l) => l.task_id === TASK);
  expect(written).toMatchObject({ task_id: TASK, source: 'adjudicated', adjudicator: 'carol', note: 'Five tins on the clip.' });
  await page.context().close();
});
