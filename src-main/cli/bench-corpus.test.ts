// The fast path (memoised final states and replays, the engine's change log, worker chunks and
// their scenario lanes) scores a sample of the bench's distinct corpus exactly as a plain run does: a fresh engine
// per trajectory (so no memo is shared between runs) that dumps its state tables and runs every query.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../shared/engine/engine';
import type { ScenarioEngine } from '../../shared/engine/types';
import type { ScoredTrajectory } from '../../shared/eval/aggregate';
import { evaluateLine, profileOf } from '../../shared/eval/evaluate';
import { loadDataset } from '../../shared/format/loader';
import { nodeDatasetSource } from '../services/evaluation/node-source';
import { evaluateFolder } from '../services/evaluation/run-evaluation';
import { loadSqlJs } from '../services/sql-node';
import { setCorpusProfile, writeCorpus } from './bench';
import { buildCli } from './build-cli.mjs';

const SAMPLE = path.resolve(import.meta.dirname, '../../datasets/egobench-sample');
let root: string | undefined;
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('bench corpus', () => {
  it.each(['paper', 'egobench'] as const)('the fast path equals a plain run with every cache off (%s profile)', { timeout: 120_000 }, async (profileId) => {
    const sample = await loadDataset(nodeDatasetSource(SAMPLE));
    const corpus = await writeCorpus(SAMPLE, sample, 12, 'distinct');
    if (root) await rm(root, { recursive: true, force: true });
    root = corpus.root;
    await setCorpusProfile(root, sample, 'distinct', profileId);
    const fast = await evaluateFolder(root, { workers: 0 });
    expect(fast.report.problems).toEqual([]);
    // This thread and a worker, each scoring its scenarios' lines of every small chunk (lanes.ts).
    await buildCli();
    const laned = await evaluateFolder(root, { workers: 1, chunkBytes: 16 * 1024 });
    expect(laned.report).toEqual(fast.report);
    // As the studio hosts score: two workers pinned to their lanes, this thread scoring nothing, rows streamed.
    const streamed: string[] = [];
    const hosted = await evaluateFolder(root, {
      workers: 2,
      scoreOnCaller: false,
      chunkBytes: 16 * 1024,
      onRows: ({ rows }) => streamed.push(...rows.map((row) => `${row.id} ${row.label} ${row.matched}/${row.gt_calls}`)),
    });
    expect(hosted.report).toEqual(fast.report);
    expect(streamed).toEqual(fast.report.trajectories.map((row) => `${row.id} ${row.label} ${row.matched}/${row.gt_calls}`));

    const dataset = await loadDataset(nodeDatasetSource(root));
    const SQL = await loadSqlJs();
    const { profile } = profileOf(dataset);
    expect(profile.id).toBe(profileId);
    const plain: ScoredTrajectory[] = [];
    const engines: ScenarioEngine[] = [];
    // A new engine at every call: each trajectory is scored from nothing.
    const freshEngine = (scenarioId: string) => {
      const engine = createEngine(SQL, dataset.scenarios.get(scenarioId)!, { changeLog: false, readMemo: false });
      engines.push(engine);
      return engine;
    };
    try {
      for (const model of (await readdir(path.join(root, 'trajectories'))).sort()) {
        for (const file of (await readdir(path.join(root, 'trajectories', model))).sort()) {
          const lines = (await readFile(path.join(root, 'trajectories', model, file), 'utf8')).split('\n');
          lines.forEach((text, i) => {
            const record = evaluateLine(dataset, freshEngine, profile, file, i + 1, text);
            if (record?.row) plain.push(record.row);
            while (engines.length) engines.pop()!.close();
          });
        }
      }
    } finally {
      while (engines.length) engines.pop()!.close();
    }
    expect(plain.length).toBe(corpus.trajectories);
    const strip = ({ rounds: _r, tokens: _t, ...row }: ScoredTrajectory) => row;
    expect(fast.report.trajectories).toEqual(plain.map(strip));
    // Not a corpus where everything is alike: several labels occur.
    expect(new Set(plain.map((r) => r.label)).size).toBeGreaterThanOrEqual(4);
  });
});
