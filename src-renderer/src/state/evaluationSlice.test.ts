// The session's evaluation takes only its own run's events, in arrival order, and Reports builds
// its run from the rows (usage from turns and tokens; imported rows left out).
import { beforeEach, describe, expect, it } from 'vitest';
import { packRows, type TrajectoryRow } from '../../../shared/eval/trajectory-row';
import { evaluationRunOf, timingText } from '../workspaces/reports/load-report';
import { selectTrajectoryRows } from './evaluationSlice';
import { useStudioStore } from './store';

const row = (id: string, imported = false): TrajectoryRow => ({
  id, task_id: 't1', model: 'm', mode: 'static', scenario: 's', label: 'correct', evidence: null as never, matched: 1, gt_calls: 1,
  agent_calls: 1, calls: 1, tool_succ: true, result_succ: true, joint_succ: true, turns: 3, tokens: 40, file: 'trajectories/a.jsonl', line: 1, imported,
});
const progress = { done: 1, total: 2 };

beforeEach(() => {
  useStudioStore.setState((s) => ({ evaluation: { ...s.evaluation, datasetId: 'd', runId: 'mine', status: 'evaluating', profile: 'paper', rows: [], problems: [], importedProblems: [], importedIds: new Set(), summary: null } }));
});

describe('evaluation slice', () => {
  it('appends rows and problems of its own run only, and is ready at its end', () => {
    const store = useStudioStore.getState;
    store().receiveEvaluationRows({ datasetId: 'd', runId: 'other', rows: packRows([row('x')]), problems: [], progress });
    store().receiveEvaluationRows({ datasetId: 'd', runId: 'mine', rows: packRows([row('a')]), problems: [{ file: 'f', line: 2, message: 'bad' }], progress });
    store().receiveEvaluationRows({ datasetId: 'd', runId: 'mine', rows: packRows([row('b')]), problems: [], progress });
    store().finishEvaluation({ datasetId: 'd', runId: 'other', error: 'not mine' });
    expect(selectTrajectoryRows(store()).map((r) => r.id)).toEqual(['a', 'b']);
    expect(store().evaluation.status).toBe('evaluating');
    const summary = { trajectories: 2, models: {}, problems: 1, task_counts: { s: 1 }, seconds: 0.5, scoredFiles: 1, cachedFiles: 0, profile: 'paper' as const, labels: [] };
    store().finishEvaluation({ datasetId: 'd', runId: 'mine', summary });
    expect(store().evaluation).toMatchObject({ status: 'ready', summary, problems: [{ file: 'f', line: 2, message: 'bad' }] });
  });

  it("is ready at the host's end with the host's profile, before the renderer's copy is read", () => {
    const store = useStudioStore.getState;
    useStudioStore.setState((s) => ({ evaluation: { ...s.evaluation, profile: null, labels: [] } }));
    const summary = { trajectories: 0, models: {}, problems: 0, task_counts: {}, seconds: 0.1, scoredFiles: 0, cachedFiles: 1, profile: 'egobench' as const, labels: ['correct' as const, 'logic' as const] };
    store().finishEvaluation({ datasetId: 'd', runId: 'mine', summary });
    expect(store().evaluation).toMatchObject({ status: 'ready', summary, profile: 'egobench', labels: ['correct', 'logic'] });
    store().finishEvaluation({ datasetId: 'd', runId: 'mine', error: 'host failed' });
    expect(store().evaluation).toMatchObject({ status: 'error', message: 'host failed' });
  });

  it('gives Reports the dataset rows as a run once ready, imported rows and their problems left out and counted', () => {
    const store = useStudioStore.getState;
    expect(evaluationRunOf(store().evaluation)).toBeNull();
    const datasetProblem = { file: 'trajectories/a.jsonl', line: 2, message: 'bad' };
    store().receiveEvaluationRows({ datasetId: 'd', runId: 'mine', rows: packRows([row('a')]), problems: [datasetProblem], progress });
    store().addImportedRows([row('dropped', true), row('dropped-too', true)], [{ file: 'mine.jsonl', line: 3, message: 'bad too' }]);
    // Replay lists both files' problems.
    expect(store().evaluation.problems).toHaveLength(2);
    store().finishEvaluation({ datasetId: 'd', runId: 'mine', summary: { trajectories: 1, models: {}, problems: 0, task_counts: { s: 1 }, seconds: 1, scoredFiles: 1, cachedFiles: 0, profile: 'paper', labels: [] } });
    const built = evaluationRunOf(store().evaluation)!;
    expect(built.run.trajectories.map((t) => t.id)).toEqual(['a']);
    expect(built.run.problems).toEqual([datasetProblem]);
    expect(built.importedRuns).toBe(2);
    expect(built.run.usage).toEqual({ a: { rounds: 3, tokens: 40 } });
    expect(built.run.task_counts).toEqual({ s: 1 });
    // When it was done, not when Reports looked at it.
    expect(built.timing).toMatchObject({ seconds: 1, scoredFiles: 1, cachedFiles: 0 });
    expect(Math.abs(built.timing.finishedAt - Date.now())).toBeLessThan(60_000);
  });

  it("keeps ids unique when files are imported while the dataset's rows still come: the dataset's run stays, the import's line is a problem", () => {
    const store = useStudioStore.getState;
    const imported = (id: string, line: number) => ({ ...row(id, true), file: 'mine.jsonl', line });
    store().receiveEvaluationRows({ datasetId: 'd', runId: 'mine', rows: packRows([row('a')]), problems: [], progress });
    // Imported before 'b' and 'c' came from the host (the worker knew only 'a'); 'n' is new; 'a' and a second 'n' repeat.
    store().addImportedRows([imported('b', 1), imported('n', 2), imported('c', 3), imported('a', 4), imported('n', 5)], []);
    expect(store().evaluation.rows.map((r) => r.id)).toEqual(['a', 'b', 'n', 'c']);
    store().receiveEvaluationRows({ datasetId: 'd', runId: 'mine', rows: packRows([row('b'), row('c')]), problems: [], progress });
    const rows = store().evaluation.rows;
    expect(rows.map((r) => `${r.id}${r.imported ? '*' : ''}`)).toEqual(['a', 'n*', 'b', 'c']);
    expect([...store().evaluation.importedIds]).toEqual(['n']);
    const repeats = (line: number, id: string) => ({ file: 'mine.jsonl', line, message: `trajectory id "${id}" repeats an earlier one; left out` });
    expect(store().evaluation.importedProblems).toEqual([repeats(4, 'a'), repeats(5, 'n'), repeats(1, 'b'), repeats(3, 'c')]);
    expect(store().evaluation.problems).toEqual(store().evaluation.importedProblems);
  });

  it('says scores read from the cache as such, not as an evaluation in 0.0 s', () => {
    const clock = () => '10:00:00';
    expect(timingText({ seconds: 0.02, scoredFiles: 0, cachedFiles: 12, finishedAt: 0 }, clock)).toBe(
      'scores of all 12 trajectory file(s) read from the cache at 10:00:00 (unchanged since they were scored)',
    );
    expect(timingText({ seconds: 1.26, scoredFiles: 2, cachedFiles: 10, finishedAt: 0 }, clock)).toBe(
      'evaluated at 10:00:00 in 1.3 s (2 trajectory file(s) scored, 10 read from the cache)',
    );
    expect(timingText({ seconds: 4, scoredFiles: 12, cachedFiles: 0, finishedAt: 0 }, clock)).toBe('evaluated at 10:00:00 in 4.0 s');
  });
});
