// The agreement dashboard's figures against the real `egostudio agreement` command on the same
// files (the sample dataset and a hand-made one), and the call alignment of the adjudication view.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDatasetSource } from '../../src-main/services/evaluation/node-source';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from '../engine/engine';
import { loadDataset } from '../format/loader';
import { agreementDashboard, agreementDashboardInTwo, agreementReport, compareTask } from './agreement-report';
import { engineProvider } from './engine-provider';
import { call, jsonl, shopFiles } from './test-support/shop';
import { memorySource } from './test-support/memory-source';
import { writeDatasetFolder } from '../../src-main/test-support/dataset-folder';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(repo, 'src-main/cli/egostudio.mjs');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'agreement-report-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cliAgreement(root: string, a: string, b: string) {
  const out = path.join(dir, `${path.basename(root)}.json`);
  await run(process.execPath, [CLI, 'agreement', root, '--annotators', `${a},${b}`, '--json', out], { maxBuffer: 1 << 26 }).catch((error: { code: number }) => {
    if (error.code !== 2) throw error; // 2: some input was invalid, the rest evaluated
  });
  return JSON.parse(await readFile(out, 'utf8')) as { tasks: unknown[]; summary: unknown; problems: unknown[] };
}

async function dashboardOf(root: string, a: string, b: string) {
  const [dataset, SQL] = await Promise.all([loadDataset(nodeDatasetSource(root)), loadSqlJs()]);
  const engines = engineProvider(SQL, dataset, []);
  try {
    return agreementDashboard(dataset, engines, a, b);
  } finally {
    engines.closeAll();
  }
}

const ann = (task_id: string, calls: unknown[], revision = 1, visual_refs: unknown[] = []) => ({
  task_id, annotator: 'x', calls, visual_refs, status: 'submitted', revision, updated_at: '2026-01-01T00:00:00Z',
});
const add = (product_name: string, quantity = 2) => call('add_to_cart', { user_id: 'u1', product_name, quantity });

