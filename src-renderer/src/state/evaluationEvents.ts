// Where the renderer's dataset session hears the host: streamed evaluation rows, its end,
// changed files (through datasetChanges.ts: re-evaluate, or re-read reviews), trajectories
// imported from the desktop menu. Returns the function that removes every listener again.
import { studioApi } from '../api/studio';
import { evaluationWorker } from '../evaluation/evaluationService';
import { changesScores } from '../evaluation/sessionDataset';
import { hearFileChanges, onFilesChanged } from './datasetChanges';
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
      if (via !== 'written') return; // as before: files written through the API re-evaluate, the watcher's do not
      const dataset = store().currentDataset;
      if (dataset?.id !== datasetId || store().evaluation.datasetId !== datasetId) return;
      if (changesScores(paths)) void store().startEvaluation(dataset, true);
      if (paths.some((p) => p.startsWith('reviews/'))) store().reviewsChanged();
    }),
    // File > Import Trajectory Files/Folder... (desktop): the host sends the files it read.
    api.onEvent('trajectories.imported', ({ files, problems }) => {
      if (store().evaluation.datasetId === null) return;
      if (problems.length > 0) store().addImportedRows([], problems);
      store().importTrajectoryFiles(files);
      if (!window.location.hash.startsWith('#/replay')) window.location.hash = '#/replay';
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    evaluationWorker.onImported = () => undefined;
  };
}
