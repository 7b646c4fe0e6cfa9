import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../shared/format/types';
import { replayProblems, studioProblems } from './studioProblems';
import type { StudioState } from './store';

const problem = (file: string, line: number, message = 'bad'): Problem => ({ file, line, message });
const state = (datasetId: string, dataset: Problem[], evaluationOf: string | null, scoring: Problem[], reviewProblems: Problem[] = []) =>
  ({
    datasetCheck: { datasetId, name: 'd', failure: null, problems: reviewProblems.length > 0 ? [...dataset, ...reviewProblems] : dataset, tasks: 1, taskIds: ['t'], reviewProblems },
    evaluation: { datasetId: evaluationOf, problems: scoring },
  }) as unknown as Pick<StudioState, 'datasetCheck' | 'evaluation'>;

describe('studioProblems', () => {
  it('counts the dataset\'s problems and the scoring\'s others once each', () => {
    const opened = [problem('tasks.jsonl', 3)];
    const scored = [problem('tasks.jsonl', 3), problem('trajectories/a.jsonl', 1), problem('trajectories/a.jsonl', 2)];
    expect(studioProblems(state('d', opened, 'd', scored))).toEqual([opened[0], scored[1], scored[2]]);
  });

  it('leaves out the evaluation of another dataset, and keeps its answer while nothing changes', () => {
    const opened = [problem('tasks.jsonl', 3)];
    expect(studioProblems(state('d', opened, 'other', [problem('x', 1)]))).toEqual(opened);
    const scored: Problem[] = [problem('y', 2)];
    const once = studioProblems(state('d', opened, 'd', scored));
    expect(studioProblems(state('d', opened, 'd', scored))).toBe(once);
    expect(studioProblems(state('d', opened, 'd', [...scored]))).not.toBe(once);
    // No dataset open (nothing checked yet): the same empty answer every time, or a selector re-renders without end.
    const none = { datasetCheck: null, evaluation: { datasetId: null, problems: [] } } as unknown as Pick<StudioState, 'datasetCheck' | 'evaluation'>;
    expect(studioProblems(none)).toBe(studioProblems(none));
  });
});

describe('replayProblems', () => {
  it("lists the review files' problems beside the scoring's, as Reports does (a label the profile lacks)", () => {
    const memory = problem('reviews/bob.jsonl', 2, 'label "memory" is not one of correct, syntactic; review left out');
    const scored = [problem('trajectories/a.jsonl', 1)];
    expect(replayProblems(state('d', [], 'd', scored, [memory]))).toEqual([scored[0], memory]);
    // Another dataset's check is not this evaluation's.
    expect(replayProblems(state('other', [], 'd', scored, [memory]))).toEqual(scored);
    const reviews = [memory];
    expect(replayProblems(state('d', [], 'd', scored, reviews))).toBe(replayProblems(state('d', [], 'd', scored, reviews)));
  });
});
