// @vitest-environment happy-dom
// Opening a dataset while Replay or Reports is already shown (a reload, a deep link) starts the
// host's evaluation at once, and the evaluation shares the one read of the dataset the check makes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatasetSummary, StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { shopFiles } from '../../../shared/eval/test-support/shop';
import { useStudioStore } from './store';

const dataset: DatasetSummary = { id: 'shop-id', name: 'Shop', root: '/data/shop', source: 'added' };

/** The host's dataset calls over the shop fixture, each call noted. */
function fakeHost(calls: string[]): StudioApi {
  const files = shopFiles();
  const paths = Object.keys(files).sort();
  return {
    datasets: {
      open: async () => dataset,
      listFiles: async (_id: string, dir: string) => {
        calls.push(`list ${dir}`);
        return paths.filter((p) => dir === '' || p.startsWith(`${dir.replace(/\/$/, '')}/`)).map((path) => ({ path, size: files[path].length }));
      },
      readText: async (_id: string, path: string) => {
        calls.push(`read ${path}`);
        if (!(path in files)) throw new StudioError('not-found', `no ${path}`);
        return files[path];
      },
    },
    evaluation: {
      start: async (_id: string, runId: string) => {
        calls.push('start');
        return { runId };
      },
    },
  } as unknown as StudioApi;
}

afterEach(() => {
  delete window.studio;
  vi.unstubAllGlobals();
});

describe('opening a dataset', () => {
  for (const workspace of ['replay', 'annotate'] as const) {
    it(`${workspace === 'replay' ? 'starts' : 'does not start'} the evaluation when ${workspace} is shown; the dataset is read once`, async () => {
      const calls: string[] = [];
      window.studio = fakeHost(calls);
      // The replay worker (a Web Worker) is not what this test is about.
      vi.stubGlobal('Worker', class { postMessage() {} terminate() {} });
      useStudioStore.setState((s) => ({ workspace, datasets: [dataset], currentDataset: null, evaluation: { ...s.evaluation, datasetId: null } }));
      await useStudioStore.getState().openDataset(dataset.id);
      expect(calls.filter((c) => c === 'start')).toHaveLength(workspace === 'replay' ? 1 : 0);
      expect(calls.filter((c) => c === 'read tasks.jsonl')).toHaveLength(1);
      expect(useStudioStore.getState().datasetCheck).toMatchObject({ datasetId: dataset.id, failure: null, tasks: 2 });
      if (workspace === 'replay') expect(useStudioStore.getState().evaluation).toMatchObject({ datasetId: dataset.id, status: 'evaluating' });
    });
  }
});
