// Scores the generated trajectories with the studio's evaluator and compares each label with
// the one the generator meant to inject.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { scoreTrajectory } from '../../../shared/eval/evaluate';
import { paperProfile } from '../../../shared/eval/paper-profile';
import { loadDataset } from '../../../shared/format/loader';
import type { Trajectory } from '../../../shared/format/types';
import { nodeDatasetSource } from '../../services/evaluation/node-source';
import { loadSqlJs } from '../../services/sql-node';
import { LABEL_OF, MODELS, MODES, type Intent } from './trajectories';

export async function evaluateSample(out: string) {
  const dataset = await loadDataset(nodeDatasetSource(out));
  const SQL = await loadSqlJs();
  const engines = new Map<string, ScenarioEngine>();
  const provider = (id: string) => {
    if (!engines.has(id)) engines.set(id, createEngine(SQL, dataset.scenarios.get(id)!));
    return engines.get(id)!;
  };
  const rows: { id: string; model: string; mode: string; label: string; evidence: unknown }[] = [];
  for (const model of MODELS) {
    for (const mode of MODES) {
      const text = readFileSync(path.join(out, 'trajectories', model, `${mode}.jsonl`), 'utf8');
      for (const line of text.split('\n').filter((l) => l.trim())) {
        const t = JSON.parse(line) as Trajectory;
        const { row, problem } = scoreTrajectory(dataset, provider, paperProfile, t);
        if (problem || !row) throw new Error(`cannot score ${t.id}: ${problem}`);
        rows.push({ id: t.id, model, mode, label: row.label, evidence: row.evidence });
      }
    }
  }
  for (const e of engines.values()) e.close();
  return { dataset, rows };
}

export async function verifyLabels(out: string, intended: Map<string, Intent>, final: boolean): Promise<string[]> {
  const { dataset, rows } = await evaluateSample(out);
  if (dataset.problems.length) throw new Error(`dataset problems: ${JSON.stringify(dataset.problems.slice(0, 5))}`);
  const bad = rows.filter((r) => LABEL_OF[intended.get(r.id)!] !== r.label);
  const counts: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    counts[r.model] ??= {};
    counts[r.model][r.label] = (counts[r.model][r.label] ?? 0) + 1;
  }
  console.log(`make:sample: labels per model ${JSON.stringify(counts)}; ${bad.length} to rebuild`);
  if (final) {
    for (const b of bad.slice(0, 20)) console.log(`  mismatch ${b.id}: meant ${intended.get(b.id)} got ${b.label} ${JSON.stringify(b.evidence).slice(0, 300)}`);
    if (bad.length) throw new Error(`${bad.length} trajectories do not get the label they were built for`);
  }
  return bad.map((b) => b.id);
}
