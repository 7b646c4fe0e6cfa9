// evaluation.run's service: the SPEC §12 report of a folder plus task counts and usage.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { evaluationRun, readReviewFiles } from './evaluation-run';
import { writeDatasetFolder } from '../test-support/dataset-folder';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'evaluation-run-'));
  const files = shopFiles({
    'trajectories/m1.jsonl': jsonl([
      {
        id: 'a', task_id: 't2', model: 'm1', mode: 'static', rounds_count: 3, input_tokens: 120, output_tokens: 30,
        dialogue: [{ role: 'user', turn: 0, content: 'User ID: u1' }],
        tool_calls: [{ turn: 0, calls: [call('set_list', { user_id: 'u1', items: ['Whole Milk', 'Coca Cola Zero'] })] }],
      },
    ]),
    'reviews/zed.jsonl': jsonl([{ trajectory_id: 'a', label: 'logic', updated_at: '2026-01-01' }]),
    'reviews/amy.jsonl': '',
    'reviews/notes.txt': 'not a review file',
  });
  await writeDatasetFolder(root, files);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('evaluationRun', () => {
  it('returns the report with task counts and usage, in this thread', async () => {
    const { run, datasetName, anythingRead } = await evaluationRun(root, { workers: 0 });
    expect(datasetName).toBe('Shop');
    expect(anythingRead).toBe(true);
    expect(run.trajectories.map((t) => [t.id, t.label])).toEqual([['a', 'correct']]);
    expect(run.models.m1.overall.joint_succ).toBe(1);
    expect(run.task_counts).toEqual({ shop: 2 });
    expect(run.usage).toEqual({ a: { rounds: 3, tokens: 150 } });
    expect(run.problems).toEqual([]);
  });

  it('reads reviews/*.jsonl in name order, nothing when the folder is absent', async () => {
    expect((await readReviewFiles(root)).map((f) => f.path)).toEqual(['reviews/amy.jsonl', 'reviews/zed.jsonl']);
    expect(await readReviewFiles(path.join(root, 'scenarios'))).toEqual([]);
  });
});
