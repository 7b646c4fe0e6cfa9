// First contact with the host: app info, the dataset list, the dataset named at launch, and the
// host's push events.
import { useEffect } from 'react';
import { studioApi } from '../api/studio';
import { useStudioStore } from '../state/store';

export function useStudioStartup(): void {
  useEffect(() => {
    const store = useStudioStore.getState;
    const api = studioApi();
    void store().loadAppInfo();
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
    const stopChanged = api.onEvent('datasets.changed', ({ datasetId, paths }) => {
      if (store().currentDataset?.id === datasetId) store().showMessage(`Saved ${paths.join(', ')}`, 'info');
    });
    return () => {
      stopOpened();
      stopChanged();
    };
  }, []);
}