describe('agreement dashboard = egostudio agreement', () => {
  it('on the sample dataset (alice, bob)', async () => {
    const root = path.join(repo, 'datasets/egobench-sample');
    const [cli, dashboard] = await Promise.all([cliAgreement(root, 'alice', 'bob'), dashboardOf(root, 'alice', 'bob')]);
    expect(dashboard.tasks).toEqual(cli.tasks);
    expect(dashboard.overall).toEqual(cli.summary);
    expect(dashboard.overall.tasks).toBeGreaterThan(0);
    // Disagreements are the tasks whose calls differ or end in different states, worst first.
    const f1s = dashboard.disagreements.map((d) => d.call_f1);
    expect(f1s).toEqual([...f1s].sort((x, y) => x - y));
    expect(dashboard.disagreements.length).toBe((cli.tasks as { exact: boolean; state_equal: boolean }[]).filter((t) => !(t.exact && t.state_equal)).length);
    // Per scenario: the tasks add up to the overall count, and each scenario's figures are its tasks' alone (one pass over the pairs gives both).
    expect(dashboard.scenarios.reduce((s, x) => s + x.summary.tasks, 0)).toBe(dashboard.overall.tasks);
    const [dataset, SQL] = await Promise.all([loadDataset(nodeDatasetSource(root)), loadSqlJs()]);
    const engines = engineProvider(SQL, dataset, []);
    try {
      for (const { scenario, summary } of dashboard.scenarios) {
        const alone = agreementReport(dataset, engines, 'alice', 'bob', { taskFilter: (id) => dataset.tasks.get(id)!.scenario === scenario }).summary;
        expect(summary.alpha_dice).toBeCloseTo(alone.alpha_dice!, 12);
        expect({ ...summary, alpha_dice: 0 }).toEqual({ ...alone, alpha_dice: 0 });
      }
      // Without alpha: the same figures, alpha_dice null, said pending.
      const quick = agreementDashboard(dataset, engines, 'alice', 'bob', undefined, false);
      expect(quick.alphaPending).toBe(true);
      expect(quick.overall).toEqual({ ...dashboard.overall, alpha_dice: null });
      expect(quick.disagreements).toEqual(dashboard.disagreements);
      // In two steps from one comparison of the pairs: each step the dashboard of one request.
      const inTwo = agreementDashboardInTwo(dataset, engines, 'alice', 'bob');
      expect(inTwo.first).toEqual(quick);
      expect(inTwo.withAlpha()).toEqual(agreementDashboard(dataset, engines, 'alice', 'bob'));
    } finally {
      engines.closeAll();
    }
  }, 60_000);

  it('on a hand-made dataset with revisions, entity matching and visual references', async () => {
    const files = {
      ...shopFiles(),
      'annotations/alice.jsonl': jsonl([
        ann('t1', [call('search_products', { name: 'apple' }), add('Green Apple')], 1, [{ id: 'r', description: 'd', entity: 'Green Apple', start: 0, end: 4 }]),
        ann('t2', [call('set_list', { user_id: 'u1', items: ['a', 'b'] })]),
      ]),
      'annotations/bob.jsonl': jsonl([
        ann('t1', [add('green apple'), call('search_products', { name: 'apple' })], 1, [{ id: 'r', description: 'd', entity: 'green apple', start: 2, end: 4 }]),
        ann('t2', []),
        ann('t2', [call('set_list', { user_id: 'u1', items: ['b', 'a'] })], 2),
      ]),
    };
    const root = path.join(dir, 'shop');
    await writeDatasetFolder(root, files);
    const [cli, dashboard] = await Promise.all([cliAgreement(root, 'alice', 'bob'), dashboardOf(root, 'alice', 'bob')]);
    expect(dashboard.tasks).toEqual(cli.tasks);
    expect(dashboard.overall).toEqual(cli.summary);
    expect(dashboard.problems).toEqual(cli.problems);
    expect(dashboard.visual).toMatchObject({ tasks: 2, pairs: 1, mean_iou: 0.5, mean_entity_f1: 1 });
    expect(dashboard.disagreements.map((d) => [d.task_id, d.near, d.onlyA, d.onlyB])).toEqual([['t2', 1, 0, 0]]);
  }, 60_000);

  it('lists the same calls in an order that ends in another state as a disagreement', async () => {
    const list = (...items: string[]) => call('set_list', { user_id: 'u1', items });
    const files = {
      ...shopFiles(),
      'annotations/alice.jsonl': jsonl([ann('t2', [list('a'), list('b')])]),
      'annotations/bob.jsonl': jsonl([ann('t2', [list('b'), list('a')])]),
    };
    const root = path.join(dir, 'shop-order');
    await writeDatasetFolder(root, files);
    const dashboard = await dashboardOf(root, 'alice', 'bob');
    expect(dashboard.tasks).toMatchObject([{ task_id: 't2', exact: true, seq_exact: false, state_equal: false }]);
    expect(dashboard.disagreements.map((d) => d.task_id)).toEqual(['t2']);
    // egostudio agreement prints the same list.
    const { stdout } = await run(process.execPath, [CLI, 'agreement', root, '--annotators', 'alice,bob'], { maxBuffer: 1 << 26 }).catch((error: { code: number; stdout: string }) => {
      if (error.code !== 2) throw error; // 2: the lines' annotator field is not the file's (x), the rest evaluated
      return error;
    });
    expect(stdout).toMatch(/disagreements, worst first:[\s\S]*\bt2\b/);
  }, 60_000);
});

describe('the problems agreement lists are those of what it reads', () => {
  it("leaves out the ground truth's and other annotators' files; an annotation's call of a tool the scenario lacks is compared, not a problem", async () => {
    const mystery = call('mystery_tool', { n: 1 });
    const files = {
      ...shopFiles(),
      // Not read by agreement: a ground truth calling a tool the scenario lacks, a bad line; another annotator's bad line.
      'ground_truth.jsonl': jsonl([{ task_id: 't1', calls: [mystery], visual_refs: [], source: 'agreed' }]) + 'not json\n',
      'annotations/carol.jsonl': 'not json\n',
      'annotations/alice.jsonl': jsonl([ann('t1', [add('Green Apple')]), ann('t2', [])]).replaceAll('"x"', '"alice"'),
      'annotations/bob.jsonl': jsonl([ann('t1', [add('Green Apple')]), ann('t2', [])]).replaceAll('"x"', '"bob"'),
    };
    const root = path.join(dir, 'unread-problems');
    await writeDatasetFolder(root, files);
    // All valid, as far as agreement reads: exit 0, no problem.
    const clean = await run(process.execPath, [CLI, 'agreement', root, '--annotators', 'alice,bob', '--json', path.join(dir, 'unread.json')]);
    expect(clean.stderr).not.toMatch(/ground_truth|carol/);
    expect(JSON.parse(await readFile(path.join(dir, 'unread.json'), 'utf8')).problems).toEqual([]);
    expect((await dashboardOf(root, 'alice', 'bob')).problems).toEqual([]);

    // The annotations call that same missing tool: well-formed input (SPEC says nothing of it as invalid; Annotate's lint shows
    // it to the annotator), compared as written, where only a call of the same missing tool matches it: exit 0, no problem.
    await writeDatasetFolder(root, {
      ...files,
      'annotations/alice.jsonl': jsonl([ann('t1', [add('Green Apple'), mystery]), ann('t2', [])]).replaceAll('"x"', '"alice"'),
      'annotations/bob.jsonl': jsonl([ann('t1', [mystery, add('Green Apple')]), ann('t2', [])]).replaceAll('"x"', '"bob"'),
    });
    await run(process.execPath, [CLI, 'agreement', root, '--annotators', 'alice,bob', '--json', path.join(dir, 'unread.json')]);
    const cli = JSON.parse(await readFile(path.join(dir, 'unread.json'), 'utf8')) as { tasks: unknown[]; problems: unknown[] };
    expect(cli.problems).toEqual([]);
    expect(cli.tasks).toContainEqual(expect.objectContaining({ task_id: 't1', exact: true }));
    const dashboard = await dashboardOf(root, 'alice', 'bob');
    expect(dashboard.problems).toEqual(cli.problems);
    expect(dashboard.tasks).toEqual(cli.tasks);
  }, 60_000);
});

