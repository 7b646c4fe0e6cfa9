// Conversion of tasks and result files, and the tool behaviour the import writes as SQL.
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { loadDataset } from '../../../shared/format/loader';
import { loadSqlJs } from '../sql-node';
import { nodeDatasetSource } from '../evaluation/node-source';
import { importEgobench } from './index';
import { IssueLog, readReleaseJson } from './release';
import { convertTasks } from './tasks';
import { convertResultFile, parseResultFileName } from './trajectories';

const FIXTURE = fileURLToPath(new URL('./fixtures/retail1-mini', import.meta.url));
const ref = { family: 'retail', number: 1, variant: 'retail1' };

describe('tasks', () => {
  it('numbers tasks by task_id or scenario_id and turns key/value into time-less visual refs', () => {
    const log = new IssueLog();
    const [a, b] = convertTasks(ref, [
      { Instruction: 'Results: Buy it (User ID: u_1).', analysis: '', ground_truth: [{ tool_name: 'get_price', parameters: { product_name: 'X' } }], task_id: 7, image_path: 'retail1.mp4', image_description: 'shelf', key: 'product_name', value: ['A', 'B'] },
      { Instruction: 'Buy', ground_truth: [], scenario_id: '9', key: 'product_name', value: ['C'] },
    ], 'tasks/retail1.json', log);
    expect(a.task).toEqual({ id: 'retail1-7', scenario: 'retail1', instruction: 'Buy it (User ID: u_1).', image_description: 'shelf', video: 'videos/retail1.mp4', user_id: 'u_1' });
    expect(a.groundTruth.visual_refs).toEqual([
      { id: 'retail1-7-ref1', description: 'product_name: A', entity: 'A', param: 'product_name', start: null, end: null },
      { id: 'retail1-7-ref2', description: 'product_name: B', entity: 'B', param: 'product_name', start: null, end: null },
    ]);
    expect(b.task.id).toBe('retail1-9');
    expect(log.problems).toEqual([]);
  });

  it('leaves out, with a problem each, entries that are no task: a list, no Instruction text, ground_truth not a list; a clip path out of videos/ is not kept', () => {
    const log = new IssueLog();
    const tasks = convertTasks(ref, [
      [],
      {},
      { Instruction: { a: 1 }, ground_truth: [] },
      { Instruction: 'Buy', ground_truth: { tool_name: 'x' } },
      { Instruction: 'Buy', ground_truth: [], image_path: '../../../etc/passwd' },
    ], 'tasks/retail1.json', log);
    expect(tasks.map((t) => [t.task.id, t.task.video])).toEqual([['retail1-5', '']]);
    expect(log.problems.map((p) => p.message)).toEqual([
      'task 1 is not an object; left out',
      'task retail1-2: Instruction is missing; left out',
      'task retail1-3: Instruction is not text; left out',
      'task retail1-4: ground_truth is not a list of calls; left out',
      'task retail1-5: image_path "../../../etc/passwd" leads outside videos/; imported without a clip',
    ]);
  });
  it('names the line of each problem in a file read from the release, and of a syntax error', async () => {
    const release = await mkdtemp(path.join(os.tmpdir(), 'release-lines-'));
    try {
      await mkdir(path.join(release, 'tasks'));
      const tasks = [{ Instruction: 'Buy', ground_truth: [] }, 'not a task', { Instruction: 'Buy', ground_truth: [{ tool_name: 'a', parameters: {} }, 7] }];
      await writeFile(path.join(release, 'tasks/retail1.json'), JSON.stringify(tasks, null, 2));
      await writeFile(path.join(release, 'tasks/retail2.json'), '[\n  {"Instruction": "Buy",\n   "ground_truth": [}\n]');
      await writeFile(path.join(release, 'tasks/retail3.json'), Buffer.from('[\n  {"Instruction": "Caf\xe9"}\n]', 'latin1'));
      const log = new IssueLog();
      convertTasks(ref, await readReleaseJson(release, 'tasks/retail1.json', log), 'tasks/retail1.json', log);
      expect(await readReleaseJson(release, 'tasks/retail2.json', log)).toBeUndefined();
      expect(await readReleaseJson(release, 'tasks/retail3.json', log)).toBeUndefined();
      const lines = JSON.stringify(tasks, null, 2).split('\n');
      expect(log.problems).toEqual([
        { file: 'tasks/retail1.json', line: lines.indexOf('  "not a task",') + 1, message: 'task 2 is not an object; left out' },
        { file: 'tasks/retail1.json', line: lines.indexOf('      7') + 1, message: 'task retail1-3: ground-truth call 2 is malformed; left out' },
        { file: 'tasks/retail2.json', line: 3, message: 'invalid JSON: a value expected' },
        { file: 'tasks/retail3.json', line: 2, message: 'not read: not UTF-8 (every file is, SPEC §1): bytes of this line are not' },
      ]);
    } finally {
      await rm(release, { recursive: true, force: true });
    }
  });
});

