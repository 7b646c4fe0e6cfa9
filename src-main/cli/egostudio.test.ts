// The real command, as a user runs it, on hand-made dataset folders written to disk.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, mkdir, open, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { runEgostudio, writeDatasetFolder } from '../test-support/dataset-folder';
import { MAX_BLOCKED_CALLS } from '../services/evaluation/worker-pool';

let dir: string;

const writeDataset = (name: string, files: Record<string, string>) => writeDatasetFolder(path.join(dir, name), files);
const egostudio = runEgostudio;

const search = call('search_products', { name: 'apple' });
const add = (product_name: string, quantity = 2) => call('add_to_cart', { user_id: 'u1', product_name, quantity });
const traj = (id: string, task_id: string, calls: unknown[], mode = 'dynamic_easy', model = 'm1') => ({
  id, task_id, model, mode, dialogue: [{ role: 'user', turn: 0, content: 'User ID: u1' }, { role: 'agent', turn: 0, content: 'ok' }],
  tool_calls: [{ turn: 0, calls }], input_tokens: 100, output_tokens: 50,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('egostudio evaluate', () => {
  it('notes a mode dataset.json does not list, and scores it as SPEC §10 says (a mode of its own)', async () => {
    const root = await writeDataset('unlisted-mode', {
      ...shopFiles(),
      'trajectories/m1/static.jsonl': jsonl([traj('c', 't2', [call('set_list', { user_id: 'u1', items: ['Whole Milk', 'Coca Cola Zero'] })], 'static'), traj('d', 't1', [add('Red Apple')], 'Static')]),
    });
    const out = path.join(dir, 'unlisted-mode.json');
    const result = await egostudio('evaluate', root, '--json', out);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`note: mode "Static" (m1) is not among dataset.json's modes (dynamic_easy, static): scored as a mode of its own`);
    const json = JSON.parse(await readFile(out, 'utf8'));
    expect(Object.keys(json.models.m1.modes).sort()).toEqual(['Static', 'static']);
    expect(json.problems).toEqual([]);
  });

  it('says once, after the runs left out for it, that the dataset has no ground truth at all', async () => {
    const files: Record<string, string> = { ...shopFiles(), 'trajectories/m1/static.jsonl': jsonl([traj('c', 't1', [add('Red Apple')], 'static')]) };
    const note = 'note: the dataset has no ground truth';
    expect((await egostudio('evaluate', await writeDataset('with-gt', files), '--no-cache')).stderr).not.toContain(note);
    delete files['ground_truth.jsonl'];
    const result = await egostudio('evaluate', await writeDataset('no-gt', files), '--no-cache');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('task "t1" has no ground truth; left out');
    expect(result.stderr).toContain(note);
  });

  it('writes exactly the SPEC §12 keys and exits 0 on valid input', async () => {
    const root = await writeDataset('ok', {
      ...shopFiles(),
      'trajectories/m1/easy.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')]), traj('b', 't1', [add('Red Apple')])]),
      'trajectories/m1/static.jsonl': jsonl([traj('c', 't2', [call('set_list', { user_id: 'u1', items: ['Whole Milk', 'Coca Cola Zero'] })], 'static')]),
    });
    const out = path.join(dir, 'ok.json');
    const result = await egostudio('evaluate', root, '--json', out);
    expect(result.stderr.replace(/^evaluating: .*\n/gm, '')).toBe(''); // progress lines appear on a slow machine
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('joint_succ');
    // m1 ran one of the two tasks in each mode: said under the table (Reports marks the row).
    expect(result.stdout).toContain("partial: m1 (Dynamic Easy 1 of 2 tasks, Static 1 of 2 tasks): its figures are over the tasks it ran, so they do not compare like for like with a full model's\n");
    const json = JSON.parse(await readFile(out, 'utf8'));
    expect(Object.keys(json).sort()).toEqual(['models', 'problems', 'trajectories']);
    expect(Object.keys(json.trajectories[0]).sort()).toEqual(
      ['agent_calls', 'evidence', 'gt_calls', 'id', 'joint_succ', 'label', 'matched', 'mode', 'model', 'result_succ', 'scenario', 'task_id', 'tool_succ'].sort(),
    );
    expect(json.trajectories.map((t: { id: string; label: string }) => [t.id, t.label])).toEqual([
      ['a', 'correct'],
      ['b', 'perception'],
      ['c', 'correct'],
    ]);
    const m1 = json.models.m1;
    expect(Object.keys(m1).sort()).toEqual(['modes', 'overall', 'scenarios']);
    expect(Object.keys(m1.overall).sort()).toEqual(
      ['joint_succ', 'labels', 'micro_acc', 'result_succ', 'token_eff', 'tool_eff', 'tool_f1', 'tool_prec', 'tool_succ', 'turn_eff'].sort(),
    );
    expect(m1.modes.dynamic_easy.joint_succ).toBe(0.5);
    expect(m1.modes.static.joint_succ).toBe(1);
    expect(m1.overall.joint_succ).toBe(0.75);
    expect(m1.modes.dynamic_easy.turn_eff).toBe(100 / 2); // rounds_count missing: one agent message each
    expect(m1.overall.labels.perception).toBe(0.25);
    expect(json.problems).toEqual([]);
    // Scored in watched workers (the default time limit) or on the command's own thread too (--time-limit 0): the same report.
    const unwatched = path.join(dir, 'ok-unwatched.json');
    expect((await egostudio('evaluate', root, '--no-cache', '--time-limit', '0', '--json', unwatched)).code).toBe(0);
    expect(JSON.parse(await readFile(unwatched, 'utf8'))).toEqual(json);
  });

  it('--provenance writes what the figures were computed from: build, profile, and the sha256 of the dataset and of each trajectory file', async () => {
    const runs = jsonl([traj('a', 't1', [search, add('Green Apple')])]);
    const files: Record<string, string> = { ...shopFiles(), 'trajectories/m1/easy.jsonl': runs };
    const root = await writeDataset('provenance', files);
    const provenance = async (...args: string[]) => {
      const file = path.join(dir, `provenance-${Math.random()}.json`);
      const result = await egostudio('evaluate', root, '--provenance', file, ...args);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(await readFile(file, 'utf8'));
    };
    const first = await provenance();
    const { version } = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(first).toMatchObject({ studio_version: version, profile: 'paper', trajectory_files: [{ file: 'trajectories/m1/easy.jsonl', sha256: createHash('sha256').update(runs).digest('hex') }] });
    expect(first.scorer).toMatch(/^scores-\d+ sources:[0-9a-f]{64}$/); // named by the sources its worker was built from
    expect(first.dataset_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(first.evaluated_at)).not.toBeNaN();
    expect(first).not.toHaveProperty('review_files'); // evaluate applies no overrides
    // The same hashes from the score cache and without it.
    const { evaluated_at: _at, ...same } = first;
    expect(await provenance('--no-cache')).toMatchObject(same);
    // Another ground truth is another dataset hash.
    await writeFile(path.join(root, 'ground_truth.jsonl'), files['ground_truth.jsonl'].split('\n').filter((l) => !l.includes('"t2"')).join('\n'));
    expect((await provenance()).dataset_sha256).not.toBe(first.dataset_sha256);
    expect((await egostudio('evaluate', root, '--provenance', '-')).code).toBe(1);
  });

  it('--json into a folder that does not exist is refused before anything is scored (exit 1)', async () => {
    const root = await writeDataset('json-nowhere', shopFiles());
    const target = path.join(dir, 'no-such-folder', 'report.json');
    const result = await egostudio('evaluate', root, '--json', target);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`there is no folder ${path.join(dir, 'no-such-folder')} to write it in`);
    expect(result.stderr).not.toContain('ENOENT');
    // --provenance too (it was found only once everything was scored, after --json was written), and an empty one (silently not written).
    const json = path.join(dir, 'json-nowhere.json');
    const provenance = await egostudio('evaluate', root, '--json', json, '--provenance', target);
    expect(provenance.code).toBe(1);
    expect(provenance.stderr).toMatch(/^egostudio evaluate: --provenance .* there is no folder .* to write it in \(egostudio evaluate --help\)\n$/);
    await expect(readFile(json)).rejects.toThrow(/ENOENT/);
    expect((await egostudio('evaluate', root, '--provenance', '')).stderr).toContain('--provenance needs a file name');
  });

  it('lists problems with file and line, evaluates the rest, exits 2', async () => {
    const root = await writeDataset('bad', {
      ...shopFiles(),
      'trajectories/z.jsonl': [
        JSON.stringify(traj('a', 't1', [search, add('Green Apple')])),
        '{"id": "broken",',
        JSON.stringify(traj('a', 't1', [search])),
        JSON.stringify(traj('u', 'no-such-task', [search])),
        JSON.stringify({ id: 'w', task_id: 't1', model: 'm1' }),
      ].join('\n'),
    });
    const out = path.join(dir, 'bad.json');
    const result = await egostudio('evaluate', root, '--json', out);
    expect(result.code).toBe(2);
    const json = JSON.parse(await readFile(out, 'utf8'));
    expect(json.trajectories.map((t: { id: string }) => t.id)).toEqual(['a']);
    expect(json.problems.map((p: { file: string; line: number }) => [p.file, p.line])).toEqual([
      ['trajectories/z.jsonl', 2],
      ['trajectories/z.jsonl', 3],
      ['trajectories/z.jsonl', 4],
      ['trajectories/z.jsonl', 5],
    ]);
    expect(json.problems[1].message).toContain('repeats');
    expect(json.problems[2].message).toContain('unknown task');
    expect(result.stderr).toContain('trajectories/z.jsonl:2');
  });

  it('writes dataset text to the terminal with its control characters escaped, each problem on one line', async () => {
    const escape = '\u001b]0;PWNED\u0007\u001b[2J';
    const root = await writeDataset('controls', {
      ...shopFiles(),
      'dataset.json': JSON.stringify({ id: 'shop', name: 'Bad\nName', version: '1', modes: ['dynamic_easy', 'static'] }),
      'trajectories/m.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')], 'dynamic_easy', `m${escape}`), traj('b\nforged: line', 'nope', [search])]),
    });
    const result = await egostudio('evaluate', root, '--no-cache');
    expect(result.code).toBe(2);
    // eslint-disable-next-line no-control-regex -- no control character but the newline may reach the terminal
    expect(result.stdout + result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(result.stdout).toContain('m\\u001b]0;PWNED\\u0007\\u001b[2J');
    expect(result.stdout).toContain('Bad\\u000aName: 1 trajectories'); // the header stays one line
    const problemLines = result.stderr.split('\n').filter((line) => line.startsWith('  '));
    expect(problemLines).toHaveLength(1);
    expect(problemLines[0]).toContain('b\\u000aforged: line');
  });

  it('--time-limit: a seed whose SQL never ends is a problem naming its file, and the command ends (exit 2)', { timeout: 60_000 }, async () => {
    const files = shopFiles();
    const root = await writeDataset('endless', {
      ...files,
      'scenarios/shop/data.sql': `${files['scenarios/shop/data.sql']}\nWITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n`,
      'trajectories/m.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')])]),
    });
    const json = path.join(dir, 'endless.json');
    const result = await egostudio('evaluate', root, '--no-cache', '--time-limit', '1', '--json', json);
    expect(result.code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.trajectories).toEqual([]);
    const line = files['scenarios/shop/data.sql'].split('\n').length + 1; // the statement after the seed's own
    expect(report.problems).toContainEqual(expect.objectContaining({ file: 'scenarios/shop/data.sql', line, message: expect.stringContaining(`data.sql line ${line} ran longer than 1 s`) }));
  });

  it('leaves out a trajectory line that is not UTF-8, with its file and line, and scores the rest', async () => {
    const files = shopFiles();
    const good = jsonl([traj('a', 't1', [search, add('Green Apple')])]);
    // A harness that cut a model's text at a byte count, inside a character (é is C3 A9).
    const [before, after] = good.trim().replace('"a"', '"b"').replace('Green Apple', 'Green Apple caf|').split('|');
    const cut = Buffer.concat([Buffer.from(before), Buffer.from([0xc3]), Buffer.from(`${after}\n`)]);
    const root = await writeDatasetFolder(path.join(dir, 'not-utf8'), { ...files, 'trajectories/m.jsonl': Buffer.concat([Buffer.from(good), cut]) });
    const json = path.join(dir, 'not-utf8.json');
    expect((await egostudio('evaluate', root, '--no-cache', '--json', json)).code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.trajectories.map((t: { id: string }) => t.id)).toEqual(['a']);
    expect(report.problems).toEqual([{ file: 'trajectories/m.jsonl', line: 2, message: 'not UTF-8 (every file is, SPEC §1): bytes of this line are not; skipped' }]);
  });

  it('names a ground-truth line and a tools.json line that are not UTF-8 (saved as Latin-1), and leaves them out', async () => {
    const files = shopFiles();
    const [first, second] = files['ground_truth.jsonl'].trim().split('\n');
    const latin1Truth = Buffer.concat([Buffer.from(`${first}\n`), Buffer.from(`${second.replace('Whole Milk', 'Café au lait')}\n`, 'latin1')]);
    const trajectories = jsonl([traj('a', 't1', [search, add('Green Apple')]), traj('b', 't2', [call('set_list', { user_id: 'u1', items: ['Whole Milk'] })])]);
    const root = await writeDatasetFolder(path.join(dir, 'latin1-truth'), { ...files, 'ground_truth.jsonl': latin1Truth, 'trajectories/m.jsonl': trajectories });
    const json = path.join(dir, 'latin1-truth.json');
    expect((await egostudio('evaluate', root, '--no-cache', '--json', json)).code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.trajectories.map((t: { id: string }) => t.id)).toEqual(['a']);
    expect(report.problems).toContainEqual({ file: 'ground_truth.jsonl', line: 2, message: 'not UTF-8 (every file is, SPEC §1): bytes of this line are not; skipped' });

    // A whole-text file: the scenario is not read (its tools would hold U+FFFD where é was).
    const tools = files['scenarios/shop/tools.json'];
    const line = tools.slice(0, tools.indexOf('Add a product')).split('\n').length;
    const shopRoot = await writeDatasetFolder(path.join(dir, 'latin1-tools'), {
      ...files,
      'scenarios/shop/tools.json': Buffer.from(tools.replace('Add a product', 'Add a café product'), 'latin1'),
      'trajectories/m.jsonl': trajectories,
    });
    const toolsJson = path.join(dir, 'latin1-tools.json');
    // Its only scenario left out, nothing is scored: exit 1, as for a dataset with no scenario.
    expect((await egostudio('evaluate', shopRoot, '--no-cache', '--json', toolsJson)).code).toBe(1);
    const toolsReport = JSON.parse(await readFile(toolsJson, 'utf8'));
    expect(toolsReport.trajectories).toEqual([]);
    expect(toolsReport.problems).toContainEqual({ file: 'scenarios/shop/tools.json', line, message: 'not read: not UTF-8 (every file is, SPEC §1): bytes of this line are not' });
  });

  it('--time-limit is per seed statement: a seed of 30 statements that takes longer than the limit in all is not ended', { timeout: 60_000 }, async () => {
    const files = shopFiles();
    const slow = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 400000) SELECT count(*) FROM c;\n';
    const root = await writeDataset('long-seed', {
      ...files,
      'scenarios/shop/data.sql': files['scenarios/shop/data.sql'] + slow.repeat(30),
      // The second run is not correct: its hallucination check asks for the seed's text values
      // while the first run's writes are applied (once, the whole seed was built again for that,
      // in one watched stretch, and ended as a call that ran too long).
      'trajectories/m.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')]), traj('b', 't1', [search, add('Green Apple', 5)])]),
    });
    const started = performance.now();
    const result = await egostudio('evaluate', root, '--no-cache', '--time-limit', '2');
    const seconds = (performance.now() - started) / 1000;
    console.log(`a 30-statement seed took ${seconds.toFixed(1)} s in all with a 2 s limit per statement`);
    expect(result.stderr.replace(/^evaluating: .*\n/gm, '')).toBe('');
    expect(result.code).toBe(0);
  });

  it('--time-limit names the schema.sql line, or the tool, whose SQL never ends', { timeout: 60_000 }, async () => {
    const files = shopFiles();
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
    const schema = await writeDataset('endless-schema', {
      ...files,
      'scenarios/shop/schema.sql': `${files['scenarios/shop/schema.sql']}\n-- a comment before it\n\n${endless};\n`,
      'trajectories/m.jsonl': jsonl([traj('a', 't1', [search])]),
    });
    const schemaJson = path.join(dir, 'endless-schema.json');
    expect((await egostudio('evaluate', schema, '--no-cache', '--time-limit', '1', '--json', schemaJson)).code).toBe(2);
    const line = files['scenarios/shop/schema.sql'].split('\n').length + 3;
    expect(JSON.parse(await readFile(schemaJson, 'utf8')).problems).toContainEqual(
      expect.objectContaining({ file: 'scenarios/shop/schema.sql', line, message: expect.stringContaining(`schema.sql line ${line} ran longer than 1 s`) }),
    );

    const tools = JSON.parse(files['scenarios/shop/tools.json']) as { tools: { name: string; steps: { sql: string }[] }[] };
    tools.tools.find((tool) => tool.name === 'add_to_cart')!.steps[0].sql = endless; // a write: replayed to find the final state
    const toolsText = JSON.stringify(tools, null, 2);
    const tool = await writeDataset('endless-tool', { ...files, 'scenarios/shop/tools.json': toolsText, 'trajectories/m.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')])]) });
    const toolJson = path.join(dir, 'endless-tool.json');
    expect((await egostudio('evaluate', tool, '--no-cache', '--time-limit', '1', '--json', toolJson)).code).toBe(2);
    // The line where the tool's definition starts (the `{` before its "name").
    const toolLine = toolsText.split('\n').findIndex((l) => l.includes('"name": "add_to_cart"'));
    expect(JSON.parse(await readFile(toolJson, 'utf8')).problems).toContainEqual(
      expect.objectContaining({ file: 'scenarios/shop/tools.json', line: toolLine, message: expect.stringContaining('a call of tool "add_to_cart" ran longer than 1 s') }),
    );
  });

  it('--time-limit: a call whose SQL never ends leaves out the trajectories that make it, not its scenario; each such call waits once', { timeout: 90_000 }, async () => {
    const files = shopFiles();
    const tools = JSON.parse(files['scenarios/shop/tools.json']) as { tools: { name: string; steps: { sql: string }[] }[] };
    // add_to_cart never ends for a quantity of 77 or 99 (a recursion bound by the parameter), and ends at once otherwise.
    const endlessFor = '(SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE :quantity IN (77, 99)) SELECT x FROM c)) > 0';
    const step = tools.tools.find((tool) => tool.name === 'add_to_cart')!.steps[0];
    step.sql = `${step.sql} AND ${endlessFor}`;
    const toolsText = JSON.stringify(tools, null, 2);
    const root = await writeDataset('endless-call', {
      ...files,
      'scenarios/shop/tools.json': toolsText,
      'trajectories/m.jsonl': jsonl([
        traj('a', 't1', [search, add('Green Apple')]),
        traj('b', 't1', [add('Green Apple', 99)]),
        traj('c', 't1', [search, add('Green Apple', 99)]),
        traj('d', 't1', [add('Red Apple')]),
        traj('e', 't1', [add('Red Apple', 77)]),
      ]),
    });
    const json = path.join(dir, 'endless-call.json');
    const result = await egostudio('evaluate', root, '--no-cache', '--time-limit', '1', '--json', json);
    expect(result.code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    // The scenario's other trajectories are scored as without the limit.
    expect(report.trajectories.map((t: { id: string; label: string }) => [t.id, t.label])).toEqual([['a', 'correct'], ['d', 'perception']]);
    const toolLine = toolsText.split('\n').findIndex((l) => l.includes('"name": "add_to_cart"'));
    // One problem per call that hung (b and c make the same one: it is run, and waited for, once).
    const overruns = report.problems.filter((p: { file: string }) => p.file === 'scenarios/shop/tools.json');
    expect(overruns).toHaveLength(2);
    for (const problem of overruns) {
      expect(problem.line).toBe(toolLine);
      expect(problem.message).toContain('a call of tool "add_to_cart" ran longer than 1 s');
      expect(problem.message).toContain('the trajectories that need this call');
    }
    expect(overruns.map((p: { message: string }) => p.message).join('\n')).toMatch(/"quantity":99[\s\S]*"quantity":77|"quantity":77[\s\S]*"quantity":99/);
    const left = report.problems.filter((p: { file: string }) => p.file === 'trajectories/m.jsonl');
    expect(left.map((p: { line: number }) => p.line).sort()).toEqual([2, 3, 5]);
    for (const problem of left) expect(problem.message).toMatch(/a call of tool "add_to_cart" with parameters .* ran past the time limit/);
  });

  it('--time-limit: a trajectory whose whole score runs past it (at least 10 s; no call does) is a problem at its line; the others are scored once', { timeout: 90_000 }, async () => {
    // 8,000 calls, each naming a text only the result before it holds (1 KB each): the grounding
    // search of SPEC §9.3 makes this about 45 s of work without a limit, and no SQL is slow.
    const filler = 'x'.repeat(1000);
    const items = Array.from({ length: 8000 }, (_, i) => ({
      turn: 0,
      calls: [call('search_products', { name: i === 0 ? 'Green Apple' : `token ${i} qq` })],
      results: JSON.stringify({ note: `${filler} token ${i + 1} qq` }),
    }));
    const long = { ...traj('long', 't1', []), tool_calls: items };
    const root = await writeDataset('long-score', {
      ...shopFiles(),
      'trajectories/m.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')]), long, traj('d', 't1', [add('Red Apple')])]),
    });
    const json = path.join(dir, 'long-score.json');
    const result = await egostudio('evaluate', root, '--no-cache', '--time-limit', '1', '--json', json);
    expect(result.code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.trajectories.map((t: { id: string; label: string }) => [t.id, t.label])).toEqual([['a', 'correct'], ['d', 'perception']]);
    expect(report.problems).toEqual([
      { file: 'trajectories/m.jsonl', line: 2, message: expect.stringContaining('scoring this trajectory ran longer than 10 s (the time limit') },
    ]);
  });

  it(`--time-limit: past ${MAX_BLOCKED_CALLS} calls of one scenario that never end, the scenario is given up on`, { timeout: 90_000 }, async () => {
    const files = shopFiles();
    const tools = JSON.parse(files['scenarios/shop/tools.json']) as { tools: { name: string; steps: { sql: string }[] }[] };
    const step = tools.tools.find((tool) => tool.name === 'add_to_cart')!.steps[0];
    step.sql = `${step.sql} AND (SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE :quantity > 50) SELECT x FROM c)) > 0`;
    const quantities = Array.from({ length: MAX_BLOCKED_CALLS + 2 }, (_, i) => 51 + i);
    const root = await writeDataset('endless-calls', {
      ...files,
      'scenarios/shop/tools.json': JSON.stringify(tools, null, 2),
      'trajectories/m.jsonl': jsonl(quantities.map((q) => traj(`q${q}`, 't1', [add('Green Apple', q)]))),
    });
    const json = path.join(dir, 'endless-calls.json');
    expect((await egostudio('evaluate', root, '--no-cache', '--time-limit', '1', '--json', json)).code).toBe(2);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.trajectories).toEqual([]);
    const messages = report.problems.filter((p: { file: string }) => p.file === 'scenarios/shop/tools.json').map((p: { message: string }) => p.message);
    expect(messages.filter((m: string) => m.includes('the trajectories that need this call'))).toHaveLength(MAX_BLOCKED_CALLS);
    expect(messages.filter((m: string) => m.includes(`its trajectories not scored yet are left out; ${MAX_BLOCKED_CALLS} other call(s) of it did too`))).toHaveLength(1);
    expect(messages).toHaveLength(MAX_BLOCKED_CALLS + 1);
  });

  it('reads --trajectories files and folders in code-point order of their paths', async () => {
    const root = await writeDataset('given', shopFiles());
    const runs = path.join(dir, 'runs');
    await mkdir(path.join(runs, 'sub'), { recursive: true });
    await writeFile(path.join(runs, 'sub', 'b.jsonl'), jsonl([traj('b', 't1', [search])]));
    await writeFile(path.join(runs, 'a.jsonl'), jsonl([traj('a', 't1', [search]), traj('b', 't1', [add('Green Apple')])]));
    const out = path.join(dir, 'given.json');
    const result = await egostudio('evaluate', root, '--trajectories', runs, '--json', out);
    const json = JSON.parse(await readFile(out, 'utf8'));
    expect(json.trajectories.map((t: { id: string; agent_calls: number }) => [t.id, t.agent_calls])).toEqual([['a', 1], ['b', 1]]);
    expect(json.problems).toHaveLength(1); // sub/b.jsonl's "b" repeats a.jsonl's
    expect(json.problems[0].file).toMatch(/sub\/b\.jsonl$/);
    expect(result.code).toBe(2);
  });

  it('exits 1 when nothing can be read', async () => {
    const result = await egostudio('evaluate', path.join(dir, 'nowhere'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no such dataset folder');
  });

  it('one reading of "nothing could be read" for every command: scenarios but an empty tasks.jsonl is input with problems (2); no task, scenario or run, 1', async () => {
    const files: Record<string, string> = { ...shopFiles(), 'tasks.jsonl': '' };
    const scenariosOnly = await writeDataset('no-tasks', { ...files, 'annotations/alice.jsonl': jsonl([{ task_id: 't1', calls: [], visual_refs: [], status: 'submitted', revision: 1, updated_at: '2026-01-01T00:00:00Z' }]) });
    const bare = await writeDataset('bare', { 'dataset.json': files['dataset.json'], 'tasks.jsonl': '' });
    const codes = async (root: string) => [
      (await egostudio('evaluate', root, '--no-cache')).code,
      (await egostudio('audit', root)).code,
      (await egostudio('agreement', root, '--annotators', 'alice,bob')).code,
    ];
    expect(await codes(scenariosOnly)).toEqual([2, 2, 2]); // audit said 1
    expect(await codes(bare)).toEqual([1, 1, 1]);
  });

  it('writes --json naming the folder it could not read when nothing can be read, exit 1', async () => {
    const nowhere = path.join(dir, 'nowhere');
    const out = path.join(dir, 'nowhere.json');
    const result = await egostudio('evaluate', nowhere, '--json', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`egostudio: ${nowhere}: no such dataset folder\n`);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({
      trajectories: [],
      models: {},
      problems: [{ file: nowhere, line: 0, message: 'no such dataset folder' }],
    });
  });

  it('scores without the cache, with one warning, when its folder cannot be made: exit and report as with --no-cache', async () => {
    const root = await writeDataset('cache-off', {
      ...shopFiles(),
      'trajectories/m1/easy.jsonl': jsonl([traj('a', 't1', [search, add('Green Apple')]), traj('b', 't1', [add('Red Apple')])]) + '{broken\n',
    });
    const blocker = path.join(dir, 'cache-blocker');
    await writeFile(blocker, 'a file, not a folder');
    const cacheDir = path.join(blocker, 'scores');
    const [off, none] = [path.join(dir, 'cache-off.json'), path.join(dir, 'no-cache.json')];
    const result = await egostudio('evaluate', root, '--cache-dir', cacheDir, '--json', off);
    const without = await egostudio('evaluate', root, '--no-cache', '--json', none);
    expect(without.code).toBe(2); // the broken line
    expect(result.code).toBe(without.code);
    expect(result.stdout).toBe(without.stdout);
    expect(await readFile(off, 'utf8')).toBe(await readFile(none, 'utf8'));
    const warnings = result.stderr.split('\n').filter((l) => l.includes('score cache off'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`egostudio: score cache off: ${cacheDir}: ENOTDIR: not a directory, mkdir `);
    // Progress lines come only when a run takes over 2 s (a loaded machine): not what is compared.
    const unprogressed = (stderr: string) => stderr.replace(/^evaluating:.*\n/gm, '');
    expect(unprogressed(result.stderr.replace(warnings[0] + '\n', ''))).toBe(unprogressed(without.stderr));
  });
});

describe('egostudio agreement', () => {
  it('writes the SPEC §11 tasks and summary', async () => {
    const ann = (task_id: string, calls: unknown[], revision = 1) => ({ task_id, calls, visual_refs: [], status: 'submitted', revision, updated_at: '2026-01-01T00:00:00Z' });
    const root = await writeDataset('agree', {
      ...shopFiles(),
      'annotations/alice.jsonl': jsonl([ann('t1', [search, add('Green Apple')]), ann('t2', [call('set_list', { user_id: 'u1', items: ['a', 'b'] })])]),
      'annotations/bob.jsonl': jsonl([ann('t1', [add('green apple'), search]), ann('t2', [], 1), ann('t2', [call('set_list', { user_id: 'u1', items: ['b', 'a'] })], 2)]),
    });
    const out = path.join(dir, 'agree.json');
    const result = await egostudio('agreement', root, '--annotators', 'alice,bob', '--json', out);
    expect(result.code).toBe(0);
    const json = JSON.parse(await readFile(out, 'utf8'));
    expect(json.tasks).toEqual([
      { task_id: 't1', exact: true, seq_exact: false, call_f1: 1, state_equal: true },
      { task_id: 't2', exact: false, seq_exact: false, call_f1: 0, state_equal: false },
    ]);
    // Pooled: A1,B1 (equal), A2,B2 (disjoint); every cross-task pair has distance 1.
    const De = (2 * 0 + 2 * 1 + 8 * 1) / 12;
    expect(json.summary).toEqual({ tasks: 2, percent_exact: 50, mean_call_f1: 0.5, state_agreement: 0.5, alpha_dice: 1 - 0.5 / De });
    expect(json.problems).toEqual([]);
    // Compared in a watched worker (the default time limit) or on the command's own thread (--time-limit 0): the same.
    const unwatched = await egostudio('agreement', root, '--annotators', 'alice,bob', '--time-limit', '0');
    expect(unwatched).toEqual(await egostudio('agreement', root, '--annotators', 'alice,bob'));
  });

  it('names the annotators there when one asked for has no annotations (a typo), exit 2', async () => {
    const root = await writeDataset('agree-typo', {
      ...shopFiles(),
      'annotations/alice.jsonl': jsonl([{ task_id: 't1', calls: [search], visual_refs: [], status: 'submitted', revision: 1, updated_at: '2026-01-01T00:00:00Z' }]),
      'annotations/bob.jsonl': jsonl([{ task_id: 't1', calls: [search], visual_refs: [], status: 'submitted', revision: 1, updated_at: '2026-01-01T00:00:00Z' }]),
    });
    const result = await egostudio('agreement', root, '--annotators', 'alice,carol');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`egostudio agreement: no annotations by carol; this dataset's annotators: alice, bob`);
  });

  it('--time-limit: a scenario whose seed SQL never ends is a problem naming its file and line; the agreement goes on without it (exit 2)', { timeout: 60_000 }, async () => {
    const files = shopFiles();
    const ann = (task_id: string, calls: unknown[]) => ({ task_id, annotator: 'x', calls, visual_refs: [], status: 'submitted', revision: 1, updated_at: '2026-01-01T00:00:00Z' });
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n';
    const root = await writeDataset('agree-endless', {
      ...files,
      // A second scenario, "loop", whose seed never ends; task t3 uses it.
      'scenarios/loop/schema.sql': files['scenarios/shop/schema.sql'],
      'scenarios/loop/data.sql': `${files['scenarios/shop/data.sql']}\n${endless}`,
      'scenarios/loop/tools.json': files['scenarios/shop/tools.json'],
      'tasks.jsonl': files['tasks.jsonl'] + jsonl([{ id: 't3', scenario: 'loop', instruction: 'Find apples.', image_description: '', video: 'videos/t3.webm' }]),
      'annotations/alice.jsonl': jsonl([ann('t1', [search, add('Green Apple')]), ann('t3', [search])]),
      'annotations/bob.jsonl': jsonl([ann('t1', [add('Red Apple')]), ann('t3', [search])]),
    });
    const line = files['scenarios/shop/data.sql'].split('\n').length + 1;
    const out = path.join(dir, 'agree-endless.json');
    const result = await egostudio('agreement', root, '--annotators', 'alice,bob', '--time-limit', '1', '--json', out);
    expect(result.code).toBe(2);
    const json = JSON.parse(await readFile(out, 'utf8'));
    expect(json.tasks.map((t: { task_id: string }) => t.task_id)).toEqual(['t1']);
    expect(json.problems).toContainEqual({
      file: 'scenarios/loop/data.sql',
      line,
      message: `scenario "loop": the statement at data.sql line ${line} ran longer than 1 s while building its database; stopped, its tasks are left out`,
    });
    expect(json.problems).toContainEqual(expect.objectContaining({ message: 'task "t3" left out: scenario cannot run (its seed SQL ran past the time limit)' }));
    expect(result.stderr).toContain(`scenarios/loop/data.sql:${line}`);
  });

  it('--time-limit: a call whose SQL never ends is named by its tool and tools.json line in the agreement too (exit 2)', { timeout: 60_000 }, async () => {
    const files = shopFiles();
    const tools = JSON.parse(files['scenarios/shop/tools.json']);
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) INSERT INTO lists SELECT :user_id, count(*) FROM c';
    tools.tools.push({ name: 'spin', description: 'never ends', parameters: { type: 'object', properties: { user_id: { type: 'string' } } }, effect: 'write', steps: [{ sql: endless }], returns: { status: 'success' } });
    const toolsText = JSON.stringify(tools, null, 2);
    const ann = (task_id: string, calls: unknown[]) => ({ task_id, calls, visual_refs: [], status: 'submitted', revision: 1, updated_at: '2026-01-01T00:00:00Z' });
    const spin = call('spin', { user_id: 'u1' });
    const root = await writeDataset('agree-spin', {
      ...files,
      'scenarios/shop/tools.json': toolsText,
      'annotations/alice.jsonl': jsonl([ann('t1', [spin])]),
      'annotations/bob.jsonl': jsonl([ann('t1', [spin])]),
    });
    const out = path.join(dir, 'agree-spin.json');
    expect((await egostudio('agreement', root, '--annotators', 'alice,bob', '--time-limit', '1', '--json', out)).code).toBe(2);
    // The final states are a run of calls: each is watched as a call (once, only "a tool call" at line 0).
    const line = toolsText.slice(0, toolsText.indexOf('"name": "spin"')).split('\n').length - 1;
    expect(JSON.parse(await readFile(out, 'utf8')).problems).toContainEqual({
      file: 'scenarios/shop/tools.json',
      line,
      message: 'scenario "shop": a call of tool "spin" ran longer than 1 s; stopped, its tasks are left out',
    });
  });

  it('writes --json with no task, naming the folder it could not read, when nothing can be read, exit 1', async () => {
    const nowhere = path.join(dir, 'nowhere');
    const out = path.join(dir, 'agree-nowhere.json');
    const result = await egostudio('agreement', nowhere, '--annotators', 'alice,bob', '--json', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`egostudio: ${nowhere}: no such dataset folder\n`);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({
      tasks: [],
      summary: { tasks: 0, percent_exact: null, mean_call_f1: null, state_agreement: null, alpha_dice: null },
      problems: [{ file: nowhere, line: 0, message: 'no such dataset folder' }],
    });
  });
});

