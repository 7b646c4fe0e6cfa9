// cascadeReport agrees with the paper profile's label on every trajectory of the sample dataset,
// and on a hand-made perception failure shows each predicate with its verdict.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeDatasetSource, fileChunks } from '../../src-main/services/evaluation/node-source';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from '../engine/engine';
import type { ScenarioEngine } from '../engine/types';
import { listTrajectoryFiles, loadDataset, readTrajectories } from '../format/loader';
import type { Problem } from '../format/types';
import { cascadeReport } from './cascade-report';
import { paperProfile } from './paper-profile';
import { memorySource } from './test-support/memory-source';
import { call, shopFiles } from './test-support/shop';

const sampleRoot = path.resolve(import.meta.dirname, '../../datasets/egobench-sample');

describe('cascadeReport', () => {
  it('fires the label paperProfile.score gives, for every sample trajectory', async () => {
    const source = nodeDatasetSource(sampleRoot);
    const [dataset, SQL] = await Promise.all([loadDataset(source), loadSqlJs()]);
    if (dataset.meta.profile === 'egobench') return; // the sample uses the paper profile
    const engines = new Map<string, ScenarioEngine>();
    const problems: Problem[] = [];
    let checked = 0;
    for (const file of await listTrajectoryFiles(source)) {
      for await (const trajectory of readTrajectories(fileChunks(path.join(sampleRoot, file)), file, problems)) {
        const task = dataset.tasks.get(trajectory.task_id);
        const groundTruth = dataset.groundTruth.get(trajectory.task_id);
        if (!task || !groundTruth) continue;
        const scenario = dataset.scenarios.get(task.scenario)!;
        if (!engines.has(scenario.id)) engines.set(scenario.id, createEngine(SQL, scenario));
        const ctx = { task, groundTruth, scenario, engine: engines.get(scenario.id)!, trajectory };
        const score = paperProfile.score(ctx);
        const report = cascadeReport(ctx);
        expect(report.label, trajectory.id).toBe(score.label);
        expect(report.predicates.filter((p) => p.fired).map((p) => p.label)).toEqual([score.label]);
        const fired = report.predicates.find((p) => p.fired)!;
        if (score.label !== 'correct') expect(fired.evidence).toEqual(score.evidence);
        checked++;
      }
    }
    for (const engine of engines.values()) engine.close();
    expect(checked).toBeGreaterThan(0);
  }, 120_000);

  it('shows every predicate, held or not, with a reason', async () => {
    const SQL = await loadSqlJs();
    const dataset = await loadDataset(memorySource(shopFiles()));
    const scenario = dataset.scenarios.get('shop')!;
    const engine = createEngine(SQL, scenario);
    const trajectory = {
      id: 'p',
      task_id: 't1',
      model: 'm',
      mode: 'dynamic_easy',
      dialogue: [{ role: 'user' as const, turn: 0, content: 'User ID: u1. Add two of the apple in my hand to my cart.' }],
      tool_calls: [
        {
          turn: 0,
          calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: 'Red Apple', quantity: 2 })],
          results: '{"products":[{"product_name":"Green Apple","price":0.5},{"product_name":"Red Apple","price":0.6}],"count":2}; {"status":"success"}',
        },
      ],
    };
    const report = cascadeReport({ task: dataset.tasks.get('t1')!, groundTruth: dataset.groundTruth.get('t1')!, scenario, engine, trajectory });
    engine.close();
    expect(report.predicates.map((p) => p.label)).toEqual(['correct', 'syntactic', 'perception', 'hallucination', 'logic', 'over_operation']);
    expect(report.label).toBe('perception');
    const byLabel = Object.fromEntries(report.predicates.map((p) => [p.label, p]));
    expect(byLabel.correct.held).toBe(false);
    expect(byLabel.syntactic.held).toBe(false);
    expect(byLabel.perception).toMatchObject({ held: true, fired: true, evidence: { entity: 'Green Apple', entry: 1 } });
    expect(byLabel.logic.held).toBe(true); // also holds, but perception comes first
    expect(byLabel.logic.fired).toBe(false);
    // Everything else (§9.5: all key calls made): not while ToolSucc fails.
    expect(byLabel.over_operation).toMatchObject({ held: false, fired: false, why: 'not every key call was made (ToolSucc fails)' });
    for (const p of report.predicates) expect(p.why.length).toBeGreaterThan(0);
  });
});
