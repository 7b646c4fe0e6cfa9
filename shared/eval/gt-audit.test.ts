// The ground-truth audit rule on the hand-made shop dataset: suspects found when enough runs
// agree, none when they disagree or are too few, and the threshold's default and override.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { loadDataset, type LoadedDataset } from '../format/loader';
import type { Trajectory } from '../format/types';
import { engineProvider } from './engine-provider';
import { agreementThreshold, callWhere } from './gt-audit';
import { auditDataset } from './gt-audit-dataset';
import { call, jsonl, shopFiles } from './test-support/shop';
import { memorySource } from './test-support/memory-source';

let dataset: LoadedDataset;
let SQL: Awaited<ReturnType<typeof loadSqlJs>>;
beforeAll(async () => {
  [dataset, SQL] = await Promise.all([loadDataset(memorySource(shopFiles())), loadSqlJs()]);
});

const search = call('search_products', { name: 'apple' });
const add = (product_name: string, quantity = 2) => call('add_to_cart', { user_id: 'u1', product_name, quantity });
const run = (id: string, calls: unknown[], task_id = 't1', model = `m-${id}`): Trajectory => ({
  id, task_id, model, mode: 'dynamic_easy',
  dialogue: [{ role: 'user', turn: 0, content: 'User ID: u1' }],
  tool_calls: [{ turn: 0, calls }],
});

async function audit(runs: Trajectory[], minAgree?: number) {
  const engines = engineProvider(SQL, dataset);
  try {
    return await auditDataset(dataset, engines, runs, { minAgree });
  } finally {
    engines.closeAll();
  }
}

describe('agreementThreshold', () => {
  it('is half of the runs rounded up, at least 3, unless fixed', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9, 10].map((n) => agreementThreshold(n))).toEqual([3, 3, 3, 3, 3, 3, 4, 5, 5]);
    expect(agreementThreshold(9, { minAgree: 2 })).toBe(2);
  });
});