describe('egostudio import-egobench', () => {
  const fixture = path.resolve(import.meta.dirname, '../services/import-egobench/fixtures/retail1-mini');
  // The release beside the repository, when there (the tests that need it skip without it).
  const fullRelease = path.resolve(import.meta.dirname, '../../../shared/egobench');

  it('writes only into a new or empty folder, or over an earlier dataset with --replace; never into the release', async () => {
    const out = path.join(dir, 'imported');
    const json = path.join(dir, 'imported.json');
    const first = await egostudio('import-egobench', fixture, '--out', out, '--json', json);
    expect(first.code, first.stderr).toBe(0);
    // Every warning, with the line of its task in the release file (the output lists the first ones).
    const found = JSON.parse(await readFile(json, 'utf8')) as { summary: { tasks: number }; warnings: { file: string; line: number; message: string }[] };
    expect(found.summary.tasks).toBe(8);
    // retail1-5's object opens at the ' {' before its "task_id": 5.
    const lines = (await readFile(path.join(fixture, 'tasks', 'retail1.json'), 'utf8')).split('\n');
    let taskLine = lines.findIndex((l) => l.includes('"task_id": 5,'));
    while (lines[taskLine] !== ' {') taskLine--;
    taskLine += 1;
    expect(found.warnings.map((w) => [w.file, w.line])).toEqual([['tasks/retail1.json', taskLine], ['tasks/retail1.json', taskLine]]);
    expect(first.stdout).toContain(`warning tasks/retail1.json:${taskLine}: retail1-5:`);
    // Someone's adjudication since: a second import must not replace it unasked.
    const gtFile = path.join(out, 'ground_truth.jsonl');
    await writeFile(gtFile, `${await readFile(gtFile, 'utf8')}{"adjudicated": "by hand"}\n`);
    const kept = await readFile(gtFile, 'utf8');
    const again = await egostudio('import-egobench', fixture, '--out', out);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`--out ${out} is not empty: choose a new or empty folder, or add --replace`);
    expect(await readFile(gtFile, 'utf8')).toBe(kept);
    const replaced = await egostudio('import-egobench', fixture, '--out', out, '--replace');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(await readFile(gtFile, 'utf8')).not.toContain('by hand');

    const other = path.join(dir, 'not-a-dataset');
    await mkdir(other);
    await writeFile(path.join(other, 'notes.txt'), 'mine');
    for (const [args, message] of [
      [['--out', other, '--replace'], 'holds no dataset.json: --replace writes over a dataset only'],
      [['--out', path.join(fixture, 'dataset')], 'is inside the release'],
      [['--out', path.join(dir, 'fresh'), '--results', path.join(dir, 'no-such-results')], 'no-such-results: no such folder'],
    ] as const) {
      const result = await egostudio('import-egobench', fixture, ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(message);
    }
    const notRelease = await egostudio('import-egobench', other, '--out', path.join(dir, 'fresh'));
    expect(notRelease.code).toBe(1);
    expect(notRelease.stderr).toContain('not an EgoBench release folder: it has no tasks/ folder');
    await expect(readFile(path.join(dir, 'fresh', 'dataset.json'))).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it("--replace never drops a lab's own tasks or adjudicated ground truth; --trajectories-only adds runs and writes nothing else", async () => {
    const out = path.join(dir, 'extended');
    expect((await egostudio('import-egobench', fixture, '--out', out)).code).toBe(0);
    // The lab adds a task with its ground truth and adjudicates a release task again.
    const [tasksFile, gtFile] = [path.join(out, 'tasks.jsonl'), path.join(out, 'ground_truth.jsonl')];
    const tasks = (await readFile(tasksFile, 'utf8')).split('\n').filter(Boolean);
    const own = { ...(JSON.parse(tasks[0]) as Record<string, unknown>), id: 'lab-01' };
    await writeFile(tasksFile, `${tasks.join('\n')}\n${JSON.stringify(own)}\n`);
    const truths = (await readFile(gtFile, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    const adjudicated = { ...truths[1], source: 'adjudicated', adjudicator: 'carol' };
    const edited = [truths[0], adjudicated, ...truths.slice(2), { ...truths[0], task_id: 'lab-01' }].map((l) => JSON.stringify(l)).join('\n') + '\n';
    await writeFile(gtFile, edited);
    const before = await readFile(tasksFile, 'utf8');
    // And its own seed rows in a scenario (neither a refused --replace nor --trajectories-only touch them).
    const [scenario] = await readdir(path.join(out, 'scenarios'));
    const seedFile = path.join(out, 'scenarios', scenario, 'data.sql');
    const seeded = `${await readFile(seedFile, 'utf8')}-- the lab's own rows\n`;
    await writeFile(seedFile, seeded);

    const replaced = await egostudio('import-egobench', fixture, '--out', out, '--replace');
    expect(replaced.code).toBe(1);
    expect(replaced.stderr).toContain(`--replace would drop 1 task(s) the release does not have (lab-01) and 2 ground-truth line(s) that differ from the release's (${String(truths[1].task_id)}, lab-01)`);
    expect(replaced.stderr).toContain('use --trajectories-only');
    expect([await readFile(tasksFile, 'utf8'), await readFile(gtFile, 'utf8'), await readFile(seedFile, 'utf8')]).toEqual([before, edited, seeded]);

    // The lab's agent's results, laid out as the release's.
    const mine = path.join(dir, 'lab-results');
    await cp(path.join(fixture, 'results', 'Qwen3.5-397B-A17B'), path.join(mine, 'LabAgent'), { recursive: true });
    const qwenFile = path.join(out, 'trajectories', 'Qwen3.5-397B-A17B', 'retail1_easy.jsonl');
    await writeFile(qwenFile, 'the release runs, as the lab left them\n');
    const added = await egostudio('import-egobench', fixture, '--results', mine, '--out', out, '--trajectories-only');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/added \d+ trajectories \(LabAgent\) to .*; nothing else was written/);
    const labRuns = await readFile(path.join(out, 'trajectories', 'LabAgent', 'retail1_easy.jsonl'), 'utf8');
    expect(labRuns.split('\n').filter(Boolean).every((l) => (JSON.parse(l) as { model: string }).model === 'LabAgent')).toBe(true);
    expect([await readFile(tasksFile, 'utf8'), await readFile(gtFile, 'utf8'), await readFile(qwenFile, 'utf8'), await readFile(seedFile, 'utf8')]).toEqual([
      before,
      edited,
      'the release runs, as the lab left them\n',
      seeded,
    ]);
    // Again: the file is there, refused (nothing written) unless --replace.
    await writeFile(path.join(out, 'trajectories', 'LabAgent', 'retail1_easy.jsonl'), 'mine\n');
    const again = await egostudio('import-egobench', fixture, '--results', mine, '--out', out, '--trajectories-only');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('1 trajectory file(s) are already in');
    expect(await readFile(path.join(out, 'trajectories', 'LabAgent', 'retail1_easy.jsonl'), 'utf8')).toBe('mine\n');
    expect((await egostudio('import-egobench', fixture, '--results', mine, '--out', out, '--trajectories-only', '--replace')).code).toBe(0);
    expect(await readFile(path.join(out, 'trajectories', 'LabAgent', 'retail1_easy.jsonl'), 'utf8')).toBe(labRuns);
    // Not into a folder that holds no dataset.
    const nowhere = await egostudio('import-egobench', fixture, '--results', mine, '--out', path.join(dir, 'no-dataset-here'), '--trajectories-only');
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('holds no dataset.json: --trajectories-only adds runs to a dataset');
    expect(existsSync(path.join(dir, 'no-dataset-here'))).toBe(false);

    // A result file handed to evaluate as it is says how it goes in.
    const arrayFile = path.join(dir, 'release-format.jsonl');
    await writeFile(arrayFile, `${JSON.stringify([{ id: 1 }])}\n`);
    const scored = await egostudio('evaluate', out, '--no-cache', '--trajectories', arrayFile);
    expect(scored.stderr).toContain('--trajectories-only');
  }, 120_000);

  it.skipIf(!existsSync(path.join(fullRelease, 'tasks')))('cancelled midway (Ctrl+C) leaves nothing at --out nor beside it, and the same --out then imports (the release)', async () => {
    const parent = await mkdtemp(path.join(dir, 'cancelled-'));
    const out = path.join(parent, 'out');
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'egostudio.mjs'), 'import-egobench', fullRelease, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Once the import has written something (the dataset, or the hidden folder beside it), a while on.
    while ((await readdir(parent)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain(`cancelled; nothing was written to ${out}`);
    expect(await readdir(parent)).toEqual([]);
    const again = await egostudio('import-egobench', fullRelease, '--out', out);
    expect(again.code, again.stderr).toBe(0);
    expect(await readdir(parent)).toEqual(['out']);
  }, 120_000);

  it.skipIf(process.platform !== 'linux')('says an --out that cannot be made in words naming its folder, not as errno text', async () => {
    const result = await egostudio('import-egobench', fixture, '--out', '/proc/egostudio-import-test');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('egostudio import-egobench: /proc cannot be made, or cannot hold a new folder: choose another folder for the dataset\n');
  }, 120_000);

  it('reads a task file linked inside the release, and names one linked outside it', async () => {
    const release = path.join(dir, 'linked-release');
    await cp(fixture, release, { recursive: true });
    await rename(path.join(release, 'tasks', 'retail1.json'), path.join(release, 'retail1.json'));
    await symlink('../retail1.json', path.join(release, 'tasks', 'retail1.json'));
    // The tool schemas, the same file, but reached through a link out of the release: not read.
    await rename(path.join(release, 'tools', 'retail_tools.json'), path.join(dir, 'outside-tools.json'));
    await symlink(path.join(dir, 'outside-tools.json'), path.join(release, 'tools', 'retail_tools.json'));
    const result = await egostudio('import-egobench', release, '--out', path.join(dir, 'linked-out'));
    expect(result.stderr).toContain('tools/retail_tools.json:0: a link leading outside its folder: not read');
    expect(result.code).toBe(1);
    // The same with the tools back in place: the linked task file is read.
    await rm(path.join(release, 'tools', 'retail_tools.json'));
    await cp(path.join(dir, 'outside-tools.json'), path.join(release, 'tools', 'retail_tools.json'));
    const inside = await egostudio('import-egobench', release, '--out', path.join(dir, 'linked-out-2'));
    expect(inside.code, inside.stderr).toBe(0);
    expect(inside.stdout).toMatch(/imported 8 task\(s\)/);
  }, 120_000);
});

describe('egostudio help, version and errors', () => {
  const oneLine = (text: string) => {
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text).not.toMatch(/^\s+at /m); // no stack trace
  };

  it('--json - writes the report to stdout (the table to stderr), and no file named -', async () => {
    const sample = path.resolve(import.meta.dirname, '../../datasets/egobench-sample');
    const cwd = await mkdtemp(path.join(dir, 'cwd-'));
    const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'egostudio.mjs'), 'evaluate', sample, '--json', '-'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (exitCode) => resolve({ stdout: out, stderr: err, code: exitCode }));
    });
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as { trajectories: unknown[]; models: Record<string, unknown> };
    expect(report.trajectories).toHaveLength(270);
    expect(stderr).toContain('EgoBench sample (synthetic): 270 trajectories');
    await expect(readFile(path.join(cwd, '-'))).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it('finishes its work when its output is closed early (egostudio evaluate ds | head -1): its report, its exit code', async () => {
    // The sample (enough output for a closed pipe to matter), with one line naming an unknown task.
    const root = path.join(dir, 'closed-early');
    await cp(path.resolve(import.meta.dirname, '../../datasets/egobench-sample'), root, { recursive: true });
    await writeFile(path.join(root, 'trajectories', 'extra.jsonl'), jsonl([traj('b', 'nope', [search])]));
    const report = path.join(dir, 'closed-early.json');
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'egostudio.mjs'), 'evaluate', root, '--no-cache', '--json', report], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read the first chunk, then close the pipe as head does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|^\s+at /m);
    expect(code).toBe(2); // one trajectory names an unknown task (SPEC §12), closed output or not
    expect(JSON.parse(await readFile(report, 'utf8')).trajectories).toHaveLength(270);
  }, 120_000);

  it('never writes its report over what it reads (a dataset file, a --trajectories file, its other output), and replaces a report whole', async () => {
    const root = await writeDataset('outputs', shopFiles({ 'trajectories/m1/runs.jsonl': jsonl([traj('a', 't1', [search])]) }));
    const truth = path.join(root, 'ground_truth.jsonl');
    const before = await readFile(truth, 'utf8');
    const overTruth = await egostudio('evaluate', root, '--no-cache', '--json', truth);
    expect(overTruth.code).toBe(1);
    expect(overTruth.stderr).toMatch(/^egostudio evaluate: --json .*ground_truth\.jsonl is a file of the dataset/);
    expect(await readFile(truth, 'utf8')).toBe(before);
    const runs = path.join(dir, 'outputs-runs.jsonl');
    await writeFile(runs, jsonl([traj('b', 't1', [search])]));
    expect((await egostudio('evaluate', root, '--no-cache', '--trajectories', runs, '--json', runs)).stderr).toContain('is among the trajectories read');
    const report = path.join(dir, 'outputs-report.json');
    const same = await egostudio('evaluate', root, '--no-cache', '--json', report, '--provenance', report);
    expect(same.stderr).toContain('--json and --provenance name the same file');
    await expect(readFile(report)).rejects.toThrow(/ENOENT/);
    // A report over an older one: written beside it and renamed over it (a full disk or Ctrl+C leaves the old one whole).
    await writeFile(report, '{"old": true}\n');
    const { ino } = await stat(report);
    expect((await egostudio('evaluate', root, '--no-cache', '--json', report)).code).toBe(0);
    expect(JSON.parse(await readFile(report, 'utf8')).trajectories).toHaveLength(1);
    expect((await stat(report)).ino).not.toBe(ino);
  }, 120_000);

  it.skipIf(!existsSync('/proc/self/task'))('a scoring command restarted with its V8 flags ends when its launcher is killed outright (SIGKILL), and writes nothing after (skipped without /proc, which finds the launcher\'s child)', async () => {
    const sample = path.resolve(import.meta.dirname, '../../datasets/egobench-sample');
    const report = path.join(dir, 'killed-launcher.json');
    const launcher = spawn(process.execPath, [path.resolve(import.meta.dirname, 'egostudio.mjs'), 'evaluate', sample, '--no-cache', '--json', report], { stdio: 'ignore' });
    const childOf = async (pid: number) => {
      for (let i = 0; i < 100; i++) {
        const found = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).trim();
        if (found) return Number(found.split(' ')[0]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return null;
    };
    const child = await childOf(launcher.pid!);
    expect(child, 'the launcher restarted the command in a child process').not.toBeNull();
    launcher.kill('SIGKILL');
    // Gone, or a zombie (this container's init may not reap the orphan it was given).
    const alive = async () => !/^\d+ \(.*\) [ZX]/.test(await readFile(`/proc/${child}/stat`, 'utf8').catch(() => '0 (gone) X'));
    await expect.poll(alive, { timeout: 3000 }).toBe(false);
    await expect(readFile(report)).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it.skipIf(!existsSync('/dev/full'))('says a failed write to its standard output in one line, and exits 1 (> /dev/full; skipped where there is no /dev/full)', async () => {
    const full = await open('/dev/full', 'w');
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'egostudio.mjs'), '--help'], { stdio: ['ignore', full.fd, 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    await full.close();
    expect(code).toBe(1);
    oneLine(stderr);
    expect(stderr).toMatch(/^egostudio: cannot write to standard output: ENOSPC/);
  }, 60_000);

  it('prints each command\'s usage, options and an example for --help and for help <command>, exit 0', async () => {
    const commands = ['evaluate', 'agreement', 'report', 'import-egobench', 'bench'];
    for (const command of commands) {
      const viaFlag = await egostudio(command, '--help');
      expect(viaFlag.code, command).toBe(0);
      expect(viaFlag.stderr).toBe('');
      expect(viaFlag.stdout).toContain(`usage: egostudio ${command}`);
      expect(viaFlag.stdout).toMatch(/\noptions:\n/);
      expect(viaFlag.stdout).toMatch(new RegExp(`\\nexamples?:\\n  egostudio ${command} `));
      const viaHelp = await egostudio('help', command);
      expect(viaHelp).toEqual(viaFlag);
    }
    const evaluate = await egostudio('evaluate', '-h');
    expect(evaluate.stdout).toContain('usage: egostudio evaluate <dataset> [--trajectories PATH ...] [--json FILE] [--workers N]');
    expect(evaluate.stdout).toMatch(/--json FILE +write the full report/);
    // The option another branch adds is already in the usage text.
    expect((await egostudio('import-egobench', '--help')).stdout).toMatch(/--results DIR +.*\(repeatable\)/);
  }, 120_000); // a dozen runs of the real command

  it('--help lists the commands; --version prints the package version', async () => {
    const overview = await egostudio('--help');
    expect(overview.code).toBe(0);
    for (const command of ['evaluate', 'agreement', 'report', 'import-egobench', 'bench', 'audit']) expect(overview.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    expect(overview.stdout).not.toContain('bench-evaluate');
    const { version } = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(await egostudio('--version')).toEqual({ code: 0, stdout: `egostudio ${version}\n`, stderr: '' });
    // The bundle run itself (built by the launcher above), as people find it in out/cli/: it runs the command (it did nothing, exit 0).
    const direct = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../out/cli/egostudio.mjs'), '--version']);
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('close', () => resolve(out));
    });
    expect(direct).toBe(`egostudio ${version}\n`);
  });

  it('names the valid options of the command on an unknown one, in one line, exit 1', async () => {
    const result = await egostudio('evaluate', 'somewhere', '--jsno', 'x.json');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    oneLine(result.stderr);
    expect(result.stderr).toBe(
      'egostudio evaluate: unknown option --jsno; evaluate takes --trajectories, --json, --workers, --no-cache, --cache-dir, --time-limit, --provenance, --help (egostudio evaluate --help)\n',
    );
    const agreement = await egostudio('agreement', 'somewhere', '--annotator', 'a,b');
    expect(agreement.stderr).toContain('agreement takes --annotators, --json, --time-limit, --help');
  });

  it('says in one line what is wrong with the command line, exit 1', async () => {
    const cases: [string[], string][] = [
      [[], 'which command? evaluate, agreement, report, import-egobench, bench'],
      [['evalute', 'x'], 'unknown command "evalute"'],
      [['help', 'nope'], 'no command "nope"'],
      [['evaluate'], 'missing the dataset folder'],
      [['evaluate', 'x', '--json'], '--json needs a value: --json FILE'],
      [['evaluate', 'x', '--workers', 'many'], '--workers takes a whole number of at least 0, not "many"'],
      [['evaluate', 'x', '--workers', '-1'], '--workers takes no negative number, not -1'],
      [['evaluate', 'x', '--time-limit', '-5'], '--time-limit takes no negative number, not -5'],
      [['agreement', 'x'], '--annotators takes two names separated by a comma'],
      [['agreement', 'x', '--annotators', 'alice'], 'not "alice"'],
      [['report', 'x'], 'missing --out DIR'],
      [['import-egobench', 'release'], 'missing --out DIR'],
      [['bench', '--keep=yes'], '--keep is a switch and takes no value'],
    ];
    for (const [args, message] of cases) {
      const result = await egostudio(...args);
      expect(result.code, args.join(' ')).toBe(1);
      oneLine(result.stderr);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
  }, 120_000);

  it('reports a failure it did not foresee in one line, without a stack', async () => {
    // A report name longer than a file name may be (a missing folder, a folder and an empty name are refused up front).
    const root = await writeDataset('unwritable-json', shopFiles());
    const result = await egostudio('evaluate', root, '--json', path.join(root, `${'r'.repeat(300)}.json`));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^egostudio evaluate: ENAMETOOLONG: name too long, .*\.json'\n$/);
  });
});

describe('egostudio bench', () => {
  it('keeps the distinct corpus scored as its first line says (paper), not as the last line scored it', { timeout: 120_000 }, async () => {
    const result = await egostudio('bench', '--only', 'distinct', '--tasks', '3', '--runs', '1', '--keep');
    const kept = /corpus kept at (.+?)(?: \(paper profile\))?$/m.exec(result.stdout)?.[1];
    try {
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/corpus kept at .+ \(paper profile\)$/m);
      const meta = JSON.parse(await readFile(path.join(kept!, 'dataset.json'), 'utf8'));
      expect(meta.profile).toBe('paper');
      // The first line's labels are the paper profile's (the egobench line's differ): the kept
      // corpus, scored again, gives them.
      const labelsOf = (line: RegExp) => new RegExp(`${line.source}.*\n {2}labels: (.*)$`, 'm').exec(result.stdout)?.[1];
      const first = labelsOf(/^evaluate, distinct corpus \(cold/);
      expect(first).toBeDefined();
      expect(labelsOf(/^evaluate, distinct corpus, egobench profile/)).not.toBe(first);
      const again = await egostudio('bench-evaluate', kept!);
      const labels = JSON.parse(again.stdout).labels as Record<string, number>;
      expect(first).toBe(Object.entries(labels).map(([label, n]) => `${label} ${n}`).join(', '));
    } finally {
      if (kept) await rm(kept, { recursive: true, force: true });
    }
  });
});
