// First contact with the host: app info, the dataset list, the dataset named at launch, and the
// host's push events.
import { useEffect } from 'react';
import { studioApi } from '../api/studio';
import { onFilesChanged } from '../state/datasetChanges';
import { listenToEvaluation } from '../state/evaluationEvents';
import { describeHostFailure } from '../state/hostErrors';
import { useStudioStore } from '../state/store';
import { importSummaryLine, reloadClips, useShellExtras } from './shellExtras';
import { applyTeamIdentity } from './teamIdentity';
import { recheckOnDiskChanges } from './recheckOnDiskChanges';

export function useStudioStartup(): void {
  useEffect(() => {
    const store = useStudioStore.getState;
    const api = studioApi();
    void store()
      .loadAppInfo()
      .then(() => {
        const team = store().appInfo?.team;
        if (team) applyTeamIdentity(team);
      });
    void store()
      .refreshDatasets()
      .then(() => {
        // A dataset given on the command line (npm start / npm run web --dataset) opens by itself.
        const added = store().datasets.find((dataset) => dataset.source === 'added');
        if (added && !store().currentDataset) return store().openDataset(added.id);
      });
    const stopOpened = api.onEvent('datasets.opened', ({ dataset }) => {
      void store()
        .refreshDatasets()
        .then(() => store().openDataset(dataset.id));
    });
    const stopChanged = onFilesChanged(({ datasetId, paths, reason, via }) => {
      if (via !== 'written' || store().currentDataset?.id !== datasetId) return;
      // A video folder was chosen (here or in another window): no file was saved, the clips moved.
      if (reason === 'video-folder') reloadClips();
      // The view that wrote a file usually says so more precisely ("Exported 1 annotation(s) to
      // annotations/bob.jsonl"); the generic line must not replace that message.
      else {
        // On a team host every client hears every write: another person's own file (their
        // annotations or reviews) is not "Saved" here, and blind annotation should not announce it.
        const me = store().appInfo?.team?.name;
        // Adjudication drafts are written as decisions are made: the adjudication says where its draft is.
        const shown = (me === undefined ? paths : paths.filter((p) => !/^(annotations|reviews)\//.test(p) || p.endsWith(`/${me}.jsonl`))).filter((p) => !p.startsWith('adjudication/'));
        if (shown.length > 0 && !shown.some((p) => store().message?.text.includes(p))) store().showNotice(`Saved ${shown.join(', ')}`);
      }
    });
    // File > Import EgoBench Release... (desktop): progress, then the new dataset opens and the report shows.
    const stopImported = api.onEvent('egobench.imported', (event) => {
      if (event.state === 'running') store().showMessage(`Importing the EgoBench release ${event.release}…`, 'info');
      else if (event.state === 'failed') store().showMessage(describeHostFailure(`The import of the EgoBench release ${event.release} failed`, event.message), 'error');
      else {
        useShellExtras.getState().showImportReport(event);
        void store()
          .refreshDatasets()
          .then(() => store().openDataset(event.dataset.id))
          .then(() => store().showMessage(importSummaryLine(event), event.problems.length > 0 ? 'error' : 'info'));
      }
    });
    const stopEvaluation = listenToEvaluation();
    const stopRecheck = recheckOnDiskChanges();
    return () => {
      stopRecheck();
      stopEvaluation();
      stopOpened();
      stopChanged();
      stopImported();
    };
  }, []);
}
