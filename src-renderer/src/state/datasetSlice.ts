// Which datasets the host offers, which one is open, and what is wrong with it (the loader's
// problems, each with its file and line, for the problems panel).
import type { StateCreator } from 'zustand';
import type { DatasetSummary } from '../../../shared/api/studio-api';
import type { Problem } from '../../../shared/format/types';
import { profileOf } from '../../../shared/eval/evaluate';
import { reviewFileProblems } from '../../../shared/report/reviews';
import { readReviewFiles } from '../api/review-files';
import { studioApi } from '../api/studio';
import { sessionDataset } from '../evaluation/sessionDataset';
import { showsEvaluation } from '../workspaces/workspaces';
import { describeHostFailure } from './hostErrors';
import type { StudioState } from './store';

/** The last dataset the user opened, or tried to: why it failed, and what its files hold wrong. */
export interface DatasetCheck {
  datasetId: string;
  name: string;
  /** Set when the host could not open it at all (what failed and what to do). */
  failure: string | null;
  problems: Problem[];
  /** Tasks the loader could read: 0 makes the dataset unusable. */
  tasks: number;
  /** Their ids, in file order (the Ctrl+K palette finds tasks by id). */
  taskIds: string[];
  /** The review files' problems among `problems`: a re-check keeps them while no review file changed. */
  reviewProblems: Problem[];
}

export interface DatasetSlice {
  datasets: DatasetSummary[];
  datasetsLoaded: boolean;
  currentDataset: DatasetSummary | null;
  datasetCheck: DatasetCheck | null;
  problemsOpen: boolean;
  setProblemsOpen(open: boolean): void;
  refreshDatasets(): Promise<void>;
  openDataset(datasetId: string): Promise<void>;
  /**
   * Reads the dataset as the workspaces do and keeps its problems; opens the panel when no task
   * loads. `again`: a re-read after its files changed, which leaves the panel as it is and says
   * nothing unless no task loads now; one that cannot read the files changes nothing.
   */
  /** `changed`: a re-check's changed paths (reviews/ is read again only when one is there); none: a first check, all read. */
  checkDataset(dataset: DatasetSummary, again?: boolean, changed?: readonly string[]): Promise<void>;
}

/** Datasets opened so far: only the last one chosen is shown, whichever answer comes last. */
let openings = 0;

export const createDatasetSlice: StateCreator<StudioState, [], [], DatasetSlice> = (set, get) => ({
  datasets: [],
  datasetsLoaded: false,
  currentDataset: null,
  datasetCheck: null,
  problemsOpen: false,
  setProblemsOpen: (problemsOpen) => set({ problemsOpen }),
  refreshDatasets: async () => {
    try {
      set({ datasets: await studioApi().datasets.list(), datasetsLoaded: true });
    } catch (error) {
      set({ datasetsLoaded: true });
      get().showMessage(describeHostFailure('Cannot list the datasets', error), 'error');
    }
  },
  openDataset: async (datasetId) => {
    const name = get().datasets.find((d) => d.id === datasetId)?.name ?? datasetId;
    const opening = ++openings;
    let dataset: DatasetSummary;
    try {
      dataset = await studioApi().datasets.open(datasetId);
      if (opening !== openings) return;
    } catch (error) {
      if (opening !== openings) return;
      const failure = describeHostFailure(`Cannot open the dataset ${name}`, error);
      set({ datasetCheck: { datasetId, name, failure, problems: [], tasks: 0, taskIds: [], reviewProblems: [] }, problemsOpen: true });
      get().showMessage(failure, 'error');
      return;
    }
    set({ currentDataset: dataset, datasetCheck: null, problemsOpen: false });
    get().showMessage(`Opened ${dataset.name}`, 'info');
    const checked = get().checkDataset(dataset); // starts the read of the dataset that the evaluation shares
    // Replay or Reports clicked while the app was still opening the dataset (a reload, a deep
    // link): the host starts now, not once the workspace's chunk has loaded and mounted.
    if (showsEvaluation(get().workspace)) get().ensureEvaluation(dataset);
    await checked;
  },
  checkDataset: async (dataset, again = false, changed) => {
    let check: DatasetCheck;
    const last = get().datasetCheck;
    try {
      // Again: the session's copy, which reads again only the files that changed (annotations alone, most often).
      const loaded = await sessionDataset(dataset, !again);
      // The review files' problems too (Reports listed them; the status bar said none), read again
      // only when a review file (or dataset.json, whose profile names the labels) changed: every
      // teammate's saved annotation is a re-check. A review file that cannot be read leaves the
      // check as it is: the dataset itself loaded.
      const reviews =
        again && last?.datasetId === dataset.id && last.failure === null && changed && !changed.some(affectsReviewCheck)
          ? last.reviewProblems
          : reviewFileProblems(await readReviewFiles(dataset.id).catch(() => []), profileOf(loaded).labels);
      const problems = reviews.length > 0 ? [...loaded.problems, ...reviews] : loaded.problems;
      check = { datasetId: dataset.id, name: dataset.name, failure: null, problems, tasks: loaded.tasks.size, taskIds: [...loaded.tasks.keys()], reviewProblems: reviews };
    } catch (error) {
      // A read again that fails (the host away: the status bar and the edits' sync say so) keeps
      // what the last read found; a dialog then would take the keys from the person typing on.
      if (again) return;
      check = { datasetId: dataset.id, name: dataset.name, failure: describeHostFailure(`Cannot read the dataset ${dataset.name}`, error), problems: [], tasks: 0, taskIds: [], reviewProblems: [] };
    }
    if (get().currentDataset?.id !== dataset.id) return;
    const unusable = check.failure !== null || check.tasks === 0;
    set({ datasetCheck: check, ...(again && !unusable ? {} : { problemsOpen: unusable }) });
    if (unusable) get().showMessage(check.failure ?? `${dataset.name} has no task that can be read: ${check.problems.length} problem(s), listed in the panel.`, 'error');
  },
});

/** A changed path after which the review files' problems may differ. */
const affectsReviewCheck = (path: string) => path === 'reviews' || path.startsWith('reviews/') || path === 'dataset.json';
