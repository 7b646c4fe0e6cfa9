// A whole float an agent writes (`2.0`) from the release's result file to the egobench profile's
// ResultSucc: the official tools store it as a float and its state hash tells `2.0` from `2`
// (../shared/egobench/BEHAVIOUR.md, consequences 1 and 4), so the import keeps it and scoring
// binds it as a REAL.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../cli/build-cli.mjs';
import { evaluateFolder } from '../evaluation/run-evaluation';
import { importEgobench } from './index';
import { scoreImportedFile } from './official-check';

const nutrition = { basis: 'PER_100G', calories_kcal: 10 };
const INIT = {
  kitchen: { kitchen_init_data: { ingredients: [{ name: 'Beef', quantity: 4, category: 'Meat', nutrition }], recipes: [], user_menus: [], user_shopping_lists: [] } },
  order: {
    order_init_data: {
      dishes: [{ name: 'Margherita', restaurant_name: 'Annie Italian Restaurant', category: 'Pizza', price: 30, tax_rate: 0.1, discount: 1, nutrition }],
      set_meals: [],
      user_orders: [],
    },
  },
};
const shoppingCall = (quantity: string) => `{"tool_name": "add_to_shopping_list", "parameters": {"user_id": "cook_001", "ingredient_name": "Beef", "quantity": ${quantity}}}`;
const orderCall = (quantity: string) =>
  `{"tool_name": "add_dish_to_order", "parameters": {"restaurant_name": "Annie Italian Restaurant", "user_id": "customer_002", "dish_name": "Margherita", "quantity": ${quantity}}}`;
/** Tasks as the release writes them: kitchen's quantity a string, order's an int (tasks 3 and 4: a float, as a hand-written ground truth may). */
const TASKS = {
  kitchen: `[{"task_id": 1, "Instruction": "User ID: cook_001", "ground_truth": [${shoppingCall('"2"')}], "key": "", "value": []}, {"task_id": 2, "Instruction": "User ID: cook_001", "ground_truth": [${shoppingCall('"2"')}], "key": "", "value": []}]`,
  order: `[${[1, 2, 3, 4].map((n) => `{"task_id": ${n}, "Instruction": "User ID: customer_002", "ground_truth": [${orderCall(n <= 2 ? '1' : '1.0')}], "key": "", "value": []}`).join(', ')}]`,
};
/** Runs paired by position with the tasks: the first writes a whole float, the second an int. */
const run = (n: number, call: string) => `{"task_id": ${n}, "tool_calls": [{"turn": 0, "calls": [${call}]}], "dialogue": []}`;
const RESULTS = {
  kitchen1_static: `[${run(1, shoppingCall('2.0'))}, ${run(2, shoppingCall('2'))}]`,
  order1_static: `[${run(1, orderCall('1.0'))}, ${run(2, orderCall('1'))}, ${run(3, orderCall('1.0'))}, ${run(4, orderCall('1'))}]`,
};

let release: string;
let out: string;
beforeAll(async () => {
  release = await mkdtemp(path.join(os.tmpdir(), 'egobench-rel-'));
  out = await mkdtemp(path.join(os.tmpdir(), 'egobench-out-'));
  for (const dir of ['tasks', 'tools', 'init', 'results/agent']) await mkdir(path.join(release, dir), { recursive: true });
  for (const [family, init] of Object.entries(INIT)) {
    await writeFile(path.join(release, 'init', `${family}_init.json`), JSON.stringify(init));
    await writeFile(path.join(release, 'tools', `${family}_tools.json`), '[]');
    await writeFile(path.join(release, 'tasks', `${family}1.json`), TASKS[family as keyof typeof TASKS]);
  }
  for (const [name, text] of Object.entries(RESULTS)) await writeFile(path.join(release, 'results/agent', `${name}.json`), text);
  const imported = await importEgobench(release, out);
  expect(imported.problems).toEqual([]);
});
afterAll(async () => {
  await rm(release, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

const resultSucc = async (file: string) => (await scoreImportedFile(out, `trajectories/agent/${file}.jsonl`)).scores.map((s) => s.score.result_succ);

describe('a whole float in an agent call', () => {
  it('is written by the import as the release wrote it', async () => {
    const lines = (await readFile(path.join(out, 'trajectories/agent/kitchen1_static.jsonl'), 'utf8')).trim().split('\n');
    expect(lines[0]).toContain('"quantity":2.0');
    expect(lines[1]).toContain('"quantity":2}');
  });

  it('kitchen: 2.0 stores what the ground truth\'s "2" stores, so only the int 2 fails ResultSucc', async () => {
    expect(await resultSucc('kitchen1_static')).toEqual([true, false]);
  });

  it('order: 1.0 is not the ground truth\'s int 1, so it fails ResultSucc (and against a ground truth\'s 1.0, 1 fails)', async () => {
    expect(await resultSucc('order1_static')).toEqual([false, true, true, false]);
  });

  const expected = {
    'agent/kitchen1_static/1': true,
    'agent/kitchen1_static/2': false,
    'agent/order1_static/1': false,
    'agent/order1_static/2': true,
    'agent/order1_static/3': true,
    'agent/order1_static/4': false,
  };
  const succOf = (report: Awaited<ReturnType<typeof evaluateFolder>>['report']) => Object.fromEntries(report.trajectories.map((t) => [t.id, t.result_succ]));

  it('the CLI\'s evaluation says the same, every run scored in one thread (their calls are not one memo entry)', async () => {
    expect(succOf((await evaluateFolder(out, { workers: 0 })).report)).toEqual(expected);
  });

  it('and in worker threads, which get the ground truth as a clone: its marks go with it', { timeout: 120_000 }, async () => {
    await buildCli(); // the workers run the bundled worker script
    expect(succOf((await evaluateFolder(out, { workers: 2, scoreOnCaller: false, chunkBytes: 200 })).report)).toEqual(expected);
  });

  it('a ground truth edited from 1.0 to 1 is scored again, not read from the score cache', { timeout: 120_000 }, async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'egobench-edit-'));
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'egobench-cache-'));
    try {
      await cp(out, copy, { recursive: true });
      expect(succOf((await evaluateFolder(copy, { workers: 0, cacheDir })).report)).toEqual(expected);
      const truths = path.join(copy, 'ground_truth.jsonl');
      const text = await readFile(truths, 'utf8');
      expect(text).toContain('"quantity":1.0');
      await writeFile(truths, text.replaceAll('"quantity":1.0', '"quantity":1'));
      const again = await evaluateFolder(copy, { workers: 0, cacheDir });
      expect(again.cachedFiles).toBe(0);
      expect(succOf(again.report)).toEqual({ ...expected, 'agent/order1_static/3': false, 'agent/order1_static/4': true });
    } finally {
      await rm(copy, { recursive: true, force: true });
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('--replace refuses to drop a ground truth adjudicated from 1 to 1.0 since the import (they score apart)', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'egobench-replace-'));
    try {
      await cp(out, copy, { recursive: true });
      const truths = path.join(copy, 'ground_truth.jsonl');
      const lines = (await readFile(truths, 'utf8')).split('\n');
      const at = lines.findIndex((l) => l.includes('"task_id":"order1-1"'));
      expect(lines[at]).toContain('"quantity":1}');
      lines[at] = lines[at].replace('"quantity":1}', '"quantity":1.0}');
      await writeFile(truths, lines.join('\n'));
      await expect(importEgobench(release, copy, { replace: true })).rejects.toThrow(/1 ground-truth line\(s\) that differ from the release's \(order1-1\)/);
      expect(await readFile(truths, 'utf8')).toContain('"quantity":1.0}');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
