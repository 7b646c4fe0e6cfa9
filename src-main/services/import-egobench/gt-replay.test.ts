// Every variant of the release, not only the oracle's seven: the ground truth replayed as the
// agent's own run matches itself call for call and reaches its own final database, and none of its
// calls fails inside the importer's SQL (a tool error is the release's behaviour; an SQL error is ours).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { egobenchProfile } from '../../../shared/eval/egobench/profile';
import { loadDataset } from '../../../shared/format/loader';
import { loadSqlJs } from '../sql-node';
import { nodeDatasetSource } from '../evaluation/node-source';
import { importEgobench } from './index';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RELEASE = path.resolve(REPO_ROOT, '../shared/egobench');
const hasRelease = existsSync(path.join(RELEASE, 'tasks'));
if (!hasRelease) console.warn(`[egobench ground truth replay] ${RELEASE} not found: skipped.`);

const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasRelease)('egobench ground truth replayed as the agent', () => {
  it('is correct on every task of every variant', { timeout: 300_000 }, async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'egobench-gt-'));
    temps.push(out);
    await importEgobench(RELEASE, out);
    const dataset = await loadDataset(nodeDatasetSource(out));
    expect(dataset.problems).toEqual([]);
    const SQL = await loadSqlJs();
    const engines = new Map<string, ScenarioEngine>();
    const wrong: string[] = [];
    let scored = 0;
    /** Ground-truth calls the release's own tools refuse (misspelled names, missing arguments), by tool. */
    const refused = new Map<string, number>();
    try {
      for (const task of dataset.tasks.values()) {
        const groundTruth = dataset.groundTruth.get(task.id)!;
        const scenario = dataset.scenarios.get(task.scenario)!;
        let engine = engines.get(scenario.id);
        if (!engine) engines.set(scenario.id, (engine = createEngine(SQL, scenario)));
        const trajectory = { id: `gt/${task.id}`, task_id: task.id, model: 'gt', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls: groundTruth.calls }] };
        const score = egobenchProfile.score({ task, groundTruth, scenario, engine, trajectory });
        scored += 1;
        if (score.matched !== score.gt_calls || !score.result_succ) wrong.push(`${task.id}: matched ${score.matched}/${score.gt_calls}, result ${score.result_succ}`);
        const { results } = engine.execute(groundTruth.calls);
        results.forEach((r, i) => {
          const message = r.ok ? '' : r.result.message;
          if (/^(SQL error|internal error)/.test(message)) wrong.push(`${task.id} call ${i + 1} (${groundTruth.calls[i].tool_name}): ${message}`);
          else if (!r.ok) refused.set(groundTruth.calls[i].tool_name, (refused.get(groundTruth.calls[i].tool_name) ?? 0) + 1);
        });
      }
    } finally {
      for (const engine of engines.values()) engine.close();
    }
    console.log(`[egobench ground truth replay] ${scored} tasks; ground-truth calls the release's tools refuse: ${[...refused].map(([t, n]) => `${t} ${n}`).join(', ')}`);
    expect(wrong).toEqual([]);
  });
});
