// A whole-folder job in a watched worker thread (the bundled scoring worker), past its limits.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { buildCli } from '../cli/build-cli.mjs';
import { writeDatasetFolder } from '../test-support/dataset-folder';
import { runWatchedJob } from './watched-job';

const workerUrl = new URL('../../out/cli/eval-worker.mjs', import.meta.url);
const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n';
let dir: string;
let root: string;
let line: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watched-job-'));
  await buildCli();
  const files = shopFiles();
  line = files['scenarios/shop/data.sql'].split('\n').length + 1;
  root = await writeDatasetFolder(path.join(dir, 'endless'), {
    ...files,
    'scenarios/shop/data.sql': `${files['scenarios/shop/data.sql']}\n${endless}`,
    'trajectories/m.jsonl': jsonl([{ id: 'a', task_id: 't1', model: 'm', mode: 'static', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] }]),
  });
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('runWatchedJob', () => {
  it('past the whole-job limit, without a limit per stretch, ends the job naming what was still running', async () => {
    await expect(runWatchedJob(workerUrl, { kind: 'audit', root }, { limitMs: 2000 })).rejects.toThrow(
      `The audit stopped after 2 s: scenario "shop": the statement at data.sql line ${line} (scenarios/shop/data.sql:${line}) was still running.`,
    );
  }, 30_000);

  it('past the limit per stretch, goes on without the scenario and reports it once', async () => {
    const { report, nothingRead } = await runWatchedJob(workerUrl, { kind: 'audit', root }, { limitMs: 20_000, stretchLimitMs: 1000 });
    expect(nothingRead).toBe(false);
    expect(report.tasks).toEqual([]);
    expect(report.problems.filter((p) => p.file === 'scenarios/shop/data.sql')).toEqual([
      { file: 'scenarios/shop/data.sql', line, message: `scenario "shop": the statement at data.sql line ${line} ran longer than 1 s while building its database; stopped, its trajectories are left out` },
    ]);
  }, 30_000);
});
