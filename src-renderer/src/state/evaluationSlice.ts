// The open dataset's evaluation, one per session and shared by Replay, Reports and the task
// matrix: rows streamed from the host's scoring workers (evaluation.start, then evaluation.rows
// events), rows of files imported in the renderer, problems, progress and the figures.
// Views read rows with `selectTrajectoryRows`; they start the evaluation with `ensureEvaluation`.
import type { StateCreator } from 'zustand';
import type { DatasetSummary } from '../../../shared/api/studio-api';
import type { EvaluationSummary, StudioEvents } from '../../../shared/api/studio-events';
import { profileOf } from '../../../shared/eval/evaluate';
import { unpackRows } from '../../../shared/eval/trajectory-row';
import type { Label } from '../../../shared/eval/profile';
import type { Problem } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { droppedImportsMessage, noteImported } from '../evaluation/droppedImports';
import { displacedImports, newImports } from './importRepeats';
import { evaluationWorker } from '../evaluation/evaluationService';
import type { EvaluationStatus, ImportedFiles, TrajectoryRow } from '../evaluation/protocol';
import { sessionDataset, sessionDatasetFiles } from '../evaluation/sessionDataset';
import type { StudioState } from './store';

export interface EvaluationState {
  datasetId: string | null;
  /** The host run whose events are taken; others' are ignored. */
  runId: string | null;
  status: EvaluationStatus;
  message: string | null;
  /** Bytes of trajectory files scored so far and to score (0 of 0 when all came from the cache). */
  progress: { done: number; total: number };
  /** In file and line order; imported files' rows after the dataset's. */
  rows: TrajectoryRow[];
  problems: Problem[];
  /** The problems of files imported in this browser (also in `problems`): Reports, which leaves their runs out, leaves these out too. */
  importedProblems: Problem[];
  /** Ids of the imported rows listed: a dataset row arriving with one of them takes its place (importRepeats.ts). */
  importedIds: ReadonlySet<string>;
  summary: EvaluationSummary | null;
  /** When the summary came (Date.now()): when the evaluation the rows show was done. */
  finishedAt: number | null;
  profile: 'paper' | 'egobench' | null;
  labels: Label[];
  /** Increases when reviews/ changed (Reports re-reads its overrides). */
  reviewsGeneration: number;
}

const idle: EvaluationState = {
  datasetId: null,
  runId: null,
  status: 'idle',
  message: null,
  progress: { done: 0, total: 0 },
  rows: [],
  problems: [],
  importedProblems: [],
  importedIds: new Set(),
  summary: null,
  finishedAt: null,
  profile: null,
  labels: [],
  reviewsGeneration: 0,
};

export interface EvaluationSlice {
  evaluation: EvaluationState;
  /** Starts the evaluation of the dataset unless it is already this session's. */
  ensureEvaluation(dataset: DatasetSummary): void;
  /** Evaluates again (the host's cache answers for unchanged files); `reload` reads the dataset's files again first. */
  startEvaluation(dataset: DatasetSummary, reload?: boolean): Promise<void>;
  receiveEvaluationRows(event: StudioEvents['evaluation.rows']): void;
  finishEvaluation(event: StudioEvents['evaluation.done']): void;
  addImportedRows(rows: TrajectoryRow[], problems: Problem[]): void;
  /** Scores files the user dropped, picked or imported from the menu against the open dataset (in the renderer's worker); `problems`: what could not be read. */
  importTrajectoryFiles(imported: ImportedFiles): void;
  reviewsChanged(): void;
}

/** What a view reads: one row per trajectory (see TrajectoryRow). */
export const selectTrajectoryRows = (state: StudioState) => state.evaluation.rows;

