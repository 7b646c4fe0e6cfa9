// @vitest-environment happy-dom
// The one place that hears dataset changes: it tells every registered view, marks the session's
// dataset copy stale, and every view that registers removes its listener again when it unmounts.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioApi } from '../../../shared/api/studio-api';
import type { StudioEventName, StudioEvents } from '../../../shared/api/studio-events';
import { StudioError } from '../../../shared/api/studio-error';
import { useAgreementData, useAgreementDataset } from '../agreement/agreementData';
import { markDatasetChanged, sessionDataset } from '../evaluation/sessionDataset';
import { followOwnFile } from '../workspaces/annotate/writeThrough';
import { filesChangedListenerCount, hearFileChanges, onFilesChanged, type FilesChanged } from './datasetChanges';

/** The host's event stream as the renderer sees it (onEvent), emitted by the test. */
function hostEvents() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const onEvent = ((name: StudioEventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    set.add(listener);
    return () => set.delete(listener);
  }) as StudioApi['onEvent'];
  const emit = <E extends StudioEventName>(name: E, payload: StudioEvents[E]) => listeners.get(name)?.forEach((l) => l(payload));
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  return { onEvent, emit, count };
}

function AgreementView() {
  useAgreementDataset(null);
  return null;
}

afterEach(() => {
  cleanup();
  delete window.studio;
});

describe('dataset changes', () => {
  it('tells each listener how a change came, and stops hearing the host when asked', () => {
    const host = hostEvents();
    const stop = hearFileChanges(host);
    const heard: FilesChanged[] = [];
    const stopListening = onFilesChanged((change) => heard.push(change));
    host.emit('datasets.changed', { datasetId: 'd', paths: ['annotations/bob.jsonl'] });
    host.emit('annotations.changed', { datasetId: 'd', paths: ['ground_truth.jsonl'] });
    expect(heard.map((c) => [c.via, c.paths[0]])).toEqual([
      ['written', 'annotations/bob.jsonl'],
      ['watched', 'ground_truth.jsonl'],
    ]);
    stopListening();
    expect(filesChangedListenerCount()).toBe(0);
    stop();
    expect(host.count()).toBe(0);
  });

  it('leaves no listener of the agreement views behind when they unmount', () => {
    const host = hostEvents();
    const stop = hearFileChanges(host);
    const reload = vi.fn(() => Promise.resolve());
    useAgreementData.setState({ reload });
    const first = render(<AgreementView />);
    const second = render(<AgreementView />);
    expect(filesChangedListenerCount()).toBe(1); // the views share one listener
    host.emit('annotations.changed', { datasetId: 'd', paths: ['annotations/bob.jsonl', 'trajectories/x.jsonl'] });
    expect(reload).toHaveBeenCalledWith('d', ['annotations/bob.jsonl']);
    first.unmount();
    expect(filesChangedListenerCount()).toBe(1);
    second.unmount();
    expect(filesChangedListenerCount()).toBe(0);
    host.emit('annotations.changed', { datasetId: 'd', paths: ['annotations/bob.jsonl'] });
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("leaves no listener of Annotate's write-through behind", () => {
    const stop = followOwnFile();
    expect(filesChangedListenerCount()).toBe(1);
    stop();
    expect(filesChangedListenerCount()).toBe(0);
  });
});

describe('the session dataset', () => {
  it('is read once, and again after a file it was read from changed', async () => {
    const listed: string[] = [];
    const notFound = () => Promise.reject(new StudioError('not-found', 'no such file'));
    window.studio = {
      datasets: {
        listFiles: (_id: string, dir: string) => (listed.push(dir), notFound()),
        readText: notFound,
      },
    } as unknown as StudioApi;
    const loads = () => listed.filter((dir) => dir === 'scenarios').length;
    const first = await sessionDataset({ id: 'd1' });
    expect(await sessionDataset({ id: 'd1' })).toBe(first);
    markDatasetChanged('d1', ['trajectories/run.jsonl']); // scored by the host, not part of the copy
    expect(await sessionDataset({ id: 'd1' })).toBe(first);
    expect(loads()).toBe(1);
    // An annotation saved: only annotations/ is read again, the scenarios (and tasks) are kept.
    markDatasetChanged('d1', ['annotations/bob.jsonl']);
    const second = await sessionDataset({ id: 'd1' });
    expect(second).not.toBe(first);
    expect(second.scenarios).toBe(first.scenarios);
    expect(loads()).toBe(1);
    expect(listed.filter((dir) => dir === 'annotations')).toHaveLength(2);
    // A task changed as well: all of it again.
    markDatasetChanged('d1', ['annotations/bob.jsonl', 'tasks.jsonl']);
    expect(await sessionDataset({ id: 'd1' })).not.toBe(second);
    expect(loads()).toBe(2);
  });
});
