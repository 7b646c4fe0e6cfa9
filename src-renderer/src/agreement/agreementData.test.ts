// @vitest-environment happy-dom
// A reload applies what it read to the state as it is when its reads end: a project setting
// changed meanwhile (shown at once, then written) is not put back by the reload's older copy.
// CI caught this: Finalize's ground-truth write made a reload that unticked the blind setting.
import { afterEach, describe, expect, it } from 'vitest';
import type { StudioApi } from '../../../shared/api/studio-api';
import type { LoadedDataset } from '../../../shared/format/loader';
import { GROUND_TRUTH_PATH, PROJECT_SETTINGS_PATH, useAgreementData } from './agreementData';
import { deferred } from '../test-support/deferred';

afterEach(() => {
  delete window.studio;
  useAgreementData.setState({ datasetId: null, dataset: null });
});

describe('agreement data reload', () => {
  it('keeps a setting changed while it read, and still applies what it read', async () => {
    const groundTruthRead = deferred<string>();
    let settingsText: string | null = null;
    window.studio = {
      datasets: {
        readText: (_id: string, path: string) => (path === GROUND_TRUTH_PATH ? groundTruthRead.promise : Promise.reject(new Error(path))),
        readVersioned: () => Promise.resolve({ text: settingsText, hash: null }),
        writeIfUnchanged: (_id: string, path: string, text: string) => {
          if (path === PROJECT_SETTINGS_PATH) settingsText = text;
          return Promise.resolve();
        },
      },
    } as unknown as StudioApi;
    useAgreementData.setState({ datasetId: 'd', dataset: { tasks: new Map() } as unknown as LoadedDataset, settings: { hideAgreementWhileAnnotating: false } });

    const reloading = useAgreementData.getState().reload('d', [GROUND_TRUTH_PATH]);
    await useAgreementData.getState().setSettings({ hideAgreementWhileAnnotating: true });
    groundTruthRead.resolve(`${JSON.stringify({ task_id: 't1', calls: [] })}\n`);
    await reloading;

    const state = useAgreementData.getState();
    expect(state.settings.hideAgreementWhileAnnotating).toBe(true);
    expect([...state.groundTruth.keys()]).toEqual(['t1']);
    expect(JSON.parse(settingsText!).agreement.hide_while_annotating).toBe(true);
  });

  it('puts no older read of a file over a newer one: the read begun last wins, whichever ends last', async () => {
    const reads: { resolve: (text: string) => void }[] = [];
    window.studio = {
      datasets: {
        readText: () => {
          const read = deferred<string>();
          reads.push(read);
          return read.promise;
        },
      },
    } as unknown as StudioApi;
    const tasks = new Map([['t1', { id: 't1' }]]);
    useAgreementData.setState({ datasetId: 'd', dataset: { tasks } as unknown as LoadedDataset, files: new Map() });
    const line = (revision: number) => `${JSON.stringify({ task_id: 't1', annotator: 'bob', revision, status: 'draft', calls: [], visual_refs: [] })}\n`;

    const older = useAgreementData.getState().reload('d', ['annotations/bob.jsonl']);
    const newer = useAgreementData.getState().reload('d', ['annotations/bob.jsonl']);
    reads[1].resolve(line(2));
    await newer;
    reads[0].resolve(line(1));
    await older;

    expect(useAgreementData.getState().files.get('bob')?.get('t1')?.revision).toBe(2);
  });
});
