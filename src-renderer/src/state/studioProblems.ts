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
