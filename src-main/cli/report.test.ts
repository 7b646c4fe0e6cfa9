// `egostudio report` as a user runs it: the tables' figures equal `egostudio evaluate --json`
// on the same folder, the figures are SVG, overrides come from reviews/, exit codes as evaluate.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { runEgostudio, writeDatasetFolder } from '../test-support/dataset-folder';
import { buildReport } from '../../shared/report/build';
import { modelLabels } from '../../shared/report/charts';
import { writeReportFiles } from './report';

let dir: string;

const egostudio = runEgostudio;
const writeDataset = (name: string, files: Record<string, string>) => writeDatasetFolder(path.join(dir, name), files);

/** Two scenarios of unequal task counts (shop: 2, mall: 1), two models, two modes. */
function twoScenarioFiles(extra: Record<string, string> = {}): Record<string, string> {
  const shop = shopFiles();
  const list = (items: string[]) => call('set_list', { user_id: 'u1', items });
  return {
    ...shop,
    'scenarios/mall/schema.sql': shop['scenarios/shop/schema.sql'],
    'scenarios/mall/data.sql': shop['scenarios/shop/data.sql'],
    'scenarios/mall/tools.json': shop['scenarios/shop/tools.json'],
    'tasks.jsonl': shop['tasks.jsonl'] + jsonl([{ id: 't3', scenario: 'mall', instruction: 'User ID: u1. List milk.', image_description: '', video: 'videos/t3.webm' }]),
    'ground_truth.jsonl': shop['ground_truth.jsonl'] + jsonl([{ task_id: 't3', calls: [list(['Whole Milk'])], visual_refs: [], source: 'agreed' }]),
    ...extra,
  };
}

const search = call('search_products', { name: 'apple' });
const add = (product_name: string) => call('add_to_cart', { user_id: 'u1', product_name, quantity: 2 });
const list = (items: string[]) => call('set_list', { user_id: 'u1', items });
const traj = (id: string, task_id: string, calls: unknown[], mode: string, model: string, tokens: number, rounds?: number) => ({
  id, task_id, model, mode,
  dialogue: [{ role: 'user', turn: 0, content: 'User ID: u1' }, { role: 'agent', turn: 0, content: 'ok' }],
  tool_calls: [{ turn: 0, calls }], input_tokens: tokens, output_tokens: 10, ...(rounds ? { rounds_count: rounds } : {}),
});

const trajectories = {
  'trajectories/m1.jsonl': jsonl([
    traj('a', 't1', [search, add('Green Apple')], 'dynamic_easy', 'm1', 100, 3),
    traj('b', 't1', [add('Red Apple')], 'dynamic_easy', 'm1', 300),
    traj('c', 't3', [list(['Whole Milk'])], 'dynamic_easy', 'm1', 50),
    traj('d', 't2', [list(['Whole Milk', 'Coca Cola Zero'])], 'static', 'm1', 80),
    traj('e', 't3', [list(['Coca Cola Zero'])], 'static', 'm1', 80),
  ]),
  'trajectories/m2.jsonl': jsonl([
    traj('f', 't1', [search, add('Green Apple')], 'dynamic_easy', 'm2', 400),
    traj('g', 't2', [], 'static', 'm2', 90),
    traj('h', 't3', [list(['Whole Milk']), list(['Whole Milk'])], 'static', 'm2', 90),
  ]),
};

function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = text.trim().split('\r\n').map((line) => line.split(','));
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

