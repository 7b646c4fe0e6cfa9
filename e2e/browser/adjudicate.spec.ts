// Agreement and adjudication end to end, on a temporary copy of the sample dataset served by a
// browser host of this spec's own (so the repository's ground_truth.jsonl is never touched):
// two browser contexts as two annotators (alice, bob: two IndexedDBs, as two machines), each with
// an Annotate tab and an Adjudicate tab. An edit shows in the same context's agreement panel
// through dexie live queries, and, written through to annotations/<name>.jsonl without any
// Export, in the other context's panel through the file watcher (SSE). Then a
// disputed task is adjudicated and its line is read back from ground_truth.jsonl on disk.
// ADJUDICATE_SCREENSHOTS=DIR saves screenshots.
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { copySharedSample } from '../datasets-on-disk';
import { startStudioHost } from '../studio-host';
import { replaceCalls } from '../annotate-editor';

const TASK = 'retail-04';
const screenshots = process.env.ADJUDICATE_SCREENSHOTS;

// The second test adjudicates what the first one left on disk.
test.describe.configure({ mode: 'serial' });

let work: string;
let dataset: string;
let host: ChildProcess;
let studioUrl: string;
let originalGroundTruth: string[];

async function startHost(datasetDir: string, configDir: string): Promise<string> {
  const started = await startStudioHost({ dataset: datasetDir, configDir });
  host = started.process;
  return started.url;
}

function latestLine(text: string, taskId: string): { revision: number; calls: unknown[]; status: string } {
  let best: { revision: number; calls: unknown[]; status: string } | null = null;
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    const line = JSON.parse(raw) as { task_id: string; revision: number; calls: unknown[]; status: string };
    if (line.task_id === taskId && (!best || line.revision >= best.revision)) best = line;
  }
  return best!;
}

const latestCalls = (text: string, taskId: string): unknown[] => latestLine(text, taskId).calls;

/** A page in a browser context of its own (a person's browser), at `hash` of the host. */
async function pageAt(browser: Browser, hash: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto(withQuery('', hash));
  return { context, page };
}

/** A task's line of the dataset's ground_truth.jsonl as it is on disk now. */
interface TruthLine {
  task_id: string;
  calls: { tool_name: string; parameters: unknown }[];
  visual_refs: unknown[];
  adjudicator?: string;
  note?: string;
}
async function truthLineOnDisk(taskId: string): Promise<TruthLine> {
  const lines = (await readFile(path.join(dataset, 'ground_truth.jsonl'), 'utf8')).split('\n').filter((l) => l.trim());
  return lines.map((l) => JSON.parse(l) as TruthLine).find((l) => l.task_id === taskId)!;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-adjudicate-'));
  dataset = path.join(work, 'egobench-sample');
  await copySharedSample(dataset);
  // Make the task disputed again: its ground-truth line goes; every other line must survive.
  const lines = (await readFile(path.join(dataset, 'ground_truth.jsonl'), 'utf8')).split('\n').filter((l) => l.trim());
  originalGroundTruth = lines.filter((l) => JSON.parse(l).task_id !== TASK);
  await writeFile(path.join(dataset, 'ground_truth.jsonl'), `${originalGroundTruth.join('\n')}\n`);
  await mkdir(path.join(work, 'config'));
  studioUrl = await startHost(dataset, path.join(work, 'config'));
});

