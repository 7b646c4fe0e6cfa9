// Every problem the studio knows of the open dataset, for the status bar's count and its panel:
// what opening the dataset found, and what scoring its trajectories found (their lines, scenarios
// that cannot be built, clips of imports...), each once. Replay lists the second kind; both say
// the same number.
import type { Problem } from '../../../shared/format/types';
import type { StudioState } from './store';

const NONE: readonly Problem[] = [];

const keyOf = (p: Problem) => `${p.file}\u0000${p.line}\u0000${p.message}`;

/**
 * Two lists joined, the same array again until either list changes: a selector that answered a
 * fresh array each time would re-render without end.
 */
function joinedOnce(join: (first: readonly Problem[], second: readonly Problem[]) => readonly Problem[]) {
  let last: { first: readonly Problem[]; second: readonly Problem[]; all: readonly Problem[] } | null = null;
  return (first: readonly Problem[], second: readonly Problem[]): readonly Problem[] => {
    if (last && last.first === first && last.second === second) return last.all;
    last = { first, second, all: join(first, second) };
    return last.all;
  };
}

const datasetThenScoring = joinedOnce((dataset, scoring) => {
  const seen = new Set(dataset.map(keyOf));
  return [...dataset, ...scoring.filter((p) => !seen.has(keyOf(p)) && (seen.add(keyOf(p)), true))];
});

/** The dataset's problems, then the evaluation's others (the evaluation repeats the dataset's own); the same array until either changes. */
export function studioProblems(state: Pick<StudioState, 'datasetCheck' | 'evaluation'>): readonly Problem[] {
  // One empty array for "none", so the same inputs come again while nothing changes.
  const dataset = state.datasetCheck?.problems ?? NONE;
  const scoring = state.datasetCheck && state.evaluation.datasetId === state.datasetCheck.datasetId ? state.evaluation.problems : NONE;
  return datasetThenScoring(dataset, scoring);
}

const scoringThenReviews = joinedOnce((scoring, reviews) => (reviews.length === 0 ? scoring : [...scoring, ...reviews]));

/**
 * What Replay's toolbar counts and lists: the evaluation's problems and the review files' (a line
 * whose label the profile lacks, said as Reports says it: reviewFileProblems). Replay left such a
 * review out without a word, and showed the run as not reviewed. The same array until either changes.
 */
export function replayProblems(state: Pick<StudioState, 'datasetCheck' | 'evaluation'>): readonly Problem[] {
  const scoring = state.evaluation.problems;
  const reviews = state.datasetCheck && state.datasetCheck.datasetId === state.evaluation.datasetId ? state.datasetCheck.reviewProblems : NONE;
  return scoringThenReviews(scoring, reviews);
}
