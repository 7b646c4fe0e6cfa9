// `egostudio audit` as a user runs it: the sample's planted ground-truth error is listed with the
// runs that agree and what their call finds; --json holds the same; bad command lines exit 1.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../shared/eval/gt-audit-dataset';
import { call, jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { PLANTED_ERROR } from '../scripts/make-sample/planted-error';
import { runEgostudio, writeDatasetFolder } from '../test-support/dataset-folder';

const SAMPLE = path.resolve(import.meta.dirname, '../../datasets/egobench-sample');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-audit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('egostudio audit', () => {
  it("prints the sample's planted error, and writes it as JSON", async () => {
    const out = path.join(dir, 'sample.json');
    const result = await runEgostudio('audit', SAMPLE, '--json', out);
    expect(result.code).toBe(0);
    const { task, tool, param, truth, planted } = PLANTED_ERROR;
    expect(result.stdout).toContain(`${task} (retail): 9 runs, 9 fail (every run fails)`);
    expect(result.stdout).toContain(`value  ${tool}.${param} (ground-truth call 2): ground truth "${planted}", runs "${truth}"; 8/9 runs of 3 models agree`);
    expect(result.stdout).toMatch(/runs' call finds: \{"products":\[\{"product_name":"Dark Cocoa Bar"/);
    const report = JSON.parse(await readFile(out, 'utf8')) as AuditReport;
    expect(report).toMatchObject({ trajectories: 270, audited_tasks: 30, min_agree: null, problems: [] });
    const suspects = report.tasks.flatMap((t) => t.suspects.map((s) => ({ task: t.task_id, ...s })));
    expect(suspects).toHaveLength(1);
    expect(suspects[0]).toMatchObject({ task, kind: 'value', tool_name: tool, path: param, truth: planted, value: truth, models: 3 });
    // every model's runs are among those that agree
    expect(new Set(suspects[0].runs.map((id) => id.split('/')[0]))).toEqual(new Set(['gpt-sim-4o', 'qwen-sim-72b', 'llama-sim-70b']));
  }, 60_000);

  it('takes --min-agree, and reports bad trajectory lines with file and line (exit 2)', async () => {
    const add = (product_name: string) => call('add_to_cart', { user_id: 'u1', product_name, quantity: 2 });
    const run = (id: string, product: string, task_id = 't1') => ({ id, task_id, model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls: [add(product)] }] });
    const root = await writeDatasetFolder(path.join(dir, 'shop'), {
      ...shopFiles(),
      // Line 3's task is unknown (found after reading), line 4 cannot be read (found while reading): listed in line order.
      // t2's one run fails: one run says nothing of its ground truth ('every run fails' needs two).
      'trajectories/m.jsonl': jsonl([run('a', 'Red Apple'), run('b', 'Red Apple'), run('x', 'Red Apple', 'nope')]) + '{not json\n' + jsonl([run('c', 'Green Apple'), run('d', 'Red Apple', 't2')]),
    });
    const byDefault = await runEgostudio('audit', root, '--json', path.join(dir, 'shop.json'));
    expect(byDefault.code).toBe(2);
    expect(byDefault.stdout).toContain('0 suspect(s)');
    expect(byDefault.stdout).toContain('1 task(s) every run fails');
    expect(byDefault.stdout).not.toContain('t2 (shop)');
    const problems = (JSON.parse(await readFile(path.join(dir, 'shop.json'), 'utf8')) as AuditReport).problems;
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual(['trajectories/m.jsonl:3', 'trajectories/m.jsonl:4']);
    const two = await runEgostudio('audit', root, '--min-agree', '2');
    expect(two.stdout).toContain('value  add_to_cart.product_name (ground-truth call 2): ground truth "Green Apple", runs "Red Apple"; 2/3 runs of one model agree: a, b');
    // Watched in a worker (the default) or on the command's own thread (--time-limit 0), the audit says the same.
    const unwatched = await runEgostudio('audit', root, '--min-agree', '2', '--time-limit', '0');
    expect(unwatched).toEqual(two);
  }, 60_000);

  it("lists the ground truth's own calls that fail, with no run needed, in the text and the JSON", async () => {
    const files = shopFiles();
    const root = await writeDatasetFolder(path.join(dir, 'failing-truth'), {
      ...files,
      'ground_truth.jsonl': files['ground_truth.jsonl'].replace('"product_name":"Green Apple"', '"product_name":"Green Aple"'),
    });
    const json = path.join(dir, 'failing-truth.json');
    const result = await runEgostudio('audit', root, '--json', json);
    expect(result.code).toBe(0); // valid input: a failing call is the dataset's content, not a problem of its files
    expect(result.stdout).toContain('ground truth that fails on its own (run in order from the seed): 1 call(s) in 1 task(s)');
    expect(result.stdout).toContain('t1 (shop): ground-truth call 2 add_to_cart fails: no single product named Green Aple');
    const report = JSON.parse(await readFile(json, 'utf8')) as AuditReport;
    expect(report.failing_truth).toEqual([{ task_id: 't1', scenario: 'shop', failures: [{ gt_call: 1, tool_name: 'add_to_cart', message: 'no single product named Green Aple' }] }]);
  }, 60_000);

  it('prints names from the dataset on their own line: a tool name holding a newline forges no line of the report', async () => {
    const files = shopFiles();
    const forged = 'nope\nt2 (shop): ground-truth call 1 set_list fails: forged';
    const root = await writeDatasetFolder(path.join(dir, 'forged'), {
      ...files,
      'ground_truth.jsonl': files['ground_truth.jsonl'].replace('"tool_name":"search_products"', `"tool_name":${JSON.stringify(forged)}`),
    });
    const result = await runEgostudio('audit', root);
    const lines = result.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('t2 (shop)'))).toEqual([]);
    expect(lines.some((line) => line.startsWith('t1 (shop): ground-truth call 1 nope'))).toBe(true);
  }, 60_000);

  it('--time-limit: a seed SQL that never ends is a problem naming its file and line, and the audit goes on without its scenario (exit 2)', async () => {
    const files = shopFiles();
    const root = await writeDatasetFolder(path.join(dir, 'endless'), {
      ...files,
      'scenarios/shop/data.sql': `${files['scenarios/shop/data.sql']}\nWITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n`,
      'trajectories/m.jsonl': jsonl([{ id: 'a', task_id: 't1', model: 'm', mode: 'static', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] }]),
    });
    const line = files['scenarios/shop/data.sql'].split('\n').length + 1;
    const json = path.join(dir, 'endless.json');
    const result = await runEgostudio('audit', root, '--time-limit', '1', '--json', json);
    expect(result.code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.tasks).toEqual([]);
    expect(report.problems).toContainEqual({
      file: 'scenarios/shop/data.sql',
      line,
      message: `scenario "shop": the statement at data.sql line ${line} ran longer than 1 s while building its database; stopped, its trajectories are left out`,
    });
    expect(result.stderr).toContain(`scenarios/shop/data.sql:${line}`);
  }, 60_000);

  it('refuses a wrong command line with one line naming what to change', async () => {
    const result = await runEgostudio('audit', SAMPLE, '--min-agree', 'many');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('egostudio audit: --min-agree takes a whole number of at least 1, not "many" (egostudio audit --help)\n');
    const help = await runEgostudio('audit', '--help');
    expect(help.stdout).toContain('--min-agree N');
  });
});