test.afterAll(async () => {
  host?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

function withQuery(query: string, hash: string): string {
  const url = new URL(studioUrl);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  url.hash = hash;
  return url.href;
}

/**
 * Drops alice's reference to Red Lentils, which no call of the task's ground truth names once bob's
 * calls are taken (the first tests): Finalize would ask whether to keep it.
 */
async function dropUnnamedReference(page: Page): Promise<void> {
  await page.getByTestId('reference-rows').locator('tr[data-entity="red lentils"]').getByLabel('drop').check();
}

async function annotatorTabs(browser: Browser, name: string): Promise<{ annotate: Page; adjudicate: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const annotate = await context.newPage();
  await annotate.goto(withQuery(`annotator=${name}`, '#/annotate'));
  await expect(annotate.getByTestId('annotator-name')).toHaveText(name);
  // Start from the annotator's file, as someone continuing their work would.
  await annotate.getByTestId('import-annotations').click();
  await expect(annotate.getByTestId('status-message')).toContainText(`from annotations/${name}.jsonl`);
  await annotate.locator(`[data-task-id="${TASK}"]`).click();
  // Monaco and its workers load on first use: slow on a busy machine.
  await expect(annotate.getByTestId('gt-editor').locator('.view-lines')).toBeVisible({ timeout: 30_000 });
  // Annotate shows the same panel beside the editor.
  await annotate.getByTestId('agreement-tab').click();
  await expect(annotate.getByTestId('agreement-panel')).toBeVisible();
  const adjudicate = await context.newPage();
  await adjudicate.goto(withQuery('', '#/adjudicate'));
  await adjudicate.getByTestId('adjudicate-task-list').locator(`[data-task-id="${TASK}"]`).click();
  await expect(adjudicate.getByTestId('agreement-panel')).toBeVisible();
  return { annotate, adjudicate };
}

const exactOf = (page: Page) => page.getByTestId('agreement-panel').getByTestId('agreement-exact');

test('two annotators in two browser contexts: each panel follows both', async ({ browser }) => {
  // Four pages (two people, two tabs each) each load Monaco and a worker: about 2 min alone on
  // two cores, more beside another test. How fast each panel follows (the aim: 1 s) is printed as a
  // benchmark line; the assertion allows 10 s, since a loaded CI machine is not a measurement.
  test.setTimeout(300_000);
  const latencies: string[] = [];
  const follows = async (label: string, page: Page, value: 'true' | 'false') => {
    const started = Date.now();
    await expect(exactOf(page)).toHaveAttribute('data-value', value, { timeout: 10_000 });
    latencies.push(`${label} ${Date.now() - started} ms`);
  };
  const bobCalls = latestCalls(await readFile(path.join(dataset, 'annotations', 'bob.jsonl'), 'utf8'), TASK);
  const alice = await annotatorTabs(browser, 'alice');
  const bob = await annotatorTabs(browser, 'bob');
  // The sample's alice and bob disagree on a quantity in this task.
  for (const tab of [alice.adjudicate, bob.adjudicate]) {
    await expect(exactOf(tab)).toHaveAttribute('data-value', 'false');
    await expect(tab.getByTestId('agreement-call-f1')).toContainText('0.667');
    await expect(tab.getByTestId('agreement-diffs')).toContainText('qty');
  }

  // alice takes bob's calls: her other tab sees it through dexie; bob's context, with no Export,
  // through write-through (her file on the host), the watcher and the event stream.
  const aliceFile = path.join(dataset, 'annotations', 'alice.jsonl');
  const aliceBefore = await readFile(aliceFile, 'utf8');
  await replaceCalls(alice.annotate, bobCalls);
  await follows('own other tab', alice.adjudicate, 'true');
  await follows('own tab', alice.annotate, 'true');
  await expect(alice.adjudicate.getByTestId('agreement-call-f1')).toContainText('1');
  await follows('other context, no export', bob.adjudicate, 'true');
  await follows('other context annotate tab, no export', bob.annotate, 'true');
  const aliceAfter = await readFile(aliceFile, 'utf8');
  expect(aliceAfter.startsWith(aliceBefore), 'lines are appended, none rewritten').toBe(true);
  expect(latestCalls(aliceAfter, TASK)).toEqual(bobCalls);

  // bob drops his last call: his own panel first, alice's through his file.
  await replaceCalls(bob.annotate, bobCalls.slice(0, 2));
  await follows('own other tab', bob.adjudicate, 'false');
  await expect(bob.adjudicate.getByTestId('agreement-diffs')).toContainText('only alice');
  await follows('other context, no export', alice.adjudicate, 'false');
  await follows('other context annotate tab, no export', alice.annotate, 'false');
  await expect(alice.adjudicate.getByTestId('agreement-call-f1')).toContainText('0.8');
  await expect(alice.annotate.getByTestId('write-through')).toHaveAttribute('data-unsent', '0');
  console.log(`adjudicate benchmark: agreement panel follows an edit in ${latencies.join(', ')} (aim: 1000 ms each)`);
  if (screenshots) {
    await alice.adjudicate.screenshot({ path: path.join(screenshots, 'adjudicate-panel.png'), fullPage: true });
    await bob.annotate.screenshot({ path: path.join(screenshots, 'annotate-bob.png') });
  }
  // Changed after Submit, each annotation is a draft again: each annotator submits it again.
  for (const [name, tab] of [['alice', alice.annotate], ['bob', bob.annotate]] as const) {
    await expect(tab.getByTestId('submit-task')).toHaveText('Submit');
    await tab.getByTestId('submit-task').click();
    await expect(tab.getByTestId('submit-task')).toHaveText('Reopen');
    // In the file before the page closes: the badge says 0 unsent already while the submit waits for
    // its save delay, and the next test then found a draft winning (the task 'annotating').
    const file = path.join(dataset, 'annotations', `${name}.jsonl`);
    await expect.poll(async () => latestLine(await readFile(file, 'utf8'), TASK).status, { timeout: 15_000 }).toBe('submitted');
    await expect(tab.getByTestId('write-through')).toHaveAttribute('data-unsent', '0', { timeout: 15_000 });
  }
  await alice.annotate.context().close();
  await bob.annotate.context().close();
});

test('a disputed task is adjudicated into ground_truth.jsonl; the dashboard lists it', async ({ browser }) => {
  // ~42 s alone; 1.1-1.4 min in CI's two workers on two cores, and twice past 1.5 min on 2026-12-06.
  test.setTimeout(150_000);
  const { context, page } = await pageAt(browser, '#/adjudicate');
  await page.getByTestId('adjudicator-name').fill('e2e-lead');

  // Lifecycle counts: every task but this one has ground truth; those whose annotators differ
  // are counted apart ("disputed (GT exists)"), the rest as adjudicated.
  const counts = page.getByTestId('lifecycle-counts');
  const count = async (stage: string) => Number(await counts.locator(`[data-count="${stage}"]`).innerText());
  const row = page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${TASK}"]`);
  await expect(row).toHaveAttribute('data-stage', 'disputed');
  await expect.poll(async () => (await count('adjudicated')) + (await count('disputed_gt'))).toBe(29);
  const disputedWithGt = await count('disputed_gt');
  expect(disputedWithGt, 'the sample has disagreements on tasks with ground truth').toBeGreaterThan(0);

  // Dashboard: figures and this task among the disagreements.
  await page.getByTestId('adjudicate-dashboard-tab').click();
  const dashboard = page.getByTestId('agreement-dashboard');
  await expect(dashboard.getByTestId('dashboard-overall')).toBeVisible();
  await expect(dashboard.getByTestId('disagreements').locator(`[data-task-id="${TASK}"]`)).toBeVisible();
  await expect(dashboard.getByText('(updating…)')).toBeHidden();
  // Every disagreement listed is reachable from the task list: the filter of its stage lists it,
  // and the disputed filters list nothing else.
  const listed = await dashboard
    .getByTestId('disagreements')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-task-id')!, r.querySelector('[data-stage]')?.getAttribute('data-stage') ?? '']));
  const byStage = new Map<string, string[]>();
  for (const [id, stage] of listed) byStage.set(stage, [...(byStage.get(stage) ?? []), id]);
  expect(byStage.get('disputed_gt')?.length ?? 0).toBe(disputedWithGt);
  await page.getByTestId('adjudicate-tasks-tab').click();
  for (const [stage, ids] of byStage) {
    await counts.locator(`button[data-stage="${stage}"]`).click();
    const shown = await page.getByTestId('adjudicate-task-list').locator('[data-task-id]').evaluateAll((items) => items.map((i) => i.getAttribute('data-task-id')));
    if (stage.startsWith('disputed')) expect(shown.sort(), stage).toEqual([...ids].sort());
    else expect(shown, stage).toEqual(expect.arrayContaining(ids));
  }
  await counts.getByRole('button', { name: /^all/ }).click();
  await page.getByTestId('adjudicate-dashboard-tab').click();
  if (screenshots) await page.screenshot({ path: path.join(screenshots, 'adjudicate-dashboard.png'), fullPage: true });
  await dashboard.getByTestId('disagreements').locator(`[data-task-id="${TASK}"] button`).click();

  // The task: diff, alignment (bob dropped a call above), runs, decision, rationale, finalize.
  await expect(page.getByTestId('adjudication-diff').locator('.monaco-diff-editor')).toBeVisible();
  const alignment = page.getByTestId('alignment-table');
  await expect(alignment.locator('tr[data-kind="match"]')).toHaveCount(2);
  await expect(alignment.locator('tr[data-kind="onlyA"]')).toContainText('add_to_shopping_list');
  // The task's clip, with each annotator's visual references on a track of its own; the clip's
  // keys of the keymap step it here as everywhere.
  const clip = page.getByTestId('adjudication-clip');
  await expect(clip.locator('.track')).toHaveCount(2);
  await expect(clip.getByTestId('frame-counter')).toHaveText('0', { timeout: 20_000 });
  await page.getByTestId('take-all-a').focus();
  await page.keyboard.press('f');
  await expect(clip.getByTestId('frame-counter')).toHaveText('1');
  await page.getByTestId('take-all-b').click();
  // Taking bob's calls takes his order; a row moved makes it the adjudicator's own, and the merged
  // sequence follows the rows.
  await expect(page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  const merged = page.getByTestId('merged-calls').locator('li');
  const firstTwo = await merged.evaluateAll((items) => items.slice(0, 2).map((item) => item.textContent));
  await alignment.getByRole('button', { name: 'Move row 2 up' }).click();
  await expect(page.getByTestId('merged-order')).toHaveText('in your order');
  await expect(merged.nth(0)).toHaveText(firstTwo[1]!);
  await expect(merged.nth(1)).toHaveText(firstTwo[0]!);
  // Undo goes back over the move (Ctrl+Z outside a text field, or the button), Redo forward again.
  await page.getByTestId('take-all-a').focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await expect(merged.nth(0)).toHaveText(firstTwo[0]!);
  await page.getByTestId('adjudication-redo').click();
  await expect(page.getByTestId('merged-order')).toHaveText('in your order');
  await page.getByTestId('adjudication-undo').click();
  await expect(page.getByTestId('adjudication-redo')).toBeEnabled();
  await page.getByTestId('take-all-b').click();
  await expect(page.getByTestId('adjudication-redo')).toBeDisabled(); // a new decision drops what was undone
  await expect(page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await page.getByTestId('run-sequences').click();
  await expect(page.getByTestId('run-results')).toContainText('merged');
  // A browser left open on the task (it took the draft as it was then) before the rationale is written.
  const stale = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  await stale.page.getByTestId('adjudicator-name').fill('e2e-lead');
  await expect(stale.page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await page.getByTestId('adjudication-note').fill('The clip shows five tins; bob is right.');
  // The draft reaches the dataset as it is made (adjudication/<adjudicator>.jsonl), not only this browser.
  const draftFile = path.join(dataset, 'adjudication', 'e2e-lead.jsonl');
  const draftOnDisk = () => readFile(draftFile, 'utf8').catch(() => '');
  await expect.poll(draftOnDisk, { timeout: 5000 }).toContain('The clip shows five tins; bob is right.');
  // Its Finalize would write what it shows and delete the newer draft unseen: it shows that draft to
  // choose instead, and writes nothing.
  await stale.page.getByTestId('finalize-button').click();
  await expect(stale.page.getByTestId('draft-conflict')).toContainText('The clip shows five tins; bob is right.');
  await expect(stale.page.getByTestId('finalize-message')).toContainText('Another tab or browser saved a draft of this task');
  expect(await draftOnDisk()).toContain('The clip shows five tins; bob is right.');
  expect(await truthLineOnDisk(TASK)).toBeUndefined();
  await stale.context.close();
  await expect(page.getByTestId('draft-status')).toHaveText('Draft kept in adjudication/e2e-lead.jsonl until Finalize.');
  // A reload (or another task or workspace meanwhile) keeps the choices and the rationale made so far.
  await page.reload();
  await page.getByTestId('adjudicate-dashboard-tab').click();
  await dashboard.getByTestId('disagreements').locator(`[data-task-id="${TASK}"] button`).click();
  await expect(page.getByTestId('adjudication-note')).toHaveValue('The clip shows five tins; bob is right.');
  // So does another tab (closing this one lost them, when they were the tab's).
  const second = await context.newPage();
  await second.goto(withQuery('', `#/adjudicate/${encodeURIComponent(TASK)}`));
  await expect(second.getByTestId('adjudication-note')).toHaveValue('The clip shows five tins; bob is right.');
  await expect(second.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await second.close();
  // So does another browser (its own storage: another machine), from the file, once the adjudicator is named.
  const elsewhere = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  await expect(elsewhere.page.getByTestId('draft-status')).toHaveAttribute('data-kind', 'browser');
  await elsewhere.page.getByTestId('adjudicator-name').fill('e2e-lead');
  await expect(elsewhere.page.getByTestId('adjudication-note')).toHaveValue('The clip shows five tins; bob is right.');
  await expect(elsewhere.page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await elsewhere.context.close();
  // A browser that decided before it was named holds another draft than the file's: it asks, and writes nothing meanwhile.
  const rival = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  await rival.page.getByTestId('take-all-a').click();
  await rival.page.getByTestId('adjudicator-name').fill('e2e-lead');
  await expect(rival.page.getByTestId('draft-conflict')).toContainText('The clip shows five tins; bob is right.');
  expect(await draftOnDisk()).toContain('The clip shows five tins; bob is right.');
  await rival.page.getByTestId('take-their-draft').click();
  await expect(rival.page.getByTestId('adjudication-note')).toHaveValue('The clip shows five tins; bob is right.');
  await expect(rival.page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await rival.context.close();
  if (screenshots) await page.screenshot({ path: path.join(screenshots, 'adjudicate-task.png'), fullPage: true });
  await page.getByTestId('finalize-button').click();
  // bob left the shopping-list call out: the reference to its entity, kept by default, is asked about.
  const keepReference = page.getByTestId('finalize-confirm');
  await expect(keepReference).toContainText('"the orange bag I pointed at" → Red Lentils');
  await keepReference.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('finalize-message')).toContainText('source adjudicated');
  // Finalized: the task's draft leaves the dataset's file too, and the line says so.
  await expect.poll(draftOnDisk, { timeout: 5000 }).not.toContain(`"task_id":"${TASK}"`);
  await expect(page.getByTestId('draft-status')).toHaveText("Finalized: this task's draft leaves adjudication/e2e-lead.jsonl.");
  // Settled: alice and bob still differ (the dashboard keeps listing it), but the line settled their
  // revisions as they are, so the task list shows it adjudicated (it stayed 'disputed (GT exists)'),
  // its ground truth named on the badge; the line records what it settled.
  await expect(row).toHaveAttribute('data-stage', 'adjudicated');
  await expect(row.locator('.stage-badge')).toHaveText('adjudicated');
  await expect(row.locator('.stage-badge')).toHaveAttribute('title', 'ground truth: adjudicated by e2e-lead');

  const text = await readFile(path.join(dataset, 'ground_truth.jsonl'), 'utf8');
  const lines = text.split('\n').filter((l) => l.trim());
  const written = lines.map((l) => JSON.parse(l)).find((l) => l.task_id === TASK);
  expect(written).toMatchObject({ task_id: TASK, source: 'adjudicated', adjudicator: 'e2e-lead', note: 'The clip shows five tins; bob is right.' });
  expect(Object.keys(written.settled).sort()).toEqual(['alice', 'bob']);
  const bobNow = latestCalls(await readFile(path.join(dataset, 'annotations', 'bob.jsonl'), 'utf8'), TASK);
  expect(written.calls).toEqual(bobNow);
  // Every other line is kept as it was.
  expect(lines.filter((l) => JSON.parse(l).task_id !== TASK)).toEqual(originalGroundTruth);

  // The blind-annotation setting is a project setting: it lands in the dataset. Ticked while the
  // page reads ground_truth.jsonl again (changed on disk; its reads held here), it stays ticked
  // once that read ends: the reload applied an older copy of the settings over it (CI caught it).
  let held = 0;
  let answered = 0;
  await page.route('**/api/datasets.readText', async (route) => {
    if (!route.request().postData()?.includes('ground_truth.jsonl')) return route.continue();
    held++;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response: await route.fetch() });
    answered++;
  });
  await writeFile(path.join(dataset, 'ground_truth.jsonl'), text);
  await expect.poll(() => held).toBeGreaterThan(0);
  await page.getByTestId('blind-setting').check();
  await expect.poll(() => answered, { timeout: 15_000 }).toBe(held);
  await page.waitForTimeout(500); // the reload applies what it read
  await expect(page.getByTestId('blind-setting')).toBeChecked();
  await expect
    .poll(async () => JSON.parse(await readFile(path.join(dataset, 'studio-project.json'), 'utf8').catch(() => '{}')).agreement?.hide_while_annotating)
    .toBe(true);
  await context.close();
});

test("a finalized task reopened begins from its ground truth; an annotator's new revision carries the merged sequence over, and says so", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  // The test before finalized bob's calls with a rationale: reopened in a new tab, the rows give
  // those calls (not alice's, the defaults, which a second Finalize wrote over them) and the rationale is there.
  const truthCalls = (await truthLineOnDisk(TASK)).calls.map((c) => `${c.tool_name} ${JSON.stringify(c.parameters)}`);
  const merged = page.getByTestId('merged-calls').locator('li');
  await expect(merged).toHaveText(truthCalls);
  await expect(page.getByTestId('adjudication-note')).toHaveValue('The clip shows five tins; bob is right.');
  await page.getByTestId('take-all-b').click();
  await expect(page.getByTestId('merged-order')).toHaveText(/^in (alice's and )?bob's order$/);
  await expect(page.getByTestId('adjudication-set-back')).toBeHidden();
  const aliceFile = path.join(dataset, 'annotations', 'alice.jsonl');
  const before = await readFile(aliceFile, 'utf8');
  try {
    const lines = before.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { task_id: string; revision: number; calls: unknown[] });
    const latest = lines.filter((l) => l.task_id === TASK).reduce((x, y) => (y.revision >= x.revision ? y : x));
    // Her new revision has a call fewer: the comparison is computed again, with other rows (the
    // carry-over read the old rows for the new calls, lost the choices, or failed on a missing call).
    await writeFile(aliceFile, `${before}${JSON.stringify({ ...latest, calls: latest.calls.slice(0, -1), revision: latest.revision + 1, updated_at: new Date().toISOString() })}\n`);
    const notice = page.getByTestId('adjudication-set-back');
    await expect(notice).toContainText(`alice's rev ${latest.revision} became rev ${latest.revision + 1} while you adjudicated`, { timeout: 10_000 });
    await expect(notice).toContainText('your merged sequence was carried over');
    await expect(merged).toHaveText(truthCalls);
  } finally {
    await writeFile(aliceFile, before);
    await context.close();
  }
});

test("an annotation line edited in place (its revision kept) carries the merged sequence over, and says so", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  const truthCalls = (await truthLineOnDisk(TASK)).calls.map((c) => `${c.tool_name} ${JSON.stringify(c.parameters)}`);
  const merged = page.getByTestId('merged-calls').locator('li');
  await page.getByTestId('adjudicator-name').fill('e2e-lead-7');
  await page.getByTestId('take-all-b').click();
  await expect(merged).toHaveText(truthCalls);
  const draftsFile = path.join(dataset, 'adjudication', 'e2e-lead-7.jsonl');
  const taskDrafts = async () =>
    (await readFile(draftsFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter((l) => l.includes(`"task_id":${JSON.stringify(TASK)}`))
      .map((l) => JSON.parse(l) as { annotations: { content?: unknown }[]; merged: unknown[] });
  await expect.poll(async () => (await taskDrafts()).length).toBe(1);
  const firstContents = (await taskDrafts()).map((d) => d.annotations.map((a) => a.content));
  const aliceFile = path.join(dataset, 'annotations', 'alice.jsonl');
  const before = await readFile(aliceFile, 'utf8');
  try {
    const lines = before.split('\n').filter((l) => l.trim());
    const parsed = lines.map((l) => JSON.parse(l) as { task_id: string; revision: number; calls: unknown[] });
    const latest = parsed.reduce((x, y) => (y.task_id === TASK && (x.task_id !== TASK || y.revision >= x.revision) ? y : x));
    // Her line rewritten with a call fewer and the same revision (a hand edit, a merge in git): the
    // draft's row decisions fell on the new rows without a word before.
    const edited = lines.map((l, i) => (parsed[i] === latest ? JSON.stringify({ ...latest, calls: latest.calls.slice(0, -1) }) : l));
    await writeFile(aliceFile, `${edited.join('\n')}\n`);
    const notice = page.getByTestId('adjudication-set-back');
    await expect(notice).toContainText(`alice's rev ${latest.revision} was edited in place (same revision number) while you adjudicated`, { timeout: 10_000 });
    await expect(notice).toContainText('your merged sequence was carried over');
    await expect(merged).toHaveText(truthCalls);
    // The draft in the dataset names the contents it was made on: alice's is her edited line's now.
    const contents = async () => (await taskDrafts()).map((d) => d.annotations.map((a) => a.content));
    await expect.poll(contents).not.toEqual(firstContents);
    expect((await contents())[0].every((c) => typeof c === 'string')).toBe(true);
    expect((await contents())[0][1]).toBe(firstContents[0][1]);
  } finally {
    await writeFile(aliceFile, before);
    await context.close();
  }
});

test('finalizing keeps the ground truth references the adjudicator did not remove; each is a row of its own', async ({ browser }) => {
  test.setTimeout(90_000);
  const gtFile = path.join(dataset, 'ground_truth.jsonl');
  // The task's ground truth carries a reference neither annotator wrote (e.g. from an earlier adjudication).
  const kept = { id: 'gt-ref-1', description: 'the tins on the top shelf', entity: 'ZZ Tins', start: 1, end: 2 };
  const lines = (await readFile(gtFile, 'utf8')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
  await writeFile(gtFile, `${lines.map((l) => JSON.stringify(l.task_id === TASK ? { ...l, visual_refs: [kept] } : l)).join('\n')}\n`);

  const { context, page } = await pageAt(browser, '#/adjudicate');
  await page.getByTestId('adjudicator-name').fill('e2e-lead-2');
  await page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${TASK}"]`).click();
  // The task is in the address: a reload opens it again.
  await expect(page).toHaveURL(new RegExp(`#/adjudicate/${TASK}$`));
  await page.reload();
  await expect(page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${TASK}"]`)).toHaveAttribute('aria-current', 'true');
  const refRows = page.getByTestId('reference-rows');
  const keptRow = refRows.locator('tr[data-entity="zz tins"]');
  await expect(keptRow).toHaveAttribute('data-choice', 'keep');
  await expect(keptRow).toContainText('the tins on the top shelf');
  // alice's reference to Red Lentils, which no call of the ground truth names now, is asked about; the kept one is not.
  await page.getByTestId('finalize-button').click();
  const question = page.getByTestId('finalize-confirm');
  await expect(question).toContainText('"the orange bag I pointed at" → Red Lentils');
  await expect(question).not.toContainText('ZZ Tins');
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('finalize-message')).toContainText('Written to ground_truth.jsonl');
  const line = await truthLineOnDisk(TASK);
  expect(line.adjudicator).toBe('e2e-lead-2');
  expect(line.visual_refs).toContainEqual(kept);

  // Dropping it is the adjudicator's explicit choice.
  await keptRow.getByLabel('drop').check();
  await refRows.locator('tr[data-entity="red lentils"]').getByLabel('drop').check();
  await page.getByTestId('finalize-button').click();
  await expect.poll(async () => JSON.stringify(await readFile(gtFile, 'utf8'))).not.toContain('gt-ref-1');
  await context.close();
});

test('finalizing over a ground-truth line someone else wrote since the adjudication began asks first', async ({ browser }) => {
  test.setTimeout(90_000);
  const gtFile = path.join(dataset, 'ground_truth.jsonl');
  const { context, page } = await pageAt(browser, '#/adjudicate');
  await page.getByTestId('adjudicator-name').fill('e2e-lead-3');
  await page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${TASK}"]`).click();
  await expect(page.getByTestId('finalize-button')).toBeEnabled();
  await dropUnnamedReference(page); // its own question is not this test's
  // Another adjudicator finalizes the task meanwhile; the view follows the file.
  const lines = (await readFile(gtFile, 'utf8')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
  const theirs = `${lines.map((l) => JSON.stringify(l.task_id === TASK ? { ...l, adjudicator: 'dave', note: 'five tins' } : l)).join('\n')}\n`;
  await writeFile(gtFile, theirs);
  await expect(page.getByTestId('adjudication-view')).toContainText('dave');
  await page.getByTestId('finalize-button').click();
  const question = page.getByTestId('finalize-confirm');
  await expect(question).toContainText('The ground truth changed since you began');
  await expect(question).toContainText('by dave');
  await page.getByTestId('finalize-confirm-cancel').click();
  expect(await readFile(gtFile, 'utf8')).toBe(theirs);
  await page.getByTestId('finalize-button').click();
  await question.getByRole('button', { name: 'Replace it' }).click();
  await expect(page.getByTestId('finalize-message')).toContainText('Written to ground_truth.jsonl');
  const line = await truthLineOnDisk(TASK);
  expect(line.adjudicator).toBe('e2e-lead-3');
  await context.close();
});

test('an annotation changed after it was submitted is marked in the list, shown in the comparison and named by Accept agreed', async ({ browser }) => {
  test.setTimeout(90_000);
  const AGREED = 'warehouse-04';
  const gtFile = path.join(dataset, 'ground_truth.jsonl');
  const bobFile = path.join(dataset, 'annotations', 'bob.jsonl');
  const settingsFile = path.join(dataset, 'studio-project.json');
  const [gtBefore, bobBefore] = await Promise.all([readFile(gtFile, 'utf8'), readFile(bobFile, 'utf8')]);
  // bob first submitted the task with no calls (revision 0), then wrote alice's calls: agreed now, changed after submitting.
  const early = { task_id: AGREED, annotator: 'bob', calls: [], visual_refs: [], status: 'submitted', revision: 0, updated_at: '2026-01-02T10:00:00Z' };
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    await writeFile(gtFile, `${gtBefore.split('\n').filter((l) => l.trim() && (JSON.parse(l) as { task_id: string }).task_id !== AGREED).join('\n')}\n`);
    await writeFile(bobFile, `${JSON.stringify(early)}\n${bobBefore}`);
    await writeFile(settingsFile, JSON.stringify({ agreement: { hide_while_annotating: true } }));
    const page = await context.newPage();
    await page.goto(withQuery('', '#/adjudicate'));
    await page.getByTestId('adjudicator-name').fill('e2e-lead-5');
    const item = page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${AGREED}"]`);
    await expect(item).toHaveAttribute('data-stage', 'agreed');
    await expect(item.getByTestId('changed-mark')).toBeVisible();

    await page.getByTestId('accept-agreed').click();
    await expect(page.getByTestId('accept-agreed-confirm')).toContainText(`${AGREED} was changed by an annotator after submitting`);
    await page.getByTestId('accept-agreed-confirm-cancel').click();

    await item.click();
    const notice = page.getByTestId('changed-after-submit');
    await expect(notice).toContainText('bob changed this task after submitting it: revision 0 (0 call(s)');
    await expect(notice).toContainText("Annotation is blind: submitting showed bob alice's annotation");
    // Once bob's file no longer holds the early line, nothing is said.
    await writeFile(bobFile, bobBefore);
    await expect(notice).toBeHidden({ timeout: 10_000 });
    await expect(item.getByTestId('changed-mark')).toBeHidden();
  } finally {
    await Promise.all([writeFile(gtFile, gtBefore), writeFile(bobFile, bobBefore), rm(settingsFile, { force: true })]);
    await context.close();
  }
});

test('Accept agreed names the calls both annotators got wrong alike before it writes them', async ({ browser }) => {
  test.setTimeout(90_000);
  const AGREED = 'warehouse-04';
  const gtFile = path.join(dataset, 'ground_truth.jsonl');
  const files = ['alice', 'bob'].map((name) => path.join(dataset, 'annotations', `${name}.jsonl`));
  const [gtBefore, ...before] = await Promise.all([readFile(gtFile, 'utf8'), ...files.map((f) => readFile(f, 'utf8'))]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    await writeFile(gtFile, `${gtBefore.split('\n').filter((l) => l.trim() && (JSON.parse(l) as { task_id: string }).task_id !== AGREED).join('\n')}\n`);
    // Both add the same misspelt call: it fails alike for both, so the task stays agreed.
    await Promise.all(
      files.map((file, i) => {
        const latest = latestLine(before[i], AGREED);
        const wrong: Record<string, unknown> = { ...latest, calls: [...latest.calls, { tool_name: 'move_itme', parameters: {} }], revision: latest.revision + 1, updated_at: new Date().toISOString() };
        delete wrong['x-studio'];
        return writeFile(file, `${before[i]}${JSON.stringify(wrong)}\n`);
      }),
    );
    const page = await context.newPage();
    await page.goto(withQuery('', '#/adjudicate'));
    await page.getByTestId('adjudicator-name').fill('e2e-lead-6');
    await expect(page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${AGREED}"]`)).toHaveAttribute('data-stage', 'agreed');
    await page.getByTestId('accept-agreed').click();
    const question = page.getByTestId('accept-agreed-confirm');
    await expect(question).toContainText('with call problems?');
    const wrongCall = latestLine(before[0], AGREED).calls.length + 1;
    await expect(question.getByTestId('accept-agreed-problems')).toContainText(`${AGREED}: call ${wrongCall} (move_itme): the scenario's tools.json defines no tool "move_itme"`);
    await expect(question.getByRole('button', { name: 'Write 1 line anyway' })).toBeVisible();
    await page.getByTestId('accept-agreed-confirm-cancel').click();
  } finally {
    await Promise.all([writeFile(gtFile, gtBefore), ...files.map((f, i) => writeFile(f, before[i]))]);
    await context.close();
  }
});

test('Accept agreed tasks names them and writes their lines only once asked', async ({ browser }) => {
  test.setTimeout(90_000);
  const gtFile = path.join(dataset, 'ground_truth.jsonl');
  // alice and bob submitted the same calls for this task; without its ground truth it is agreed.
  const AGREED = 'warehouse-04';
  const lines = (await readFile(gtFile, 'utf8')).split('\n').filter((l) => l.trim());
  const without = `${lines.filter((l) => (JSON.parse(l) as { task_id: string }).task_id !== AGREED).join('\n')}\n`;
  await writeFile(gtFile, without);
  const { context, page } = await pageAt(browser, '#/adjudicate');
  await page.getByTestId('adjudicator-name').fill('e2e-lead-4');
  await expect(page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${AGREED}"]`)).toHaveAttribute('data-stage', 'agreed');
  const accept = page.getByTestId('accept-agreed');
  await expect(accept).toHaveText('Accept 1 agreed task(s)');

  await accept.click();
  const question = page.getByTestId('accept-agreed-confirm');
  await expect(question).toContainText(`for ${AGREED}.`);
  await expect(question).toContainText('adjudicated by e2e-lead-4');
  await page.getByTestId('accept-agreed-confirm-cancel').click();
  expect(await readFile(gtFile, 'utf8')).toBe(without);

  // Someone else finalizes the task while the question is open: the write refuses, their line stays.
  await accept.click();
  const theirs = `${without}${JSON.stringify({ task_id: AGREED, calls: [], visual_refs: [], source: 'adjudicated', adjudicator: 'dave' })}\n`;
  await writeFile(gtFile, theirs);
  await expect(page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${AGREED}"]`)).toHaveAttribute('data-stage', 'adjudicated');
  await question.getByRole('button', { name: 'Write 1 line' }).click();
  await expect(page.getByTestId('status-message')).toContainText(`the ground truth of ${AGREED} was changed by someone else`);
  expect(await readFile(gtFile, 'utf8')).toBe(theirs);
  await writeFile(gtFile, without);
  await expect(page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${AGREED}"]`)).toHaveAttribute('data-stage', 'agreed');

  await accept.click();
  await question.getByRole('button', { name: 'Write 1 line' }).click();
  await expect(page.getByTestId('adjudicate-task-list').locator(`[data-task-id="${AGREED}"]`)).toHaveAttribute('data-stage', 'adjudicated');
  const after = (await readFile(gtFile, 'utf8')).split('\n').filter((l) => l.trim());
  expect(after.slice(0, -1).join('\n')).toBe(without.trim()); // every other line as it was
  const line = JSON.parse(after.at(-1)!) as { task_id: string; adjudicator?: string; calls: unknown[] };
  expect(line.task_id).toBe(AGREED);
  expect(line.adjudicator).toBe('e2e-lead-4');
  expect(line.calls).toEqual(latestCalls(await readFile(path.join(dataset, 'annotations', 'alice.jsonl'), 'utf8'), AGREED));
  await context.close();
});

test('from the keyboard: n and p open the next and previous task of the list, Ctrl+Enter in the rationale finalizes', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  await page.getByTestId('adjudicator-name').fill('e2e-keys');
  const list = page.getByTestId('adjudicate-task-list').locator('[data-task-id]');
  const ids = await list.evaluateAll((items) => items.map((item) => item.getAttribute('data-task-id')!));
  const at = ids.indexOf(TASK);
  await expect(page.getByTestId('finalize-button')).toBeEnabled();
  await page.getByTestId('take-all-a').focus();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(new RegExp(`#/adjudicate/${ids[at + 1]}$`));
  await page.keyboard.press('p');
  await expect(page).toHaveURL(new RegExp(`#/adjudicate/${TASK}$`));
  await dropUnnamedReference(page);
  await page.getByTestId('adjudication-note').fill('Settled from the keyboard.');
  await page.keyboard.press('Control+Enter');
  // The calls are the ground truth's already (the task was finalized before): no question, the line is written.
  await expect(page.getByTestId('finalize-message')).toContainText('Written to ground_truth.jsonl');
  const line = await truthLineOnDisk(TASK);
  expect(line.note).toBe('Settled from the keyboard.');
  await context.close();
});

test('a call neither annotator wrote is added as a row of its own and finalized into the ground truth', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await pageAt(browser, `#/adjudicate/${encodeURIComponent(TASK)}`);
  await page.getByTestId('adjudicator-name').fill('e2e-add');
  const merged = page.getByTestId('merged-calls').locator('li');
  await expect(page.getByTestId('finalize-button')).toBeEnabled();
  const before = await merged.count();
  await page.getByTestId('add-call').click();
  const added = page.getByTestId('alignment-table').locator('tr[data-kind="added"]');
  await expect(added).toContainText('added by you');
  // Its call's edit box is under it, in a row of its own: the added row is the last one.
  const addedCall = page.getByTestId('alignment-table').getByRole('textbox').last();
  await expect(addedCall, 'the call is typed next: its box has the focus').toBeFocused();
  const missed = { tool_name: 'get_cart', parameters: { user_id: 'e2e-user' } };
  await addedCall.fill(JSON.stringify(missed));
  await expect(merged).toHaveCount(before + 1);
  await expect(merged.last()).toHaveText(`get_cart ${JSON.stringify(missed.parameters)}`);
  // Undo takes the added row away again; redo brings it back.
  await page.getByTestId('adjudication-undo').click();
  await expect(added).toHaveCount(0);
  await page.getByTestId('adjudication-redo').click();
  await expect(added).toHaveCount(1);
  await addedCall.fill(JSON.stringify(missed));
  await page.getByTestId('finalize-button').click();
  const question = page.getByTestId('finalize-confirm');
  while (!(await page.getByTestId('finalize-message').isVisible())) {
    await expect(question.or(page.getByTestId('finalize-message'))).toBeVisible();
    if (await question.isVisible()) await question.getByRole('button').last().click();
  }
  await expect(page.getByTestId('finalize-message')).toContainText('Written to ground_truth.jsonl');
  const line = await truthLineOnDisk(TASK);
  expect(line.calls.at(-1)).toEqual(missed);
  await context.close();
});
