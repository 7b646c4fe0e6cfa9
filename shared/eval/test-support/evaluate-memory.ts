// Test helper: evaluate trajectories against an in-memory dataset, as the CLI would.
import type { SqlJsStatic } from 'sql.js';
import { createEngine } from '../../engine/engine';
import type { ScenarioEngine } from '../../engine/types';
import { loadDataset } from '../../format/loader';
import { assembleReport, evaluateLine, profileOf, type EngineProvider } from '../evaluate';
import { jsonl } from './shop';
import { memorySource } from './memory-source';

export async function evaluateInMemory(SQL: SqlJsStatic, files: Record<string, string>, trajectoryFiles: Record<string, unknown[] | string>) {
  const dataset = await loadDataset(memorySource(files));
  const built = new Map<string, ScenarioEngine>();
  const engines: EngineProvider = (id) => {
    if (!built.has(id)) built.set(id, createEngine(SQL, dataset.scenarios.get(id)!));
    return built.get(id)!;
  };
  const { profile } = profileOf(dataset);
  const perFile = Object.entries(trajectoryFiles).map(([file, content]) => {
    const text = typeof content === 'string' ? content : jsonl(content);
    const records = text
      .split('\n')
      .map((line, i) => evaluateLine(dataset, engines, profile, file, i + 1, line))
      .filter((r) => r !== null);
    return { file, records };
  });
  const report = assembleReport(dataset, perFile);
  for (const engine of built.values()) engine.close();
  return { dataset, report };
}
