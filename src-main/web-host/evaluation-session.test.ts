// The browser host scores in worker threads with a time limit: a scenario whose data.sql never
// ends (an infinite recursive CTE) costs a worker, is reported with its file, and the host keeps
// answering app.info over real HTTP meanwhile. Rows stream as events, in file and line order.
import { PAPER_LABELS } from '../../shared/eval/paper-profile';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvents } from '../../shared/api/studio-events';
import type { AuditReport } from '../../shared/eval/gt-audit-dataset';
import { call, jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { unpackRows } from '../../shared/eval/trajectory-row';
import { buildCli } from '../cli/build-cli.mjs';
import { createStudioHost, type StudioHost } from '../services/studio-host';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { startWebHost, type RunningWebHost } from './server';
import { tokenHeader } from './token-auth';

const token = 'test-token-0123456789';
const LIMIT_MS = 1500;
let temp: TempDataset;
let studio: StudioHost;
let host: RunningWebHost;

// Well above the 1.5 s statement limit plus a worker start: under a CI load of 10+ a 3 s whole-audit limit
// ran out before the other scenario was audited (a fresh-clone CI failed on it).
const AUDIT_LIMIT_MS = 10_000;
const endless = 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r;\n';

beforeAll(async () => {
  const shop = shopFiles();
  const trajectory = (id: string, task: string) => ({ id, task_id: task, model: 'm1', mode: 'static', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] });
  temp = await makeTempDataset({
    ...shop,
    'scenarios/loop/schema.sql': shop['scenarios/shop/schema.sql'],
    'scenarios/loop/data.sql': shop['scenarios/shop/data.sql'] + endless,
    'scenarios/loop/tools.json': shop['scenarios/shop/tools.json'],
    'tasks.jsonl': shop['tasks.jsonl'] + jsonl([{ id: 't3', scenario: 'loop', instruction: 'User ID: u1. Find apples.', image_description: '', video: 'videos/t3.webm' }]),
    'ground_truth.jsonl': shop['ground_truth.jsonl'] + jsonl([{ task_id: 't3', calls: [call('search_products', { name: 'apple' })], visual_refs: [], source: 'agreed' }]),
    'trajectories/a.jsonl': jsonl([trajectory('a1', 't1'), trajectory('a2', 't3'), trajectory('a3', 't2')]),
    'trajectories/b.jsonl': jsonl([trajectory('b1', 't1'), trajectory('a1', 't2')]),
  });
  const rendererDir = path.join(temp.base, 'renderer');
  await mkdir(rendererDir);
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  await buildCli(); // the workers run the bundled worker script
  studio = createStudioHost({
    hostKind: 'web',
    appRoot: temp.base,
    configDir: temp.configDir,
    datasetsDir: temp.datasetsDir,
    evaluationWorker: new URL('../../out/cli/eval-worker.mjs', import.meta.url),
    scoringTimeLimitMs: LIMIT_MS,
    auditTimeLimitMs: AUDIT_LIMIT_MS,
  });
  host = await startWebHost({ studio, rendererDir, token, port: 0 });
}, 120_000);
afterAll(async () => {
  await host?.close();
  await temp?.cleanup();
});

