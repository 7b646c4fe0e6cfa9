// The renderer's zustand store, combined from slices. Components read it through the selector
// hooks below (useShallow), so they re-render only when what they show changes.
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { createDatasetSlice, type DatasetSlice } from './datasetSlice';
import { createEvaluationSlice, type EvaluationSlice } from './evaluationSlice';
import { createHostSlice, type HostSlice } from './hostSlice';
import { studioProblems } from './studioProblems';
import { createUiSlice, type UiSlice } from './uiSlice';

export type StudioState = DatasetSlice & UiSlice & HostSlice & EvaluationSlice;

export const useStudioStore = create<StudioState>()((...args) => ({
  ...createDatasetSlice(...args),
  ...createUiSlice(...args),
  ...createHostSlice(...args),
  ...createEvaluationSlice(...args),
}));

export const useDatasetPicker = () =>
  useStudioStore(
    useShallow((state) => ({
      datasets: state.datasets,
      loaded: state.datasetsLoaded,
      currentId: state.currentDataset?.id ?? null,
      openDataset: state.openDataset,
    })),
  );

export const useStatusBar = () =>
  useStudioStore(
    useShallow((state) => ({
      dataset: state.currentDataset,
      hostKind: state.appInfo?.hostKind ?? null,
      version: state.appInfo?.version ?? null,
      message: state.message,
      problems: state.datasetCheck ? studioProblems(state).length + (state.datasetCheck.failure ? 1 : 0) : 0,
      setProblemsOpen: state.setProblemsOpen,
    })),
  );

export const useDatasetProblems = () =>
  useStudioStore(useShallow((state) => ({ check: state.datasetCheck, problems: studioProblems(state), open: state.problemsOpen, setOpen: state.setProblemsOpen })));

export const useWorkspace = () =>
  useStudioStore(useShallow((state) => ({ workspace: state.workspace, setWorkspace: state.setWorkspace })));

export const useHotkeyHelp = () =>
  useStudioStore(useShallow((state) => ({ open: state.hotkeyHelpOpen, setOpen: state.setHotkeyHelpOpen })));