describe('agreement on calls too long to compare', () => {
  it('leaves that task out as a problem and reports the others', async () => {
    const many = Array.from({ length: 2_001 }, () => call('search_products', { name: 'apple' }));
    const files = {
      ...shopFiles(),
      'annotations/alice.jsonl': jsonl([ann('t1', many), ann('t2', [call('set_list', { user_id: 'u1', items: ['a'] })])]),
      'annotations/bob.jsonl': jsonl([ann('t1', many), ann('t2', [call('set_list', { user_id: 'u1', items: ['a'] })])]),
    };
    const root = path.join(dir, 'too-long');
    await writeDatasetFolder(root, files);
    const cli = await cliAgreement(root, 'alice', 'bob');
    expect(cli.tasks).toEqual([{ task_id: 't2', exact: true, seq_exact: true, call_f1: 1, state_equal: true }]);
    expect(cli.problems).toContainEqual(expect.objectContaining({ file: 'annotations/alice.jsonl', message: expect.stringMatching(/task "t1" left out: .*exceed the limit/) }));
    // The dashboard names it left out: no disagreement is not "every task agrees".
    const dashboard = await dashboardOf(root, 'alice', 'bob');
    expect(dashboard.disagreements).toEqual([]);
    expect(dashboard.leftOut).toEqual(['t1']);
  }, 60_000);

  it('counts two annotations of different tasks too long to compare as distance 1 in alpha_dice, and says so', async () => {
    const many = Array.from({ length: 2_500 }, () => call('search_products', { name: 'apple' }));
    const one = [call('search_products', { name: 'apple' })];
    const files = { ...shopFiles(), 'annotations/alice.jsonl': jsonl([ann('t1', many), ann('t2', one)]), 'annotations/bob.jsonl': jsonl([ann('t1', one), ann('t2', many)]) };
    const root = path.join(dir, 'too-long-across');
    await writeDatasetFolder(root, files);
    const cli = await cliAgreement(root, 'alice', 'bob');
    expect(cli.tasks).toHaveLength(2);
    expect(cli.problems).toContainEqual(expect.objectContaining({ message: expect.stringContaining('alpha_dice counts each such pair as distance 1') }));
  }, 60_000);
});

describe('call alignment', () => {
  it('matched, near (with the differing parameters), only A, only B', async () => {
    const dataset = await loadDataset(memorySource(shopFiles()));
    const scenario = [...dataset.scenarios.values()][0];
    const engine = createEngine(await loadSqlJs(), scenario);
    try {
      const a = [call('search_products', { name: 'apple' }), add('Green Apple', 2), call('set_list', { user_id: 'u1', items: ['x'] })];
      const b = [call('search_products', { name: 'Apple ' }), call('search_products', { name: 'milk' }), add('green apple', 3)];
      const compared = compareTask(engine, scenario, a as never, b as never);
      expect(compared.comparison.matched).toBe(1);
      expect(compared.state_equal).toBe(false);
      expect(compared.alignment()).toEqual([
        { kind: 'match', a: 0, b: 0 },
        { kind: 'onlyB', b: 1 },
        { kind: 'near', a: 1, b: 2, differing: [{ param: 'quantity', a: 2, b: 3 }] },
        { kind: 'onlyA', a: 2 },
      ]);
    } finally {
      engine.close();
    }
  });
});