describe('ground-truth audit', () => {
  it("words a call the runs make once more than the ground truth does as such, not as missing from it", async () => {
    const report = await audit(['a', 'b', 'c'].map((id) => run(id, [search, search, add('Green Apple')])));
    const [suspect] = report.tasks[0].suspects;
    expect(suspect).toMatchObject({ kind: 'call', call: search, in_truth: 1 });
    expect(callWhere(1)).toBe('is made once more than the ground truth makes it (1x there)');
    expect(callWhere(0)).toBe('is not in the ground truth');
  });

  it('finds the same suspects whatever order the runs come in: values equal within the tolerance are counted around the one most runs equal', async () => {
    // 3.000002 equals 3 and 3.000004 (within 1e-6 of the larger), which differ from each other.
    const quantities = [3, 3.000004, 3.000002];
    for (const order of [[0, 1, 2], [2, 0, 1], [1, 0, 2]]) {
      const report = await audit(order.map((i) => run(`r${i}`, [search, add('Green Apple', quantities[i])])));
      const suspects = report.tasks[0].suspects;
      expect(suspects, `order ${order.join(',')}`).toHaveLength(1);
      expect(suspects[0]).toMatchObject({ kind: 'value', path: 'quantity', value: 3.000002 });
      expect(suspects[0].runs.sort()).toEqual(['r0', 'r1', 'r2']);
    }
  });

  it('lists a value that enough runs agree on, with the runs, both values and what each finds', async () => {
    // The truth says Green Apple; three of four runs add Red Apple (one writes it in other case).
    const report = await audit([
      run('a', [search, add('Red Apple')]),
      run('b', [search, add('red apple')]),
      run('c', [search, add('RED APPLE')]),
      run('d', [search, add('Green Apple')]),
    ]);
    expect(report.trajectories).toBe(4);
    const [task] = report.tasks;
    expect(task).toMatchObject({ task_id: 't1', runs: 4, failing: 3, threshold: 3, all_fail: false });
    expect(task.suspects).toHaveLength(1);
    const suspect = task.suspects[0];
    if (suspect.kind !== 'value') throw new Error('expected a value suspect');
    expect(suspect).toMatchObject({ gt_call: 1, tool_name: 'add_to_cart', path: 'product_name', truth: 'Green Apple', value: 'Red Apple' });
    expect(suspect.runs.sort()).toEqual(['a', 'b', 'c']);
    expect(suspect.found.ok).toBe(true);
    expect(suspect.found.changes?.[0]).toMatchObject({ table: 'carts', added: [{ user_id: 'u1', product_name: 'Red Apple', quantity: 2 }] });
    expect(suspect.truth_found.changes?.[0].added).toEqual([{ user_id: 'u1', product_name: 'Green Apple', quantity: 2 }]);
  });

  it('lists a call the truth lacks when enough runs make it, with the rows it finds', async () => {
    const check = call('search_products', { name: 'cola' });
    const report = await audit(['a', 'b', 'c'].map((id) => run(id, [search, check, add('Green Apple')])));
    const [task] = report.tasks;
    expect(task.all_fail).toBe(false); // the extra read changes nothing: all three succeed
    expect(task.suspects).toHaveLength(1);
    expect(task.suspects[0]).toMatchObject({ kind: 'call', call: check, runs: ['a', 'b', 'c'] });
    expect(task.suspects[0].found.result).toEqual({
      products: [{ product_name: 'Coca Cola Classic', price: 1 }, { product_name: 'Coca Cola Zero', price: 1.1 }],
      count: 2,
    });
  });

  it('finds nothing where the runs disagree with each other, and lists a task every run fails', async () => {
    const report = await audit([
      run('a', [search, add('Red Apple')]),
      run('b', [search, add('Green Apple', 3)]),
      run('c', [search, add('Whole Milk')]),
      run('d', [call('search_products', { name: 'milk' })]),
    ]);
    expect(report.tasks).toHaveLength(1);
    expect(report.tasks[0]).toMatchObject({ task_id: 't1', runs: 4, failing: 4, all_fail: true, suspects: [] });
  });

  it('needs the threshold: two agreeing runs of four are not enough by default, but are with minAgree 2', async () => {
    const runs = [run('a', [search, add('Red Apple')]), run('b', [search, add('Red Apple')]), run('c', [search, add('Green Apple')]), run('d', [search, add('Green Apple')])];
    expect((await audit(runs)).tasks).toEqual([]);
    const fixed = await audit(runs, 2);
    expect(fixed.min_agree).toBe(2);
    expect(fixed.tasks[0].suspects.map((s) => s.runs.sort())).toEqual([['a', 'b']]);
  });

  it('compares values at the same path with the parameter\'s rule: array items of an ordered list', async () => {
    const list = (items: string[]) => call('set_list', { user_id: 'u1', items });
    const report = await audit(['a', 'b', 'c'].map((id) => run(id, [list(['whole milk', 'Coca Cola Classic'])], 't2')));
    const suspects = report.tasks[0].suspects;
    expect(suspects).toHaveLength(1);
    expect(suspects[0]).toMatchObject({ kind: 'value', path: 'items[]', truth: 'Coca Cola Zero', value: 'Coca Cola Classic', runs: ['a', 'b', 'c'] });
  });

  it('leaves out trajectories of unknown tasks and repeated ids, as problems', async () => {
    const report = await audit([run('a', [search], 'nope'), run('b', [search]), run('b', [search])]);
    expect(report.trajectories).toBe(1);
    expect(report.problems.map((p) => p.message)).toEqual([
      'trajectory "a": unknown task "nope"; left out',
      'trajectory id "b" repeats an earlier one; left out',
    ]);
  });
});

