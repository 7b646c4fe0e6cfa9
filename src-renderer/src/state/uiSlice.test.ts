// Choosing Replay or Reports starts the open dataset's evaluation at once (before the workspace's
// chunk loads); the other workspaces, or no open dataset, start nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { DatasetSummary } from '../../../shared/api/studio-api';
import { useStudioStore } from './store';
import { ERROR_HOLD_MS } from './uiSlice';

const dataset = { id: 'd1', name: 'D1' } as DatasetSummary;
const original = useStudioStore.getState().ensureEvaluation;

function recordStarts(): string[] {
  const started: string[] = [];
  useStudioStore.setState({ ensureEvaluation: (d: DatasetSummary) => void started.push(d.id) });
  return started;
}

afterEach(() => useStudioStore.setState({ ensureEvaluation: original, currentDataset: null, workspace: 'annotate' }));

describe('setWorkspace', () => {
  it('starts the evaluation when Replay or Reports is chosen with a dataset open', () => {
    const started = recordStarts();
    useStudioStore.setState({ currentDataset: dataset });
    useStudioStore.getState().setWorkspace('annotate');
    useStudioStore.getState().setWorkspace('adjudicate');
    expect(started).toEqual([]);
    useStudioStore.getState().setWorkspace('replay');
    useStudioStore.getState().setWorkspace('reports');
    expect(started).toEqual(['d1', 'd1']);
    expect(useStudioStore.getState().workspace).toBe('reports');
  });

  it('starts nothing without an open dataset (the workspace starts it once one opens)', () => {
    const started = recordStarts();
    useStudioStore.getState().setWorkspace('replay');
    expect(started).toEqual([]);
  });
});

describe('showNotice', () => {
  afterEach(() => useStudioStore.setState({ message: null }));

  it('does not hide an error shown moments ago (a write-through "Saved" right after a refused submit)', () => {
    const store = useStudioStore.getState();
    store.showMessage('t1 not submitted: the calls text does not parse', 'error');
    store.showNotice('Saved annotations/a.jsonl');
    expect(useStudioStore.getState().message).toMatchObject({ text: 't1 not submitted: the calls text does not parse', kind: 'error' });
  });

  it('replaces an error once it has been up for ERROR_HOLD_MS, and any info line at once', () => {
    const store = useStudioStore.getState();
    store.showMessage('Cannot reach the studio host', 'error');
    const shown = useStudioStore.getState().message!;
    useStudioStore.setState({ message: { ...shown, at: performance.now() - ERROR_HOLD_MS - 1 } });
    store.showNotice('Saved annotations/a.jsonl');
    expect(useStudioStore.getState().message).toMatchObject({ text: 'Saved annotations/a.jsonl', kind: 'info' });
    store.showMessage('Opened D1', 'info');
    store.showNotice('Saved annotations/b.jsonl');
    expect(useStudioStore.getState().message).toMatchObject({ text: 'Saved annotations/b.jsonl', kind: 'info' });
  });
});

describe('setWorkspace', () => {
  afterEach(() => useStudioStore.setState({ message: null, workspace: 'annotate' }));

  it("drops a notice of the workspace left (Annotate's \"Saved ...\" under Replay), and keeps other messages", () => {
    useStudioStore.setState({ workspace: 'annotate' });
    useStudioStore.getState().showNotice('Saved annotations/a.jsonl');
    useStudioStore.getState().setWorkspace('adjudicate');
    expect(useStudioStore.getState().message).toBeNull();
    useStudioStore.getState().showMessage('Opened D1', 'info');
    useStudioStore.getState().setWorkspace('annotate');
    expect(useStudioStore.getState().message).toMatchObject({ text: 'Opened D1' });
  });
});
