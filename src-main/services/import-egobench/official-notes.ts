// After an import: what the release's own behaviour does to its ground truth (kept, since the
// `egobench` profile must equal the official numbers, but said), and drift between the official
// eval files a release ships and this profile's scoring of the same trajectories.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { loadDataset } from '../../../shared/format/loader';
import { loadSqlJs } from '../sql-node';
import { nodeDatasetSource } from '../evaluation/node-source';
import { asOfficial, differingFields, OFFICIAL_FIELDS, readOfficial, scoreImportedFile } from './official-check';
import { readReleaseText, type ImportIssue } from './release';

/**
 * Notes on ground truths the release's tools treat oddly: a call they refuse (it changes nothing,
 * and the official ResultSucc compares the database without it) and, in order, a call that
 * leaves an empty "phantom" restaurant behind (a misspelled or swapped restaurant name).
 */
export async function groundTruthNotes(datasetDir: string, lineOfTask: (taskId: string) => number = () => 0): Promise<ImportIssue[]> {
  const dataset = await loadDataset(nodeDatasetSource(datasetDir));
  const SQL = await loadSqlJs();
  const engines = new Map<string, ScenarioEngine>();
  const notes: ImportIssue[] = [];
  try {
    for (const task of dataset.tasks.values()) {
      const scenario = dataset.scenarios.get(task.scenario);
      const groundTruth = dataset.groundTruth.get(task.id);
      if (!scenario || !groundTruth) continue;
      let engine = engines.get(scenario.id);
      if (!engine) engines.set(scenario.id, (engine = createEngine(SQL, scenario)));
      const file = `tasks/${task.scenario}.json`;
      const seedStores = storesOf(engine, true);
      const { results } = engine.execute(groundTruth.calls);
      results.forEach((r, i) => {
        if (!r.ok) notes.push({ file, line: lineOfTask(task.id), message: `${task.id}: ground-truth call ${i + 1} (${groundTruth.calls[i].tool_name}) fails in the release's tools and changes nothing (${r.result.message}); kept, as the official scripts keep it` });
      });
      for (const store of storesOf(engine, false)) {
        if (!seedStores.has(store)) notes.push({ file, line: lineOfTask(task.id), message: `${task.id}: the ground truth leaves an empty restaurant "${store}" in the official database (a name no store has); an agent must repeat the misspelling to reach the same state` });
      }
    }
  } finally {
    for (const engine of engines.values()) engine.close();
  }
  return notes;
}

/** Restaurant names of an order scenario's state (none for other scenarios). */
function storesOf(engine: ScenarioEngine, seed: boolean): Set<string> {
  if (seed) engine.reset();
  const rows = engine.state().order_state;
  return new Set((rows ?? []).map((r) => String(r.restaurant_name)));
}

/** joint_success follows from the two successes, so a drift line names only these. */
const DRIFT_FIELDS = OFFICIAL_FIELDS.filter((f) => f !== 'joint_success');

/**
 * Drift: for each imported result file `trajectories/<model>/<variant>_<mode>.jsonl` whose
 * official eval file exists (`<root>/<model>/<variant>_<mode>_eval.json` under the release's
 * `eval_result/` or `official-eval/`), every task whose official figures differ from this profile's.
 */
export async function driftNotes(datasetDir: string, releaseDir: string, resultFiles: string[]): Promise<ImportIssue[]> {
  const roots = ['eval_result', 'official-eval'].map((r) => path.join(releaseDir, r));
  const notes: ImportIssue[] = [];
  for (const file of resultFiles) {
    const m = /^trajectories\/([^/]+)\/(.+)\.jsonl$/.exec(file);
    if (!m) continue;
    const evalFile = roots.map((root) => path.join(root, m[1], `${m[2]}_eval.json`)).find((f) => existsSync(f));
    if (!evalFile) continue;
    const label = path.relative(releaseDir, evalFile);
    let official;
    try {
      official = readOfficial(JSON.parse(await readReleaseText(releaseDir, label)));
    } catch (error) {
      notes.push({ file: label, line: 0, message: `official eval file not read: ${(error as Error).message}` });
      continue;
    }
    const { scores } = await scoreImportedFile(datasetDir, file);
    const ours = asOfficial(scores).tasks;
    official.tasks.forEach((o, i) => {
      const mine = ours[i];
      if (!mine) return;
      const differs = differingFields(o, mine, DRIFT_FIELDS);
      if (differs.length) notes.push({ file: label, line: 0, message: `drift: task ${o.task_id}: ${differs.join('; ')} (the shipped file may be stale, or scored other data)` });
    });
  }
  return notes;
}
