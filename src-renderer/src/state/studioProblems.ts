// Every problem the studio knows of the open dataset, for the status bar's count and its panel:
// what opening the dataset found, and what scoring its trajectories found (their lines, scenarios
// that cannot be built, clips of imports...), each once. Replay lists the second kind; both say
// the same number.
import type { Problem } from '../../../shared/format/types';
import type { StudioState } from './store';

let last: { dataset: readonly Problem[]; scoring: readonly Problem[]; all: readonly Problem[] } | null = null;

const NONE: readonly Problem[] = [];

const keyOf = (p: Problem) => `${p.file}\u0000${p.line}\u0000${p.message}`;

/** The dataset's problems, then the evaluation's others (the evaluation repeats the dataset's own); the same array until either changes. */
export function studioProblems(state: Pick<StudioState, 'datasetCheck' | 'evaluation'>): readonly Problem[] {
  // One empty array for "none", so a selector answers the same array again (a fresh [] each time would re-render without end).
  const dataset = state.datasetCheck?.problems ?? NONE;
  const scoring = state.datasetCheck && state.evaluation.datasetId === state.datasetCheck.datasetId ? state.evaluation.problems : NONE;
  if (last && last.dataset === dataset && last.scoring === scoring) return last.all;
  const seen = new Set(dataset.map(keyOf));
  const all = [...dataset, ...scoring.filter((p) => !seen.has(keyOf(p)) && (seen.add(keyOf(p)), true))];
  last = { dataset, scoring, all };
  return all;
}

let lastReplay: { scoring: readonly Problem[]; reviews: readonly Problem[]; all: readonly Problem[] } | null = null;

/**
 * What Replay's toolbar counts and lists: the evaluation's problems and the review files' (a line
 * whose label the profile lacks, said as Reports says it: reviewFileProblems). Replay left such a
 * review out without a word, and showed the run as not reviewed. The same array until either changes.
 */
export function replayProblems(state: Pick<StudioState, 'datasetCheck' | 'evaluation'>): readonly Problem[] {
  const scoring = state.evaluation.problems;
  const reviews = state.datasetCheck && state.datasetCheck.datasetId === state.evaluation.datasetId ? state.datasetCheck.reviewProblems : NONE;
  if (lastReplay && lastReplay.scoring === scoring && lastReplay.reviews === reviews) return lastReplay.all;
  const all = reviews.length === 0 ? scoring : [...scoring, ...reviews];
  lastReplay = { scoring, reviews, all };
  return all;
}
