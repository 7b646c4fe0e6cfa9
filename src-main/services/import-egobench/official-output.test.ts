// The importer plus the `egobench` profile reproduce the official evaluator's output, task for
// task: on the committed fixture always, and on the whole release file when ../shared/egobench exists.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importEgobench } from './index';
import { asOfficial, readOfficial, scoreImportedFile, type OfficialSummary, type OfficialTask } from './official-check';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RELEASE = path.resolve(REPO_ROOT, '../shared/egobench');
const FIXTURE = fileURLToPath(new URL('./fixtures/retail1-mini', import.meta.url));
const RESULT_FILE = 'trajectories/Qwen3.5-397B-A17B/retail1_easy.jsonl';
const FIELDS: Array<keyof OfficialTask> = ['matches', 'total_gt_calls', 'total_interaction_calls', 'tool_success', 'result_success', 'joint_success'];

const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

async function importAndScore(releaseDir: string) {
  const out = await mkdtemp(path.join(os.tmpdir(), 'egobench-import-'));
  temps.push(out);
  const imported = await importEgobench(releaseDir, out);
  const { scores, problems } = await scoreImportedFile(out, RESULT_FILE);
  return { imported, problems, ours: asOfficial(scores), scores };
}

function expectSameTasks(ours: OfficialTask[], official: OfficialTask[]): void {
  expect(ours.map((t) => t.task_id)).toEqual(official.map((t) => t.task_id));
  // Per field, so a failure names the field and the tasks that differ.
  for (const field of FIELDS) {
    const differing = official.filter((o, i) => o[field] !== ours[i][field]).map((o) => `task ${o.task_id}: official ${String(o[field])}`);
    expect(differing, `field ${field}`).toEqual([]);
  }
}

function expectSameSummary(ours: OfficialSummary, official: OfficialSummary): void {
  for (const key of Object.keys(official) as Array<keyof OfficialSummary>) expect(ours[key], key).toBeCloseTo(official[key], 12);
}

describe('committed fixture (8 retail1 tasks of the release)', () => {
  it('matches the official figures task for task', async () => {
    const { imported, problems, ours } = await importAndScore(FIXTURE);
    expect(imported.problems).toEqual([]);
    expect(problems).toEqual([]);
    const expected = JSON.parse(await readFile(path.join(FIXTURE, 'expected-official.json'), 'utf8')) as { tasks: OfficialTask[]; summary: OfficialSummary };
    expectSameTasks(ours.tasks, expected.tasks);
    expectSameSummary(ours.summary, expected.summary);
  });
});

const hasRelease = existsSync(path.join(RELEASE, 'official-eval/Qwen3.5-397B-A17B/retail1_easy_eval.json'));
if (!hasRelease) console.warn(`[import-egobench] ${RELEASE} not found: the full-release comparison is skipped (the fixture test still runs).`);

describe.skipIf(!hasRelease)(`full release at ${RELEASE}`, () => {
  it('reproduces the official output for all 32 tasks of retail1_easy', async () => {
    const { imported, problems, ours, scores } = await importAndScore(RELEASE);
    expect(imported.problems).toEqual([]);
    expect(problems).toEqual([]);
    const official = readOfficial(JSON.parse(await readFile(path.join(RELEASE, 'official-eval/Qwen3.5-397B-A17B/retail1_easy_eval.json'), 'utf8')));
    expect(ours.tasks).toHaveLength(32);
    expectSameTasks(ours.tasks, official.tasks);
    expectSameSummary(ours.summary, official.summary);
    // The official average of per-task accuracies.
    const avg = scores.reduce((s, { score }) => s + score.matched / score.gt_calls, 0) / scores.length;
    expect(avg).toBeCloseTo(0.6848958333333334, 12);
  });

  it('imports every scenario variant of the release with ids as the release numbers them', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'egobench-import-'));
    temps.push(out);
    const { summary } = await importEgobench(RELEASE, out);
    expect(summary.scenarios).toEqual(expect.arrayContaining(['retail1', 'retail10', 'restaurant1', 'restaurant5', 'kitchen1', 'order1']));
    expect(summary.models).toEqual(['Qwen3.5-397B-A17B']);
    expect(summary.modes).toEqual(['dynamic_easy']);
    const tasks = (await readFile(path.join(out, 'tasks.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(tasks.find((t) => t.id === 'retail1-7')).toMatchObject({ scenario: 'retail1', video: 'videos/retail1.mp4' });
  });
});

describe('drift from a shipped official eval file', () => {
  it('lists each task whose official figures differ from this profile, and none when they agree', async () => {
    const release = await mkdtemp(path.join(os.tmpdir(), 'egobench-drift-'));
    temps.push(release);
    await cp(FIXTURE, release, { recursive: true });
    const expected = JSON.parse(await readFile(path.join(FIXTURE, 'expected-official.json'), 'utf8')) as { tasks: OfficialTask[] };
    // The official file's shape, from the fixture's expected figures; task 3 made stale.
    const detail = (t: OfficialTask, stale: boolean) => ({
      task_id: t.task_id,
      tool_based: { success: t.tool_success, matches: t.matches + (stale ? 1 : 0), total_gt_calls: t.total_gt_calls, total_interaction_calls: t.total_interaction_calls },
      result_based: { success: t.result_success },
      joint_success: t.joint_success,
    });
    const evalFile = (staleTask: number) => ({
      detailed_results: expected.tasks.map((t) => detail(t, t.task_id === staleTask)),
      tool_based: { success_rate: 0 }, result_based: { success_rate: 0 }, joint_success: { success_rate: 0 },
      micro_tool_stats: { micro_accuracy: 0, total_correct_calls: 0, total_ground_truth_calls: 0, total_interaction_calls: 0 },
    });
    await mkdir(path.join(release, 'eval_result/Qwen3.5-397B-A17B'), { recursive: true });
    const file = path.join(release, 'eval_result/Qwen3.5-397B-A17B/retail1_easy_eval.json');
    await writeFile(file, JSON.stringify(evalFile(-1)));
    const outDir = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'egobench-drift-out-'));
      temps.push(dir);
      return dir;
    };
    const clean = await importEgobench(release, await outDir());
    expect(clean.drift).toEqual([]);
    await writeFile(file, JSON.stringify(evalFile(expected.tasks[2].task_id as number)));
    const stale = await importEgobench(release, await outDir());
    expect(stale.drift).toEqual([{ file: 'eval_result/Qwen3.5-397B-A17B/retail1_easy_eval.json', line: 0, message: expect.stringMatching(new RegExp(`^drift: task ${expected.tasks[2].task_id}: matches official ${expected.tasks[2].matches + 1}, here ${expected.tasks[2].matches}`)) }]);
  });
});
