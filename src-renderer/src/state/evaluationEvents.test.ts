// @vitest-environment happy-dom
// The desktop's File > Import Trajectory Files/Folder... arrives as 'trajectories.imported' in
// whichever workspace is shown: from Annotate (the evaluation not started yet) it starts the
// open dataset's evaluation and takes the files and their problems to Replay; with no dataset
// open it says so. It had been dropped without a word outside Replay and Reports.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatasetSummary, StudioApi } from '../../../shared/api/studio-api';
import type { StudioEventName, StudioEvents } from '../../../shared/api/studio-events';
import { listenToEvaluation } from './evaluationEvents';
import { useStudioStore } from './store';

const dataset: DatasetSummary = { id: 'shop-id', name: 'Shop', root: '/data/shop', source: 'added' };
const tooBig = { file: 'big.jsonl', line: 0, message: 'larger than the import limit; skipped' };

let stop: () => void = () => undefined;
let emit: <E extends StudioEventName>(name: E, payload: StudioEvents[E]) => void;
let started: string[];

beforeEach(() => {
  const listeners = new Map<string, (payload: unknown) => void>();
  started = [];
  // The host as far as these paths reach it: its events, and an evaluation that starts and never ends here.
  window.studio = {
    hostKind: 'electron',
    onEvent: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener);
      return () => listeners.delete(name);
    },
    evaluation: { start: (datasetId: string) => (started.push(datasetId), new Promise(() => undefined)) },
    datasets: { listFiles: () => new Promise(() => undefined), readText: () => new Promise(() => undefined) },
  } as unknown as StudioApi;
  emit = (name, payload) => listeners.get(name)?.(payload);
  vi.stubGlobal('Worker', class { postMessage() {} terminate() {} addEventListener() {} });
  window.location.hash = '#/annotate';
  stop = listenToEvaluation();
});

afterEach(() => {
  stop();
  delete window.studio;
  vi.unstubAllGlobals();
});

describe('trajectories imported from the desktop menu', () => {
  it("from Annotate: the open dataset's evaluation starts, the host's problems are listed, and Replay opens", () => {
    useStudioStore.setState((s) => ({ currentDataset: dataset, evaluation: { ...s.evaluation, datasetId: null }, message: null }));
    emit('trajectories.imported', { files: [{ name: 'runs.jsonl', text: '' }], problems: [tooBig] });
    const { evaluation } = useStudioStore.getState();
    expect(evaluation.datasetId).toBe('shop-id');
    expect(started).toEqual(['shop-id']);
    expect(evaluation.importedProblems).toEqual([tooBig]);
    expect(window.location.hash).toBe('#/replay');
  });

  it('with no dataset open: says so, and nothing starts', () => {
    useStudioStore.setState((s) => ({ currentDataset: null, evaluation: { ...s.evaluation, datasetId: null }, message: null }));
    emit('trajectories.imported', { files: [{ name: 'runs.jsonl', text: '' }], problems: [] });
    expect(useStudioStore.getState().message).toMatchObject({ kind: 'error', text: expect.stringContaining('Open a dataset first') });
    expect(started).toEqual([]);
    expect(window.location.hash).toBe('#/annotate');
  });
});
