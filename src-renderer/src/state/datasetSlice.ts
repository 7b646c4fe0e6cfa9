// Which datasets the host offers and which one is open.
import type { StateCreator } from 'zustand';
import type { DatasetSummary } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { studioApi } from '../api/studio';
import type { StudioState } from './store';

export interface DatasetSlice {
  datasets: DatasetSummary[];
  datasetsLoaded: boolean;
  currentDataset: DatasetSummary | null;
  refreshDatasets(): Promise<void>;
  openDataset(datasetId: string): Promise<void>;
}

export const createDatasetSlice: StateCreator<StudioState, [], [], DatasetSlice> = (set, get) => ({
  datasets: [],
  datasetsLoaded: false,
  currentDataset: null,
  refreshDatasets: async () => {
    try {
      set({ datasets: await studioApi().datasets.list(), datasetsLoaded: true });
    } catch (error) {
      set({ datasetsLoaded: true });
      get().showMessage(`Cannot list datasets: ${StudioError.from(error).message}`, 'error');
    }
  },
  openDataset: async (datasetId) => {
    try {
      const dataset = await studioApi().datasets.open(datasetId);
      set({ currentDataset: dataset });
      get().showMessage(`Opened ${dataset.name}`, 'info');
    } catch (error) {
      get().showMessage(`Cannot open dataset: ${StudioError.from(error).message}`, 'error');
    }
  },
});
