// Where the renderer's dataset session hears the host: streamed evaluation rows, its end,
// changed files (through datasetChanges.ts: re-evaluate, or re-read reviews), trajectories
// imported from the desktop menu. Returns the function that removes every listener again.
import { studioApi } from '../api/studio';
import { evaluationWorker } from '../evaluation/evaluationService';
import { changesScores } from '../evaluation/sessionDataset';
import { hearFileChanges, onFilesChanged, writtenJustNow } from './datasetChanges';
import { useStudioStore } from './store';

export function listenToEvaluation(): () => void {
  const api = studioApi();
  const store = useStudioStore.getState;
  evaluationWorker.onImported = (rows, problems) => store().addImportedRows(rows, problems);
  const stops = [
    hearFileChanges(api),
    api.onEvent('evaluation.rows', (event) => store().receiveEvaluationRows(event)),
    api.onEvent('evaluation.done', (event) => store().finishEvaluation(event)),
    onFilesChanged(({ datasetId, paths, via }) => {
      const dataset = store().currentDataset;
      if (dataset?.id !== datasetId || store().evaluation.datasetId !== datasetId) return;
      // Seen on disk: runs an agent runner (or a sync) wrote while the studio is open are scored (the
      // score cache answers for the files that did not change), and every run again when the ground
      // truth changed (a git pull, a hand edit: the figures stayed those of the old one). A ground
      // truth the studio itself just wrote was heard as 'written' already.
      const scored =
        via === 'written'
          ? changesScores(paths)
          : paths.some((p) => p.startsWith('trajectories/') || (p === 'ground_truth.jsonl' && !writtenJustNow(datasetId, p)));
      if (scored) void store().startEvaluation(dataset, true);
      if (paths.some((p) => p.startsWith('reviews/'))) store().reviewsChanged();
    }),
    // File > Import Trajectory Files/Folder... (desktop): the host sends the files it read, whichever
    // workspace is shown; Replay then lists them.
    api.onEvent('trajectories.imported', ({ files, problems }) => {
      const dataset = store().currentDataset;
      if (dataset === null) {
        store().showMessage('Open a dataset first: imported trajectory files are scored against the open dataset', 'error');
        return;
      }
      // From Annotate or Adjudicate the evaluation has not started yet (Replay and Reports start it).
      store().ensureEvaluation(dataset);
      store().importTrajectoryFiles({ files, problems });
      if (!window.location.hash.startsWith('#/replay')) window.location.hash = '#/replay';
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    evaluationWorker.onImported = () => undefined;
  };
}