describe("the ground truth's own failing calls", () => {
  const truthLines = (t1: unknown[], t2: unknown[]) =>
    jsonl([
      { task_id: 't1', calls: t1, visual_refs: [], source: 'agreed' },
      { task_id: 't2', calls: t2, visual_refs: [], source: 'adjudicated' },
    ]);
  async function auditTruth(groundTruth: string, runs: Trajectory[] = []) {
    const withTruth = await loadDataset(memorySource(shopFiles({ 'ground_truth.jsonl': groundTruth })));
    const engines = engineProvider(SQL, withTruth);
    try {
      return await auditDataset(withTruth, engines, runs);
    } finally {
      engines.closeAll();
    }
  }

  it('lists each call that fails when the calls run in order, with its message, for tasks with no run too', async () => {
    // t1: a name no product has (expect one fails) and a quantity the schema refuses; t2 runs clean.
    const report = await auditTruth(truthLines([search, add('Green Aple'), add('Green Apple', 0)], [call('set_list', { user_id: 'u1', items: ['Whole Milk'] })]));
    expect(report.trajectories).toBe(0);
    expect(report.failing_truth).toHaveLength(1);
    const [check] = report.failing_truth;
    expect(check).toMatchObject({ task_id: 't1', scenario: 'shop' });
    expect(check.failures.map((f) => [f.gt_call, f.tool_name])).toEqual([
      [1, 'add_to_cart'],
      [2, 'add_to_cart'],
    ]);
    expect(check.failures[0].message).toContain('no single product named Green Aple');
    expect(check.failures[1].message).toMatch(/quantity/);
  });

  it('runs the calls in order from the seed: a removal fails before its item is added, not after; an unknown tool is listed', async () => {
    const remove = {
      name: 'remove_from_cart',
      description: 'remove a product from the cart',
      parameters: { type: 'object', properties: { user_id: { type: 'string' }, product_name: { type: 'string' } }, required: ['user_id', 'product_name'], additionalProperties: false },
      effect: 'write',
      steps: [
        { sql: 'SELECT 1 FROM carts WHERE user_id = :user_id AND product_name = :product_name', expect: 'some', error: '{product_name} is not in the cart' },
        { sql: 'DELETE FROM carts WHERE user_id = :user_id AND product_name = :product_name' },
      ],
      returns: { status: 'success' },
    };
    const library = JSON.parse(shopFiles()['scenarios/shop/tools.json']) as { state_tables: string[]; tools: unknown[] };
    const files = shopFiles({
      'scenarios/shop/tools.json': JSON.stringify({ ...library, tools: [...library.tools, remove] }),
      'ground_truth.jsonl': truthLines(
        [call('remove_from_cart', { user_id: 'u1', product_name: 'Green Apple' }), add('Green Apple'), call('remove_from_cart', { user_id: 'u1', product_name: 'Green Apple' })],
        [call('set_list', { user_id: 'u1', items: ['Whole Milk'] }), call('clear_cart', { user_id: 'u1' })],
      ),
    });
    const withTruth = await loadDataset(memorySource(files));
    const engines = engineProvider(SQL, withTruth);
    try {
      const report = await auditDataset(withTruth, engines, []);
      expect(report.failing_truth).toEqual([
        { task_id: 't1', scenario: 'shop', failures: [{ gt_call: 0, tool_name: 'remove_from_cart', message: 'Green Apple is not in the cart' }] },
        { task_id: 't2', scenario: 'shop', failures: [{ gt_call: 1, tool_name: 'clear_cart', message: 'unknown tool "clear_cart"' }] },
      ]);
    } finally {
      engines.closeAll();
    }
    expect((await audit([])).failing_truth).toEqual([]);
  });
});

describe('ground-truth audit on an egobench-profile dataset', () => {
  // The same shop, scored as the official EgoBench evaluator scores: the audit compares as it does.
  let egobench: LoadedDataset;
  beforeAll(async () => {
    const files = shopFiles();
    files['dataset.json'] = JSON.stringify({ ...JSON.parse(files['dataset.json']), profile: 'egobench' });
    egobench = await loadDataset(memorySource(files));
  });
  async function auditEgobench(runs: Trajectory[]) {
    const engines = engineProvider(SQL, egobench);
    try {
      return await auditDataset(egobench, engines, runs);
    } finally {
      engines.closeAll();
    }
  }
  const searchFor = (name: string) => call('search_products', { name });

  it('compares strings exactly outside the fuzzy fields: "Pear", "pear" and "PEAR" are three values, not one (§8.1 would agree)', async () => {
    const runs = ['Pear', 'pear', 'PEAR'].map((name, i) => run(`r${i}`, [searchFor(name), add('Green Apple')]));
    expect(egobench.meta.profile).toBe('egobench');
    expect((await auditEgobench(runs)).tasks.flatMap((t) => t.suspects)).toEqual([]);
    const paper = (await audit(runs)).tasks[0].suspects;
    expect(paper).toMatchObject([{ kind: 'value', path: 'name', truth: 'apple', value: 'Pear' }]);
  });

  it('compares numbers across types: "3", 3 and 3.0 agree (§8.1 keeps a string apart from a number)', async () => {
    const runs = ['3', 3, 3.0].map((quantity, i) => run(`r${i}`, [search, call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity })]));
    const suspects = (await auditEgobench(runs)).tasks[0].suspects;
    expect(suspects).toHaveLength(1);
    expect(suspects[0]).toMatchObject({ kind: 'value', path: 'quantity', truth: 2 });
    expect(suspects[0].runs.sort()).toEqual(['r0', 'r1', 'r2']);
    expect((await audit(runs)).tasks.flatMap((t) => t.suspects)).toEqual([]);
  });

  it('still matches the fuzzy entity fields by the rows they find', async () => {
    const runs = ['Red Apple', 'red apple', 'RED APPLE'].map((name, i) => run(`r${i}`, [search, add(name)]));
    const suspects = (await auditEgobench(runs)).tasks[0].suspects;
    expect(suspects).toMatchObject([{ kind: 'value', path: 'product_name', truth: 'Green Apple', value: 'Red Apple' }]);
  });
});