const MODE_NAMES: Record<string, string> = { dynamic_easy: 'Dynamic Easy', static: 'Static', overall: 'Overall' };
const asNumber = (s: string) => (s === '' ? null : Number(s));
/** A JSON figure as the CSV gives it: to 15 significant digits (its binary noise gone); a fraction as a percentage. */
const pct = (v: number | null) => (v === null ? null : as15(100 * v));
const as15 = (v: number | null) => (v === null ? null : Number(v.toPrecision(15)));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-report-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('egostudio report', () => {
  it('keeps and reads the score cache evaluate keeps (--cache-dir, --no-cache): a report after an evaluation scores nothing again', async () => {
    const root = await writeDataset('cached', twoScenarioFiles(trajectories));
    const cacheDir = path.join(dir, 'cached-scores');
    const entries = async () => (await readdir(cacheDir, { recursive: true }).catch(() => [])).length;
    expect((await egostudio('report', root, '--out', path.join(dir, 'cached-a'), '--no-cache', '--cache-dir', cacheDir)).code).toBe(0);
    expect(await entries()).toBe(0);
    expect((await egostudio('report', root, '--out', path.join(dir, 'cached-b'), '--cache-dir', cacheDir)).code).toBe(0);
    expect(await entries()).toBeGreaterThan(0);
    const [cold, warm] = await Promise.all(['cached-a', 'cached-b'].map((name) => readFile(path.join(dir, name, 'main.csv'), 'utf8')));
    expect(warm).toBe(cold);
    expect((await egostudio('report', root, '--out', path.join(dir, 'cached-c'), '--cache-dir', cacheDir)).code).toBe(0);
    expect(await readFile(path.join(dir, 'cached-c', 'main.csv'), 'utf8')).toBe(cold);
  }, 120_000);

  it('writes tables whose figures equal evaluate --json, and SVG figures', async () => {
    const root = await writeDataset('two', twoScenarioFiles(trajectories));
    const json = path.join(dir, 'two.json');
    const out = path.join(dir, 'two-report');
    const [evaluated, reported] = await Promise.all([egostudio('evaluate', root, '--json', json), egostudio('report', root, '--out', out)]);
    expect(evaluated.code).toBe(0);
    expect(reported.stderr).toBe('');
    expect(reported.code).toBe(0);
    const expected = JSON.parse(await readFile(json, 'utf8')) as {
      models: Record<string, { overall: Record<string, number | null> & { labels: Record<string, number | null> }; modes: Record<string, Record<string, number | null>>; scenarios: Record<string, Record<string, number | null>> }>;
    };
    expect(Object.keys(expected.models).sort()).toEqual(['m1', 'm2']);

    const main = parseCsv(await readFile(path.join(out, 'main.csv'), 'utf8'));
    expect(main.map((r) => r.Model)).toEqual(['m1', 'm2']);
    let compared = 0;
    for (const row of main) {
      const m = expected.models[row.Model];
      for (const mode of ['dynamic_easy', 'static', 'overall']) {
        const f = mode === 'overall' ? m.overall : m.modes[mode];
        for (const [key, name] of [['joint_succ', 'JointSucc'], ['tool_succ', 'ToolSucc'], ['micro_acc', 'MicroAcc'], ['result_succ', 'ResultSucc']]) {
          expect(asNumber(row[`${MODE_NAMES[mode]} ${name}`]), `${row.Model} ${mode} ${key}`).toBe(pct(f?.[key] ?? null));
          compared++;
        }
      }
    }
    expect(compared).toBe(24);
    // Weighting is visible: m1 dynamic_easy = (2·1/2 + 1·1)/3, not the plain 2/3 of trajectories.
    expect(expected.models.m1.modes.dynamic_easy.joint_succ).toBeCloseTo(2 / 3, 12);

    const scenarios = parseCsv(await readFile(path.join(out, 'scenarios.csv'), 'utf8'));
    for (const row of scenarios.filter((r) => r.Model in expected.models))
      for (const s of ['mall', 'shop']) expect(asNumber(row[s])).toBe(pct(expected.models[row.Model].scenarios[s]?.joint_succ ?? null));

    const errors = parseCsv(await readFile(path.join(out, 'errors.csv'), 'utf8'));
    for (const row of errors) {
      const labels = expected.models[row.Model].overall.labels;
      expect(asNumber(row.Correct)).toBe(pct(labels.correct));
      expect(asNumber(row.Perception)).toBe(pct(labels.perception));
      expect(asNumber(row.Syntactic)).toBe(pct(labels.syntactic));
    }

    const efficiency = parseCsv(await readFile(path.join(out, 'efficiency.csv'), 'utf8'));
    const m1Overall = efficiency.find((r) => r.Model === 'm1' && r.Mode === 'Overall')!;
    expect(asNumber(m1Overall.TokenEff)).toBe(as15(expected.models.m1.overall.token_eff));
    expect(asNumber(m1Overall.TurnEff)).toBe(as15(expected.models.m1.overall.turn_eff));
    expect(asNumber(m1Overall.ToolEff)).toBe(as15(expected.models.m1.overall.tool_eff));
    expect(asNumber(m1Overall.ToolPrec)).toBe(pct(expected.models.m1.overall.tool_prec));
    expect(asNumber(m1Overall.ToolF1)).toBe(pct(expected.models.m1.overall.tool_f1));

    const files = (await readdir(out)).sort();
    for (const stem of ['main', 'scenarios', 'errors', 'efficiency']) expect(files).toEqual(expect.arrayContaining([`${stem}.csv`, `${stem}.md`]));
    for (const stem of ['scenarios', 'errors', 'efficiency']) {
      const svg = await readFile(path.join(out, `${stem}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('m1');
    }
    expect(await readFile(path.join(out, 'main.md'), 'utf8')).toContain('| m1 (partial) |');
  }, 120_000);

  it('applies the latest review per trajectory in the with-overrides rows only', async () => {
    const review = (trajectory_id: string, label: string, updated_at: string, reviewer: string) =>
      ({ trajectory_id, label, auto_label: 'perception', reason: 'checked the clip', reviewer, updated_at });
    const root = await writeDataset('reviewed', twoScenarioFiles({
      ...trajectories,
      'reviews/ann.jsonl': jsonl([review('b', 'logic', '2026-03-01T10:00:00Z', 'ann'), review('gone', 'logic', '2026-03-01T10:00:00Z', 'ann')]),
      'reviews/bob.jsonl': jsonl([review('b', 'hallucination', '2026-03-02T10:00:00Z', 'bob')]),
    }));
    const out = path.join(dir, 'reviewed-report');
    const result = await egostudio('report', root, '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 human override(s)');
    // Nothing but the report on stdout (ECharts once warned there of a deprecated option).
    expect(result.stdout).not.toContain('[ECharts]');
    const errors = parseCsv(await readFile(path.join(out, 'errors.csv'), 'utf8'));
    const auto = errors.find((r) => r.Model === 'm1' && r.Labels === 'automatic')!;
    const reviewed = errors.find((r) => r.Model === 'm1' && r.Labels === 'with overrides')!;
    // b is one of 2 shop trajectories in dynamic_easy (weight 2 of 3); overall = mean of 2 modes.
    expect(Number(auto.Perception)).toBeCloseTo(100 * ((2 / 3) * 0.5) / 2, 10);
    expect(Number(reviewed.Perception)).toBe(0);
    expect(Number(reviewed.Hallucination)).toBeCloseTo(Number(auto.Perception) + Number(auto.Hallucination), 10);
    expect(reviewed.Correct).toBe(auto.Correct);
    // runs.csv: each run with its automatic label and the human one (bob's, the latest review of b).
    const runs = parseCsv(await readFile(path.join(out, 'runs.csv'), 'utf8'));
    expect(runs.find((r) => r.Trajectory === 'b')).toMatchObject({ Label: 'perception', 'Human label': 'hallucination', Reviewer: 'bob' });
    expect(runs.find((r) => r.Trajectory === 'a')).toMatchObject({ 'Human label': '', Reviewer: '' });
    // What the report was computed from, the review files whose overrides it applies among it.
    const provenance = JSON.parse(await readFile(path.join(out, 'provenance.json'), 'utf8'));
    expect(provenance.review_files.map((f: { file: string }) => f.file)).toEqual(['reviews/ann.jsonl', 'reviews/bob.jsonl']);
    expect(provenance.review_files[0].sha256).toBe(createHash('sha256').update(await readFile(path.join(root, 'reviews/ann.jsonl'))).digest('hex'));
    expect(provenance.trajectory_files.map((f: { file: string }) => f.file)).toEqual(Object.keys(trajectories).sort());
    expect(result.stdout).toContain('provenance.json');
    // An override of a run the report does not have is left out, and said.
    expect(result.stderr).toContain('note: 1 override(s) name a run this report does not have (an imported run, or one removed): left out.');
  }, 120_000);

  it("escapes the names of a table's note in Markdown as in its cells (a partial model named with HTML)", async () => {
    const model = '<img src=x onerror=alert(2)>\n# heading';
    const root = await writeDataset('named', twoScenarioFiles({ ...trajectories, 'trajectories/x.jsonl': jsonl([traj('z', 't1', [search], 'static', model, 10)]) }));
    const out = path.join(dir, 'named-report');
    expect((await egostudio('report', root, '--out', out)).code).toBe(0);
    const main = await readFile(path.join(out, 'main.md'), 'utf8');
    expect(main).toContain('Partial:');
    expect(main).not.toMatch(/(^|[^\\])<img/m); // every one escaped (\<img)
    expect(main).not.toMatch(/^# heading/m);
    expect(main).toContain('\\<img src=x onerror=alert(2)\\>');
  });

  it('keeps the partial mark by the name and the note under the table in .md and .tex, and the mark in a last CSV column', async () => {
    // Neither model ran every task in every mode.
    const root = await writeDataset('partial', twoScenarioFiles(trajectories));
    const out = path.join(dir, 'partial-report');
    expect((await egostudio('report', root, '--out', out)).code).toBe(0);
    const read = (name: string) => readFile(path.join(out, name), 'utf8');
    const md = await read('main.md');
    expect(md).toMatch(/^## Performance by mode \(%\)\n\n\| Model \|/);
    expect(md).toMatch(/^\| m2 \(partial\) \|/m);
    expect(md).toMatch(/^\| m1 \(partial\) \|/m);
    expect(md).toMatch(/\n\nModes weight scenarios .*Partial: .*m2 \(Dynamic Easy 1 of 3 tasks, Static 2 of 3 tasks\)/);
    const tex = await read('main.tex');
    expect(tex).toMatch(/^m2 \(partial\) & /m);
    expect(tex).toMatch(/\\end\{tabular\}\n\\par\\smallskip\n\{\\footnotesize Modes weight .*Partial: .*\\par\}\n\\end\{table\}\n$/);
    const csv = (await read('main.csv')).split('\r\n');
    expect(csv[0].endsWith(',Overall ResultSucc,Mark')).toBe(true);
    expect(csv[2]).toMatch(/^m2,.*,"partial: Runs do not cover every task: Dynamic Easy 1 of 3 tasks, Static 2 of 3 tasks"$/);
    expect((await read('scenarios.csv')).split('\r\n')[0]).toBe('Model,mall,shop,Mark');
  }, 120_000);

  it('sizes errors.svg for its models as Reports does: every name beside its bars at 24 models', async () => {
    const figures = { tool_succ: 0.5, micro_acc: 0.5, result_succ: 0.5, joint_succ: 0.5, tool_prec: 0.5, tool_f1: 0.5, tool_eff: 1, turn_eff: 1, token_eff: 1, labels: { correct: 0.5, logic: 0.5 } };
    const names = Array.from({ length: 24 }, (_, i) => `org-${String(i).padStart(2, '0')}/very-long-model-name-instruct-2025-${String(i).padStart(2, '0')}`);
    const report = buildReport({
      trajectories: [],
      models: Object.fromEntries(names.map((m) => [m, { overall: figures, modes: { static: figures }, scenarios: { shop: figures } }])),
      problems: [],
      task_counts: { shop: 1 },
      usage: {},
    });
    const out = path.join(dir, 'many-models');
    await writeReportFiles(report, out);
    const svg = await readFile(path.join(out, 'errors.svg'), 'utf8');
    expect(Number(/<svg[^>]* height="(\d+)"/.exec(svg)![1])).toBe(90 + 56 * 24);
    const labels = modelLabels(names);
    for (const name of names) expect(svg).toContain(`>${labels.get(name)}</text>`);
  });

  it('exit codes: 2 with a bad line (the rest reported), 1 without a dataset or --out', async () => {
    const root = await writeDataset('bad', twoScenarioFiles({ ...trajectories, 'trajectories/broken.jsonl': '{"id": \n' }));
    const bad = await egostudio('report', root, '--out', path.join(dir, 'bad-report'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('broken.jsonl:1');
    expect((await readdir(path.join(dir, 'bad-report'))).length).toBeGreaterThanOrEqual(11);
    expect((await egostudio('report', path.join(dir, 'missing'), '--out', path.join(dir, 'x'))).code).toBe(1);
    // A folder that holds no dataset: exit 1, and no empty tables written.
    await mkdir(path.join(dir, 'not-a-dataset'), { recursive: true });
    const none = await egostudio('report', path.join(dir, 'not-a-dataset'), '--out', path.join(dir, 'none-report'));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('nothing could be read');
    await expect(readdir(path.join(dir, 'none-report'))).rejects.toThrow(/ENOENT/);
    // A dataset without a trajectory it could evaluate: said as Reports says it, exit 1, no empty tables.
    const files = twoScenarioFiles();
    const empty = await writeDataset('no-runs', { ...files, 'trajectories/m1.jsonl': jsonl([traj('a', 't9', [search], 'static', 'm1', 10)]) });
    const noRuns = await egostudio('report', empty, '--out', path.join(dir, 'no-runs-report'));
    expect(noRuns.code).toBe(1);
    expect(noRuns.stderr).toContain(`egostudio report: no trajectories could be evaluated in ${empty}`);
    expect(noRuns.stderr).toContain('t9');
    await expect(readdir(path.join(dir, 'no-runs-report'))).rejects.toThrow(/ENOENT/);
    const noOut = await egostudio('report', root);
    expect(noOut.code).toBe(1);
    expect(noOut.stderr).toContain('--out');
    // A file where the folder, or one above it, would go: said before scoring, not as ENOTDIR after it.
    const aFile = path.join(dir, 'a-file');
    await writeFile(aFile, 'x');
    for (const out of [aFile, path.join(aFile, 'report')]) {
      const refused = await egostudio('report', root, '--out', out);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`--out ${out}: ${aFile} is a file, not a folder`);
    }
  }, 120_000);

  it('--time-limit: a scenario whose seed never ends is a problem naming its file and line; the other is reported (exit 2)', async () => {
    const files = twoScenarioFiles(trajectories);
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n';
    const root = await writeDataset('endless', { ...files, 'scenarios/mall/data.sql': files['scenarios/mall/data.sql'] + endless });
    const result = await egostudio('report', root, '--out', path.join(dir, 'endless-report'), '--time-limit', '1');
    expect(result.code).toBe(2);
    const line = files['scenarios/mall/data.sql'].split('\n').length;
    expect(result.stderr).toContain(`scenarios/mall/data.sql:${line}: scenario "mall": the statement at data.sql line ${line} ran longer than 1 s`);
    expect(result.stdout).toMatch(/m1/);
  }, 60_000);
});
