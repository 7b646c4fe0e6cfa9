// The release's recorded tool results against what the studio's Replay replays for the same calls:
// every call of the release's result files (results/ and ../shared/egobench/oracle/results) that
// has its own recorded result, replayed as Replay does it (shared/eval/replay-calls.ts, whose
// resultDiff is what Replay's "differs at" marks), counted per (family, tool): how many differ in
// their key sets and how many, with the same keys, in their values. Skips without the release.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../shared/engine/engine';
import type { ScenarioEngine } from '../../../shared/engine/types';
import { replayCalls } from '../../../shared/eval/replay-calls';
import { listTrajectoryFiles, loadDataset, readTrajectories } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import { nodeDatasetSource } from '../evaluation/node-source';
import { loadSqlJs } from '../sql-node';
import { importEgobench } from './index';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RELEASE = path.resolve(REPO_ROOT, '../shared/egobench');
const ORACLE_RESULTS = path.join(RELEASE, 'oracle/results');
const hasRelease = existsSync(path.join(RELEASE, 'tasks')) && existsSync(ORACLE_RESULTS);
if (!hasRelease) console.warn(`[egobench recorded results] ${RELEASE} with oracle/results not found: skipped.`);

const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

/** The sorted key paths of a JSON value (`products[].price`: array positions folded). */
export function keyPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${prefix}[]`, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const p = prefix === '' ? key : `${prefix}.${key}`;
      out.add(p);
      keyPaths(inner, p, out);
    }
  }
  return out;
}

interface PairCount {
  calls: number;
  keys: number;
  values: number;
  /** One example per way of differing. */
  examples: string[];
}

async function compareRecorded(): Promise<Map<string, PairCount>> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'egobench-recorded-'));
  temps.push(out);
  const imported = await importEgobench(RELEASE, out, { results: [ORACLE_RESULTS] });
  expect(imported.problems).toEqual([]);
  const source = nodeDatasetSource(out);
  const dataset = await loadDataset(source);
  expect(dataset.problems).toEqual([]);
  const SQL = await loadSqlJs();
  const engines = new Map<string, ScenarioEngine>();
  const pairs = new Map<string, PairCount>();
  try {
    for (const file of await listTrajectoryFiles(source)) {
      const problems: Problem[] = [];
      const text = await readFile(path.join(out, file), 'utf8');
      for await (const trajectory of readTrajectories([text], file, problems)) {
        const task = dataset.tasks.get(trajectory.task_id)!;
        let engine = engines.get(task.scenario);
        if (!engine) engines.set(task.scenario, (engine = createEngine(SQL, dataset.scenarios.get(task.scenario)!)));
        for (const step of replayCalls(engine, trajectory).steps) {
          if (!step.call || step.resultDiff === null || !step.recorded) continue;
          const family = task.scenario.replace(/\d+$/, '');
          const key = `${family} ${step.call.tool_name}`;
          let count = pairs.get(key);
          if (!count) pairs.set(key, (count = { calls: 0, keys: 0, values: 0, examples: [] }));
          count.calls += 1;
          if (step.resultDiff.length === 0) continue;
          const recorded = keyPaths(step.recorded[0]);
          const replayed = keyPaths(step.replayed.result);
          const sameKeys = recorded.size === replayed.size && [...recorded].every((k) => replayed.has(k));
          const where = `${trajectory.id} call ${step.index + 1}`;
          if (!sameKeys) {
            count.keys += 1;
            if (!count.examples.some((e) => e.startsWith('keys'))) {
              const missing = [...recorded].filter((k) => !replayed.has(k));
              const extra = [...replayed].filter((k) => !recorded.has(k));
              count.examples.push(`keys ${where}: recorded only [${missing.join(', ')}], replayed only [${extra.join(', ')}]`);
            }
          } else {
            count.values += 1;
            if (!count.examples.some((e) => e.startsWith('values'))) {
              count.examples.push(`values ${where}: at ${step.resultDiff.slice(0, 3).join(', ')}: recorded ${JSON.stringify(step.recorded[0]).slice(0, 300)} replayed ${JSON.stringify(step.replayed.result).slice(0, 300)}`);
            }
          }
        }
      }
      expect(problems, file).toEqual([]);
    }
  } finally {
    for (const engine of engines.values()) engine.close();
  }
  return pairs;
}

describe.skipIf(!hasRelease)('egobench recorded tool results replayed', () => {
  it('equal what Replay replays, per (family, tool)', { timeout: 300_000 }, async () => {
    const pairs = await compareRecorded();
    const lines = [...pairs].sort(([a], [b]) => a.localeCompare(b)).map(([key, c]) => `${key}: ${c.calls} calls, ${c.keys} differ in keys, ${c.values} in values${c.examples.map((e) => `\n    ${e}`).join('')}`);
    let keys = 0;
    let values = 0;
    for (const c of pairs.values()) {
      keys += c.keys;
      values += c.values;
    }
    console.log(`[egobench recorded results] ${keys} calls differ in keys, ${values} in values\n${lines.join('\n')}`);
  });
});
