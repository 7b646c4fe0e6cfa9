// A host's kept scoring workers: the same threads serve the next evaluation, which sees the
// dataset as it is now (not the one they scored before), with the figures of a fresh run.
import { appendFile, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../../shared/eval/test-support/shop';
import { buildCli } from '../../cli/build-cli.mjs';
import { writeDatasetFolder } from '../../test-support/dataset-folder';
import { KeptWorkers } from './kept-workers';
import { evaluateFolder, scoringBuildOf } from './run-evaluation';

let dir: string;
let root: string;
/**
 * The tests' own copy of the worker bundle, beside the CLI's (sql.js resolves from there): other
 * test files rebuild the CLI's while these run, and one test here changes its copy.
 */
const bundle = new URL(`../../../out/cli/eval-worker.kept-test-${process.pid}.mjs`, import.meta.url);
const line = (id: string, product: string) =>
  JSON.stringify({ id, task_id: 't1', model: 'm', mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: product, quantity: 2 })] }] });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-kept-'));
  root = path.join(dir, 'shop');
  await writeDatasetFolder(root, { ...shopFiles(), 'trajectories/a.jsonl': `${line('a1', 'Green Apple')}\n${line('a2', 'Red Apple')}\n` });
  await buildCli(); // the workers run the bundled worker script
  await copyFile(scoringBuildOf({}), bundle);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(bundle, { force: true });
});

const threadsOf = async (kept: KeptWorkers) => {
  const lease = await kept.lease(1);
  const ids = lease.pool.threadIds;
  await lease.release();
  return ids;
};
const labels = (report: Awaited<ReturnType<typeof evaluateFolder>>['report']) => report.trajectories.map((t) => [t.id, t.label, t.joint_succ]);

describe('kept scoring workers', () => {
  it('serve the next evaluation on the same threads, with the dataset as it is then', async () => {
    const kept = new KeptWorkers(bundle, { timeLimitMs: 10_000 });
    try {
      const options = { keptWorkers: kept, scoreOnCaller: false } as const;
      const first = await evaluateFolder(root, options);
      const threads = await threadsOf(kept);
      expect(labels(first.report)).toEqual(labels((await evaluateFolder(root, { workers: 0 })).report));
      expect(first.report.trajectories.map((t) => t.joint_succ)).toEqual([true, false]);

      // The ground truth now asks for the red apple: the kept workers score against that.
      const truth = { task_id: 't1', calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: 'Red Apple', quantity: 2 })], visual_refs: [] };
      await writeFile(path.join(root, 'ground_truth.jsonl'), `${JSON.stringify(truth)}\n`);
      const second = await evaluateFolder(root, options);
      expect(await threadsOf(kept)).toEqual(threads);
      expect(labels(second.report)).toEqual(labels((await evaluateFolder(root, { workers: 0 })).report));
      expect(second.report.trajectories.map((t) => t.joint_succ)).toEqual([false, true]);
    } finally {
      await kept.close();
    }
  });

  it('keep their engines and memos while the dataset is unchanged: a new trajectory file replays from memory', async () => {
    const kept = new KeptWorkers(bundle, { timeLimitMs: 10_000 });
    const cached = path.join(dir, 'cached');
    await writeDatasetFolder(cached, { ...shopFiles(), 'trajectories/a.jsonl': `${line('a1', 'Green Apple')}\n` });
    const options = { keptWorkers: kept, scoreOnCaller: false, cacheDir: path.join(dir, 'score-cache') } as const;
    try {
      const first = await evaluateFolder(cached, options);
      expect(first.memo.misses).toBeGreaterThan(0);
      // Only the new file is scored, by workers that ran the same calls for the first one.
      await writeFile(path.join(cached, 'trajectories/b.jsonl'), `${line('b1', 'Green Apple')}\n`);
      const second = await evaluateFolder(cached, options);
      expect([second.scoredFiles, second.cachedFiles]).toEqual([1, 1]);
      expect(second.memo).toMatchObject({ misses: 0 });
      expect(second.memo.hits).toBeGreaterThan(0);
      expect(labels(second.report)).toEqual(labels((await evaluateFolder(cached, { workers: 0 })).report));
    } finally {
      await kept.close();
    }
  });

  it('are sized for each evaluation, and started afresh when the worker bundle was rebuilt', async () => {
    const kept = new KeptWorkers(bundle);
    try {
      const two = await kept.lease(2);
      const threads = two.pool.threadIds;
      await two.release();
      const one = await kept.lease(1);
      expect(one.pool.threadIds).toEqual(threads.slice(0, 1));
      await one.release();
      // A build while the host runs (other code in the same file): its scores must come from the new code.
      await appendFile(bundle, '\n// rebuilt\n');
      const rebuilt = await kept.lease(1);
      expect(rebuilt.pool.threadIds).not.toEqual(threads.slice(0, 1));
      await rebuilt.release();
    } finally {
      await kept.close();
    }
  });

  it('lend a pool of its own to an evaluation that starts while they are busy, and end idle workers after a while', async () => {
    const kept = new KeptWorkers(bundle, { idleMs: 50 });
    try {
      const held = await kept.lease(1);
      const other = await kept.lease(1);
      expect(other.pool.threadIds).not.toEqual(held.pool.threadIds);
      await other.release();
      expect(other.pool.reusable).toBe(false); // ended
      await held.release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(held.pool.reusable).toBe(false); // ended once idle past idleMs
      const fresh = await kept.lease(1);
      expect(fresh.pool.threadIds).not.toEqual(held.pool.threadIds);
      await fresh.release();
    } finally {
      await kept.close();
    }
  });
});