describe('result files', () => {
  const log = new IssueLog();
  const tasks = convertTasks(ref, [
    { Instruction: 'a', ground_truth: [], task_id: 1 },
    { Instruction: 'b', ground_truth: [], task_id: 2 },
  ], 'tasks/retail1.json', log);

  it('maps file-name modes (text kept as text)', () => {
    expect(parseResultFileName('retail1_easy.json')).toEqual({ variant: 'retail1', mode: 'easy' });
    expect(parseResultFileName('retail1_text.json')).toEqual({ variant: 'retail1', mode: 'text' });
    expect(parseResultFileName('retail1_other.json')).toBeNull();
  });

  it('pairs by position, ignores extra trajectories and converts legacy call/result items', () => {
    const raw = [
      { task_id: 99, mode: 'text', dialogue: [{ role: 'user', turn: 0, content: 'hi', evaluation: {} }], tool_calls: [
        { turn: 0, call: { tool_name: 'get_price', parameters: { product_name: 'x' } }, result: { role: 'tool', content: '{}' } },
        { turn: 1, call: { tool_name: 'get_cart' } },
      ], rounds_count: 2 },
      { task_id: 2, mode: 'hard', tool_calls: [{ turn: 0, calls: [{ tool_name: 'a', parameters: {} }, { tool_name: 'b' }] }] },
      { task_id: 3, tool_calls: [] },
    ];
    const out = convertResultFile('M', 'retail1_hard.json', raw, tasks, 'results/M/retail1_hard.json', log);
    expect(out.map((t) => [t.id, t.task_id, t.mode])).toEqual([['M/retail1_hard/1', 'retail1-1', 'dynamic_hard'], ['M/retail1_hard/2', 'retail1-2', 'dynamic_hard']]);
    expect(out[0].tool_calls).toEqual([
      { turn: 0, calls: [{ tool_name: 'get_price', parameters: { product_name: 'x' } }], results: [{ role: 'tool', content: '{}' }] },
      { turn: 1, calls: [{ tool_name: 'get_cart' }] },
    ]);
    expect(out[0].dialogue).toEqual([{ role: 'user', turn: 0, content: 'hi' }]);
    expect(out[0].rounds_count).toBe(2);
    expect(log.warnings.map((w) => w.message)).toEqual(expect.arrayContaining([expect.stringContaining('1 trajectories beyond the 2 tasks are ignored'), expect.stringContaining('says task 99')]));
  });
});

describe('writing the dataset', () => {
  it('never writes through a link in the folder it replaces, nor makes folders where one leads', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'egobench-links-'));
    try {
      const out = path.join(base, 'dataset');
      await mkdir(path.join(base, 'victim', 'scenarios'), { recursive: true });
      await writeFile(path.join(base, 'victim', 'important.txt'), 'keep me');
      await mkdir(out);
      await writeFile(path.join(out, 'dataset.json'), '{}');
      await symlink(path.join(base, 'victim', 'important.txt'), path.join(out, 'tasks.jsonl'));
      await expect(importEgobench(FIXTURE, out)).rejects.toThrow('Refusing to write through a symlink: tasks.jsonl');
      expect(await readFile(path.join(base, 'victim', 'important.txt'), 'utf8')).toBe('keep me');
      await rm(path.join(out, 'tasks.jsonl'));
      await rm(path.join(out, 'scenarios'), { recursive: true }); // written before tasks.jsonl was refused
      await symlink(path.join(base, 'victim', 'scenarios'), path.join(out, 'scenarios'));
      await expect(importEgobench(FIXTURE, out)).rejects.toThrow('Path leads outside the dataset: scenarios/');
      expect(await readdir(path.join(base, 'victim', 'scenarios'))).toEqual([]);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});

describe('result folders and files left out are said', () => {
  it('a linked model folder is named, not followed; the runs of a variant whose task file was refused are a problem each', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'egobench-results-'));
    try {
      const release = path.join(base, 'release');
      await cp(FIXTURE, release, { recursive: true });
      await cp(path.join(release, 'results/Qwen3.5-397B-A17B'), path.join(base, 'elsewhere'), { recursive: true });
      await symlink(path.join(base, 'elsewhere'), path.join(release, 'results', 'linked'));
      const first = await importEgobench(release, path.join(base, 'one'));
      expect(first.problems).toEqual([
        { file: 'results/linked', line: 0, message: 'a symbolic link to a folder: not followed (a link could lead outside the release); copy the folder in; its results are left out' },
      ]);
      expect(first.summary.models).toEqual(['Qwen3.5-397B-A17B']);
      await writeFile(path.join(release, 'tasks/retail1.json'), '{"not": "a list"}');
      const second = await importEgobench(release, path.join(base, 'two'));
      expect(second.problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
        'tasks/retail1.json: expected a JSON array of tasks',
        'results/linked: a symbolic link to a folder: not followed (a link could lead outside the release); copy the folder in; its results are left out',
        'results/Qwen3.5-397B-A17B/retail1_easy.json: no task of variant "retail1" was read from tasks/retail1.json; left out',
      ]);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});