let runs = 0;
const newRunId = () => `r${Date.now().toString(36)}-${(runs++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const createEvaluationSlice: StateCreator<StudioState, [], [], EvaluationSlice> = (set, get) => {
  const patch = (change: Partial<EvaluationState>) => set((s) => ({ evaluation: { ...s.evaluation, ...change } }));
  return {
    evaluation: idle,
    ensureEvaluation: (dataset) => {
      if (get().evaluation.datasetId !== dataset.id) void get().startEvaluation(dataset);
    },
    startEvaluation: async (dataset, reload = false) => {
      const runId = newRunId();
      set((s) => ({ evaluation: { ...idle, datasetId: dataset.id, runId, status: 'loading', reviewsGeneration: s.evaluation.reviewsGeneration } }));
      const dropped = droppedImportsMessage(dataset.id);
      if (dropped) get().showMessage(dropped, 'info');
      try {
        // The host starts at once: reading the dataset here as well (for the profile, labels and
        // the replay worker) runs beside it rather than before it.
        evaluationWorker.expectOpen();
        const loading = sessionDataset(dataset, reload);
        const files = sessionDatasetFiles(dataset.id)!;
        const started = studioApi().evaluation.start(dataset.id, runId);
        started.catch(() => undefined); // awaited below, after the load's own failure
        const [loaded, read] = await Promise.all([loading, files]);
        if (get().evaluation.runId !== runId) return;
        const { profile, labels } = profileOf(loaded);
        // Ready once both are in: the host's figures (finishEvaluation) and the profile.
        const { summary, status } = get().evaluation;
        patch({ profile: profile.id, labels: [...labels], status: status === 'error' ? 'error' : summary ? 'ready' : 'evaluating' });
        evaluationWorker.open(read);
        await started;
      } catch (error) {
        if (get().evaluation.runId !== runId) return;
        evaluationWorker.close(); // requests waiting for this dataset's worker fail rather than hang
        patch({ status: 'error', message: (error as Error).message });
      }
    },
    receiveEvaluationRows: ({ runId, rows: packed, problems, progress }) => {
      if (runId !== get().evaluation.runId) return;
      const rows = unpackRows(packed);
      set((s) => {
        const displaced = displacedImports(s.evaluation.rows, s.evaluation.importedIds, rows);
        const listed = displaced?.rows ?? s.evaluation.rows;
        const repeats = displaced?.repeats ?? [];
        return {
          evaluation: {
            ...s.evaluation,
            progress,
            rows: rows.length > 0 ? listed.concat(rows) : listed,
            problems: problems.length + repeats.length > 0 ? s.evaluation.problems.concat(problems, repeats) : s.evaluation.problems,
            ...(displaced ? { importedProblems: s.evaluation.importedProblems.concat(repeats), importedIds: displaced.importedIds } : {}),
          },
        };
      });
    },
    finishEvaluation: ({ runId, summary, error }) => {
      if (runId !== get().evaluation.runId) return;
      if (error !== undefined || !summary) {
        patch({ status: 'error', message: error ?? 'the host sent no figures' });
        return;
      }
      // The host read the dataset's profile as well: the rows show without waiting for the
      // renderer's own copy (startEvaluation), which problems, replays and imports still use.
      patch({ status: 'ready', summary, finishedAt: Date.now(), profile: summary.profile, labels: [...summary.labels] });
    },
    addImportedRows: (imported, problems) =>
      set((s) => {
        const { rows, repeats } = imported.length > 0 ? newImports(s.evaluation.rows, imported) : { rows: [], repeats: [] };
        const all = problems.concat(repeats);
        return {
          evaluation: {
            ...s.evaluation,
            rows: s.evaluation.rows.concat(rows),
            problems: s.evaluation.problems.concat(all),
            importedProblems: s.evaluation.importedProblems.concat(all),
            importedIds: rows.length > 0 ? new Set([...s.evaluation.importedIds, ...rows.map((row) => row.id)]) : s.evaluation.importedIds,
          },
        };
      }),
    importTrajectoryFiles: ({ files, problems }) => {
      if (problems.length > 0) get().addImportedRows([], problems);
      if (files.length === 0) return;
      const { datasetId, rows } = get().evaluation;
      if (datasetId) noteImported(datasetId, files.map((file) => file.name));
      evaluationWorker.importFiles(files, rows.map((r) => r.id));
    },
    reviewsChanged: () => patch({ reviewsGeneration: get().evaluation.reviewsGeneration + 1 }),
  };
};