const api = async (channel: string, args: unknown[]) => {
  const response = await fetch(`http://127.0.0.1:${host.port}/api/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [tokenHeader]: token },
    body: JSON.stringify(args),
  });
  const body = (await response.json()) as { value?: unknown; error?: { message: string } };
  expect(response.status, body.error?.message ?? channel).toBe(200);
  return body.value;
};

describe('evaluation.start in the browser host', () => {
  it('ends a worker stuck in an endless data.sql, reports the scenario with its file, and keeps answering app.info', async () => {
    const [dataset] = (await api('datasets.list', [])) as { id: string }[];
    await api('datasets.open', [dataset.id]);
    const rows: StudioEvents['evaluation.rows'][] = [];
    const done = new Promise<StudioEvents['evaluation.done']>((resolve) => {
      const stop = studio.events.subscribe((name, payload) => {
        if (name === 'evaluation.rows' && (payload as { runId: string }).runId === 'run-1') rows.push(payload as StudioEvents['evaluation.rows']);
        if (name === 'evaluation.done' && (payload as { runId: string }).runId === 'run-1') {
          stop();
          resolve(payload as StudioEvents['evaluation.done']);
        }
      });
    });
    expect(await api('evaluation.start', [dataset.id, 'run-1'])).toEqual({ runId: 'run-1' });
    let answered = 0;
    let finished = false;
    const polling = (async () => {
      while (!finished) {
        const info = (await api('app.info', [])) as { hostKind: string };
        expect(info.hostKind).toBe('web');
        answered++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const end = await done;
    finished = true;
    await polling;
    console.log(`app.info answered ${answered} times while the evaluation ran (time limit ${LIMIT_MS} ms)`);
    // The run lasts at least the time limit; a host frozen by the seed would answer once at most.
    expect(answered).toBeGreaterThanOrEqual(5);
    expect(end.error).toBeUndefined();
    // The dataset's profile and labels come with the figures: the renderer shows the rows without its own copy.
    expect(end.summary).toMatchObject({ profile: 'paper', labels: [...PAPER_LABELS] }); // the fixture names no profile
    const problems = rows.flatMap((r) => r.problems);
    expect(problems).toContainEqual(expect.objectContaining({ file: 'scenarios/loop/data.sql', message: expect.stringMatching(/ran longer than 1.5 s/) }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'trajectories/a.jsonl', line: 2, message: expect.stringMatching(/scenario "loop" cannot run/) }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'trajectories/b.jsonl', line: 2, message: expect.stringMatching(/repeats an earlier one/) }));
    const streamed = rows.flatMap((r) => unpackRows(r.rows));
    expect(streamed.map((r) => [r.id, r.file, r.line])).toEqual([
      ['a1', 'trajectories/a.jsonl', 1],
      ['a3', 'trajectories/a.jsonl', 3],
      ['b1', 'trajectories/b.jsonl', 1],
    ]);
    expect(end.summary).toMatchObject({ trajectories: 3, problems: problems.length });
    // The list's rows leave their evidence on the host: a replay scores it again, an export reads evaluation.run.
    expect(rows.map((r) => r.rows.evidence)).toEqual(rows.map(() => []));
    const run = (await api('evaluation.run', [dataset.id])) as { trajectories: { id: string; evidence: unknown }[] };
    expect(run.trajectories.map((t) => t.id)).toEqual(['a1', 'a3', 'b1']);
    expect(run.trajectories.filter((t) => t.evidence !== null).length).toBeGreaterThan(0);
    expect(await api('evaluation.trajectoryLine', [dataset.id, 'trajectories/a.jsonl', 3])).toContain('"id":"a3"');
  }, 120_000);

  it('runs the ground-truth audit in a worker: an endless data.sql becomes a problem naming its line, the audit goes on, app.info keeps answering', async () => {
    const [dataset] = (await api('datasets.list', [])) as { id: string }[];
    await api('datasets.open', [dataset.id]);
    let finished = false;
    let answered = 0;
    const audit = fetch(`http://127.0.0.1:${host.port}/api/audit.run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [tokenHeader]: token },
      body: JSON.stringify([dataset.id]),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { value?: AuditReport } }));
    const polling = (async () => {
      while (!finished) {
        expect(((await api('app.info', [])) as { hostKind: string }).hostKind).toBe('web');
        answered++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answer = await audit;
    finished = true;
    await polling;
    console.log(`app.info answered ${answered} times while the audit ran (limit ${LIMIT_MS} ms per statement or call)`);
    expect(answered).toBeGreaterThanOrEqual(5);
    expect(answer.status).toBe(200);
    const report = answer.body.value!;
    const line = shopFiles()['scenarios/shop/data.sql'].split('\n').length; // the loop scenario's seed is the shop's plus the endless statement
    expect(report.problems).toContainEqual({
      file: 'scenarios/loop/data.sql',
      line,
      message: `scenario "loop": the statement at data.sql line ${line} ran longer than ${LIMIT_MS / 1000} s while building its database; stopped, its trajectories are left out`,
    });
    // The shop's tasks were audited all the same (t2's one failing run is not 'every run fails': that needs two).
    expect(report.audited_tasks).toBe(2);
    expect(report.tasks.map((t) => t.task_id)).toEqual(['t1']);
  }, 60_000);
});
