// The studio's evaluation (evaluation.start) sends its last listing again on a reopen after a
// restart when nothing it came from changed, and makes the run again when anything did.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvents } from '../../shared/api/studio-events';
import { call, shopFiles } from '../../shared/eval/test-support/shop';
import { unpackRows } from '../../shared/eval/trajectory-row';
import { buildCli } from '../cli/build-cli.mjs';
import { writeDatasetFolder } from '../test-support/dataset-folder';
import { forgetListedRuns } from './evaluation/listed-run';
import { forgetParsedEntries } from './evaluation/score-cache';
import { startEvaluation } from './evaluation-session';
import { StudioEventBus } from './event-bus';

let dir: string;
let root: string;
let cacheDir: string;
const workerUrl = new URL('../../out/cli/eval-worker.mjs', import.meta.url);
const line = (id: string, product: string) =>
  JSON.stringify({ id, task_id: 't1', model: 'm', mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: product, quantity: 2 })] }] });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-session-'));
  root = path.join(dir, 'shop');
  cacheDir = path.join(dir, 'cache');
  await writeDatasetFolder(root, {
    ...shopFiles(),
    'trajectories/a.jsonl': [line('a1', 'Green Apple'), '{broken', line('a2', 'Red Apple')].join('\n'),
    'trajectories/b.jsonl': [line('b1', 'Red Apple'), line('a1', 'Green Apple')].join('\n') + '\n',
  });
  await buildCli(); // the workers run the bundled worker script
  await settle();
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let runs = 0;

/** A listing is kept only when no trajectory file changed a moment before the run (file-stamp.ts): let them settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** One evaluation.start as a host runs it, after a restart (nothing read in this process): what it sent. */
async function evaluateAfterRestart() {
  forgetListedRuns();
  forgetParsedEntries();
  const events = new StudioEventBus();
  const runId = `run-${++runs}`;
  const batches: StudioEvents['evaluation.rows'][] = [];
  let done: StudioEvents['evaluation.done'] | undefined;
  events.subscribe((name, payload) => {
    if (name === 'evaluation.rows') batches.push(payload as StudioEvents['evaluation.rows']);
    if (name === 'evaluation.done') done = payload as StudioEvents['evaluation.done'];
  });
  await startEvaluation({ events, workerUrl, cacheDir }, 'shop', root, runId as never);
  expect(done?.error).toBeUndefined();
  const { seconds, ...summary } = done!.summary!;
  expect(seconds).toBeGreaterThan(0);
  return { rows: batches.flatMap((b) => unpackRows(b.rows)), problems: batches.flatMap((b) => b.problems), summary };
}

/** The score cache's context folders (the listing is kept apart from them). */
const contexts = async () => (await readdir(cacheDir)).filter((n) => /^[0-9a-f]{64}$/.test(n));

describe('evaluation.start after a restart', () => {
  it('sends the last listing again when no input changed, and runs again when one did', async () => {
    const first = await evaluateAfterRestart();
    expect(first.summary).toMatchObject({ scoredFiles: 2, cachedFiles: 0, trajectories: 3 });
    expect(first.rows.map((r) => r.id)).toEqual(['a1', 'a2', 'b1']);
    expect(first.problems.map((p) => [p.file, p.line])).toEqual([
      ['trajectories/a.jsonl', 2],
      ['trajectories/b.jsonl', 2],
    ]);

    // The scores themselves are gone: only the listing can give the same rows, problems and figures.
    for (const context of await contexts()) await rm(path.join(cacheDir, context), { recursive: true });
    const again = await evaluateAfterRestart();
    expect(again).toEqual({ ...first, summary: { ...first.summary, scoredFiles: 0, cachedFiles: 2 } });

    // One trajectory file changed: the run is made again (everything scored, its scores were removed).
    const b = path.join(root, 'trajectories/b.jsonl');
    await writeFile(b, line('b1', 'Green Apple') + '\n');
    await settle();
    const changed = await evaluateAfterRestart();
    expect(changed.summary).toMatchObject({ scoredFiles: 2, cachedFiles: 0, trajectories: 3 });
    expect(changed.rows.find((r) => r.id === 'b1')?.label).toBe(first.rows.find((r) => r.id === 'a1')?.label); // b1 now buys what a1 does
    expect(changed.problems.map((p) => [p.file, p.line])).toEqual([['trajectories/a.jsonl', 2]]);
    for (const context of await contexts()) await rm(path.join(cacheDir, context), { recursive: true });
    const unchanged = await evaluateAfterRestart();
    expect(unchanged).toEqual({ ...changed, summary: { ...changed.summary, scoredFiles: 0, cachedFiles: 2 } });

    // A trajectory file that had just changed when the run started (here: dated ahead of the clock)
    // leaves no listing: the scores removed, the next open scores again.
    const soon = new Date(Date.now() + 60_000);
    await utimes(b, soon, soon);
    await evaluateAfterRestart();
    for (const context of await contexts()) await rm(path.join(cacheDir, context), { recursive: true });
    expect((await evaluateAfterRestart()).summary).toMatchObject({ scoredFiles: 2, cachedFiles: 0 });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(b, hourAgo, hourAgo);
    await settle();

    // A dataset file the loader reads changed (a task's instruction): the run is made again, from the scores it can use.
    const tasks = shopFiles()['tasks.jsonl'];
    await writeFile(path.join(root, 'tasks.jsonl'), tasks.replace('"instruction":"', '"instruction":"Now: '));
    const newTasks = await evaluateAfterRestart();
    expect(newTasks.summary).toMatchObject({ scoredFiles: 2, cachedFiles: 0 });
    expect(newTasks.rows).toEqual(unchanged.rows);

    // A damaged listing is none.
    const listings = path.join(cacheDir, 'listings');
    for (const name of await readdir(listings)) await writeFile(path.join(listings, name), '{"code":');
    const damaged = await evaluateAfterRestart();
    expect(damaged.summary).toMatchObject({ scoredFiles: 0, cachedFiles: 2 });
    expect(damaged.rows).toEqual(unchanged.rows);
  }, 120_000);
});
