// A score cache that cannot be made, read or written costs time, never the evaluation: it goes
// off with one warning, and the report is the one scored without it.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../../shared/eval/test-support/shop';
import { writeDatasetFolder } from '../../test-support/dataset-folder';
import { evaluateFolder } from './run-evaluation';
import { forgetParsedEntries, onScoreCacheOff, type ScoreCacheOffListener } from './score-cache';

let dir: string;
let root: string;
const trajectories: Record<string, string> = {};
const warnings: [string, string][] = [];
let before: ScoreCacheOffListener;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-score-cache-'));
  root = path.join(dir, 'shop');
  const line = (id: string, product: string) =>
    JSON.stringify({ id, task_id: 't1', model: 'm', mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: product, quantity: 2 })] }] });
  trajectories['trajectories/a.jsonl'] = line('a1', 'Green Apple') + '\n{broken\n';
  trajectories['trajectories/b.jsonl'] = line('b1', 'Red Apple') + '\n';
  await writeDatasetFolder(root, { ...shopFiles(), ...trajectories });
  before = onScoreCacheOff((cacheDir, reason) => warnings.push([cacheDir, reason]));
});
afterEach(() => {
  warnings.length = 0;
  forgetParsedEntries();
});
afterAll(async () => {
  onScoreCacheOff(before);
  await rm(dir, { recursive: true, force: true });
});

const plain = async () => (await evaluateFolder(root, { workers: 0 })).report;

describe('a score cache that fails', () => {
  it('whose folder cannot be made: scores every file as without a cache, with one warning naming the folder', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a folder');
    const cacheDir = path.join(blocker, 'scores');
    const run = await evaluateFolder(root, { workers: 0, cacheDir });
    expect(run.report).toEqual(await plain());
    expect([run.scoredFiles, run.cachedFiles]).toEqual([2, 0]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0][0]).toBe(cacheDir);
    expect(warnings[0][1]).toMatch(/^ENOTDIR: not a directory, mkdir /);
  });

  it('whose entries cannot be written mid-run: the run goes on without it, with one warning', async () => {
    const cacheDir = path.join(dir, 'cache-write');
    await evaluateFolder(root, { workers: 0, cacheDir }); // makes the context folder
    const [context] = (await readdir(cacheDir)).filter((n) => /^[0-9a-f]{64}$/.test(n));
    const folder = path.join(cacheDir, context);
    // The entries go; where a.jsonl's evidence is written stands a folder (a write fails, even as root).
    await rm(folder, { recursive: true });
    await mkdir(folder);
    const hash = createHash('sha256').update(trajectories['trajectories/a.jsonl']).digest('hex');
    await mkdir(path.join(folder, `${hash}.evidence.json`));
    forgetParsedEntries();
    const run = await evaluateFolder(root, { workers: 0, cacheDir });
    expect(run.report).toEqual(await plain());
    expect(warnings).toHaveLength(1);
    expect(warnings[0][0]).toBe(cacheDir);
    expect(warnings[0][1]).toMatch(/^E[A-Z]+: /);
    // Off from the failure on: the engine problems were not written after it.
    expect(await readdir(folder)).not.toContain('engine-problems.json');
  });

  it('whose files cannot be read: goes off and scores every file', async () => {
    const cacheDir = path.join(dir, 'cache-read');
    await evaluateFolder(root, { workers: 0, cacheDir });
    const [context] = (await readdir(cacheDir)).filter((n) => /^[0-9a-f]{64}$/.test(n));
    const index = path.join(cacheDir, context, 'files.json');
    await rm(index);
    await mkdir(index); // reading it fails with EISDIR
    forgetParsedEntries();
    const run = await evaluateFolder(root, { workers: 0, cacheDir });
    expect(run.report).toEqual(await plain());
    expect([run.scoredFiles, run.cachedFiles]).toEqual([2, 0]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0][1]).toMatch(/^EISDIR: /);
  });
});