describe('the release\'s results/ through a link', () => {
  it('is refused when the link leads outside the release, as task files and model folders are; read when it stays inside', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'egobench-results-link-'));
    try {
      const release = path.join(base, 'release');
      await cp(FIXTURE, release, { recursive: true });
      await rename(path.join(release, 'results'), path.join(base, 'elsewhere'));
      await symlink(path.join(base, 'elsewhere'), path.join(release, 'results'));
      const out = await importEgobench(release, path.join(base, 'out'));
      expect(out.problems).toEqual([{ file: 'results', line: 0, message: 'a link leading outside the release: not followed; copy the folder in; its results are left out' }]);
      expect(out.summary).toMatchObject({ tasks: 8, trajectories: 0 });
      await rm(path.join(release, 'results'));
      await rename(path.join(base, 'elsewhere'), path.join(release, 'kept-results'));
      await symlink('kept-results', path.join(release, 'results'));
      const inside = await importEgobench(release, path.join(base, 'in'));
      expect(inside.problems).toEqual([]);
      expect(inside.summary).toMatchObject({ tasks: 8, trajectories: 8 });
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});

describe('no misleading second problem', () => {
  let base: string;
  let release: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'egobench-second-'));
    release = path.join(base, 'release');
    await cp(FIXTURE, release, { recursive: true });
  });
  afterEach(() => rm(base, { recursive: true, force: true }));
  const said = (issues: { file: string; line: number; message: string }[]) => issues.map((p) => `${p.file}:${p.line}: ${p.message}`);

  it('a task file not read (a syntax error) is one problem, not also "expected a JSON array of tasks"', async () => {
    await writeFile(path.join(release, 'tasks/retail1.json'), '[{"task_id": 1,\n "Instruction": "x"\n,,]');
    const result = await importEgobench(release, path.join(base, 'out'));
    expect(said(result.problems)).toEqual([
      expect.stringMatching(/^tasks\/retail1\.json:3: /),
      'results/Qwen3.5-397B-A17B/retail1_easy.json:0: no task of variant "retail1" was read from tasks/retail1.json; left out',
    ]);
  });

  it('the runs of a scenario left out (its tools missing) say so, not "no task file" while the task file is there', async () => {
    await rm(path.join(release, 'tools/retail_tools.json'));
    const result = await importEgobench(release, path.join(base, 'out'));
    expect(said(result.problems)).toEqual([
      'tools/retail_tools.json:0: scenario "retail" needs tools/retail_tools.json and init/retail_init.json; its tasks are left out',
      'results/Qwen3.5-397B-A17B/retail1_easy.json:0: the scenario of variant "retail1" was left out (a problem at tools/retail_tools.json or init/retail_init.json says why); left out',
    ]);
  });

  it('trajectories beyond the tasks are said at the first of them', async () => {
    const file = path.join(release, 'results/Qwen3.5-397B-A17B/retail1_easy.json');
    const runs = JSON.parse(await readFile(file, 'utf8')) as unknown[];
    // One run a line, after the "[" of line 1: run i is at line i + 2.
    await writeFile(file, `[\n${[...runs, runs[0]].map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
    const result = await importEgobench(release, path.join(base, 'out'));
    expect(said(result.warnings)).toContain(`results/Qwen3.5-397B-A17B/retail1_easy.json:${runs.length + 2}: 1 trajectories beyond the ${runs.length} tasks are ignored, as by the official evaluator`);
  });
});

describe('retail tools reproduce the release behaviour', () => {
  let out: string;
  let engine: ScenarioEngine;
  beforeAll(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'egobench-tools-'));
    await importEgobench(FIXTURE, out);
    const dataset = await loadDataset(nodeDatasetSource(out));
    expect(dataset.problems).toEqual([]);
    engine = createEngine(await loadSqlJs(), dataset.scenarios.get('retail1')!);
  });
  afterAll(async () => {
    engine?.close();
    await rm(out, { recursive: true, force: true });
  });
  const cartOf = (user: string) => engine.state().cart_state.filter((r) => r.user_id === user).map((r) => [r.product_name, r.quantity]);

  it('retrieves fuzzily either way, ignoring case, in catalogue order', () => {
    engine.reset();
    const r = engine.call({ tool_name: 'get_price', parameters: { product_name: 'Kim Crawford Sauvignon Blanc' } });
    expect(r).toEqual({ ok: true, result: { products: [{ product_name: 'sauvignon blanc', price: 140 }, { product_name: 'kim crawford sauvignon blanc', price: 139 }], count: 2 } });
    const none = engine.call({ tool_name: 'get_price', parameters: { product_name: 'Summerhouse' } });
    expect(none).toEqual({ ok: false, result: { status: 'error', message: "No matching products found for 'Summerhouse'." } });
  });

  it('add_to_cart: numbers stored as float, the call\'s prices kept, any product accepted; strings change nothing', () => {
    engine.reset();
    const add = (qty: unknown, product = 'GLITZ SAUVIGNON BLANC', price: unknown = 1) =>
      engine.call({ tool_name: 'add_to_cart', parameters: { user_id: 'new_user', product_name: product, qty, category: 'wine', price, tax_rate: 0, discount: 1 } });
    expect(add(1).ok).toBe(true);
    expect(add(2, 'glitz sauvignon blanc', 5).ok).toBe(true);
    // Quantities add as floats; category, price, tax and discount come from the last call.
    expect(engine.state().cart_state.find((r) => r.user_id === 'new_user')).toMatchObject({ product_name: 'glitz sauvignon blanc', quantity: '3.0', price: '5.0', tax_rate: '0.0', discount: '1.0' });
    expect(add(1, 'Not A Product').ok).toBe(true); // the release does not check the catalogue
    const before = engine.state();
    expect(add('2').ok).toBe(false); // '2' <= 0 raises in Python
    expect(add(1, 'x', '3').ok).toBe(false);
    expect(add(0).ok).toBe(false);
    expect(engine.call({ tool_name: 'remove_from_cart', parameters: { user_id: 'new_user', product_name: 'not in cart', qty: 1 } }).ok).toBe(false);
    expect(engine.state()).toEqual(before);
  });

  it('remove_from_cart: shrinks a line, deletes it when qty covers it', () => {
    engine.reset();
    engine.call({ tool_name: 'add_to_cart', parameters: { user_id: 'new_user', product_name: 'glitz sauvignon blanc', qty: 3, category: 'wine', price: 1, tax_rate: 0, discount: 1 } });
    const remove = (qty: unknown) => engine.call({ tool_name: 'remove_from_cart', parameters: { user_id: 'new_user', product_name: 'Glitz Sauvignon Blanc', qty } });
    expect(remove('1').ok).toBe(false);
    expect(remove(1).ok).toBe(true);
    expect(cartOf('new_user')).toEqual([['glitz sauvignon blanc', '2.0']]);
    expect(remove(5).ok).toBe(true);
    expect(cartOf('new_user')).toEqual([]);
  });

  it('names are lower-cased as Python does, beyond ASCII', () => {
    engine.reset();
    engine.call({ tool_name: 'add_to_cart', parameters: { user_id: 'u', product_name: 'TERRA ALTA ROSÉ', qty: 1, category: 'wine', price: 1, tax_rate: 0, discount: 1 } });
    expect(cartOf('u')).toEqual([['terra alta rosé', '1.0']]);
  });

  it('marks fuzzy fields for entity matching and the parameters the release ignores', async () => {
    const dataset = await loadDataset(nodeDatasetSource(out));
    const tools = new Map(dataset.scenarios.get('retail1')!.library.tools.map((t) => [t.name, t]));
    expect(tools.get('get_price')!.parameters.properties!.product_name['x-match']).toEqual({ entity: 'products.product_name' });
    expect(tools.get('compute_total_tax')!.parameters.properties!.products.items!.properties!.product_name['x-match']).toEqual({ entity: 'products.product_name' });
    const addToCart = tools.get('add_to_cart')!.parameters;
    expect(addToCart.properties!.price['x-ignored']).toBe(true);
    expect(addToCart.required).toEqual(['user_id', 'product_name', 'qty']);
    // Types are declared, not enforced: the implementation decides what a string does.
    expect(addToCart.properties!.qty).toMatchObject({ 'x-declared-type': 'number' });
    expect(addToCart.properties!.qty.type).toBeUndefined();
    expect(tools.get('get_price')!['x-query']).toBe(true);
    expect(tools.get('get_cart')!['x-query']).toBeUndefined();
    expect(dataset.meta.profile).toBe('egobench');
    expect(dataset.scenarios.get('retail1')!.library.state_tables).toEqual(['product_state', 'cart_state']);
  });
});
