// @vitest-environment happy-dom
// The whole load of the agreement data (first, or quiet again when a view comes back) against
// what happens while it reads: a setting ticked, a file reloaded, a file change heard. The
// session's dataset copy is held by the test (sessionDataset), the host's files are window.studio.
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioApi } from '../../../shared/api/studio-api';
import { deferred } from '../test-support/deferred';

const loads: { resolve: (value: unknown) => void }[] = [];
vi.mock('../evaluation/sessionDataset', () => ({
  sessionDataset: () => {
    const load = deferred<unknown>();
    loads.push(load);
    return load.promise;
  },
}));
vi.mock('./agreementClient', () => ({ agreementClient: { scenarios: () => Promise.resolve() } }));

const { useAgreementData, useAgreementDataset } = await import('./agreementData');

const line = (revision: number) => ({ task_id: 't1', annotator: 'bob', revision, status: 'draft', calls: [], visual_refs: [] });
const datasetWithBob = (revision: number) => ({
  tasks: new Map([['t1', { id: 't1' }]]),
  scenarios: new Map(),
  annotations: new Map([['bob', new Map([['t1', line(revision)]])]]),
  changedAfterSubmit: new Map(),
  groundTruth: new Map(),
  problems: [],
});
const bobRevision = () => useAgreementData.getState().files.get('bob')?.get('t1')?.revision;

function host(): { settingsText: () => string | null } {
  let settingsText: string | null = null;
  window.studio = {
    datasets: {
      readVersioned: () => Promise.resolve({ text: settingsText, hash: null }),
      writeIfUnchanged: (_id: string, _path: string, text: string) => {
        settingsText = text;
        return Promise.resolve();
      },
      readText: () => Promise.resolve(`${JSON.stringify(line(5))}\n`), // bob's file on disk: revision 5
    },
  } as unknown as StudioApi;
  return { settingsText: () => settingsText };
}

/** Loaded once (bob at revision 1), the view gone and back: a quiet load is reading. */
async function quietLoadReading() {
  const first = renderHook(() => useAgreementDataset('d'));
  loads.at(-1)!.resolve(datasetWithBob(1));
  await vi.waitFor(() => expect(useAgreementData.getState().dataset).not.toBeNull());
  first.unmount();
  const count = loads.length;
  renderHook(() => useAgreementDataset('d'));
  await vi.waitFor(() => expect(loads.length).toBe(count + 1));
}

afterEach(() => {
  cleanup();
  delete window.studio;
  useAgreementData.setState({ datasetId: null, dataset: null, files: new Map(), settings: { hideAgreementWhileAnnotating: false } });
});

describe('agreement data load', () => {
  it('a quiet load keeps a setting ticked while it read', async () => {
    const files = host();
    await quietLoadReading();
    await useAgreementData.getState().setSettings({ hideAgreementWhileAnnotating: true });
    loads.at(-1)!.resolve(datasetWithBob(1));
    await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(files.settingsText()!).agreement.hide_while_annotating).toBe(true);
    expect(useAgreementData.getState().settings.hideAgreementWhileAnnotating).toBe(true);
  });

  it('a quiet load does not put its older copy of a file over a reload applied while it read', async () => {
    host();
    await quietLoadReading();
    await useAgreementData.getState().reload('d', ['annotations/bob.jsonl']);
    expect(bobRevision()).toBe(5);
    loads.at(-1)!.resolve(datasetWithBob(1)); // read before bob's save
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bobRevision()).toBe(5);
  });

  it('a file change heard while the first load reads is read after it, not dropped', async () => {
    host();
    renderHook(() => useAgreementDataset('d'));
    await vi.waitFor(() => expect(useAgreementData.getState().datasetId).toBe('d'));
    const reloading = useAgreementData.getState().reload('d', ['annotations/bob.jsonl']);
    loads.at(-1)!.resolve(datasetWithBob(1)); // read before bob's save
    await reloading;
    expect(bobRevision()).toBe(5);
  });

  it("a sync tool's conflict copy changing is read as no annotator (it was one, agreeing with the file it copies)", async () => {
    host();
    await quietLoadReading();
    loads.at(-1)!.resolve(datasetWithBob(1));
    await useAgreementData.getState().reload('d', ['annotations/bob.sync-conflict-20261207-1234-ABCDEF.jsonl', 'annotations/bob (conflicted copy 2026-12-07).jsonl']);
    expect([...useAgreementData.getState().files.keys()]).toEqual(['bob']);
  });
});
