// @vitest-environment happy-dom
// The status bar going offline: "offline, 1 unsent" showed beside a stale "Saved annotations/erin.jsonl".
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../db/annotationRepo', async () => (await import('../test-support/annotateStoreStubs')).annotationRepoStub);
vi.mock('../workspaces/annotate/writeThrough', async () => (await import('../test-support/annotateStoreStubs')).writeThroughStub);
vi.mock('../evaluation/sessionDataset', async () => (await import('../test-support/annotateStoreStubs')).sessionDatasetStub);

import { useStudioStore } from '../state/store';
import { useAnnotateStore } from '../workspaces/annotate/annotateStore';
import { StatusBar } from './StatusBar';

const saved = { state: 'saved' as const, unsent: 0, conflicts: [], message: null };
const wentOffline = () => act(() => useAnnotateStore.getState().writeThroughChanged({ state: 'offline', unsent: 1, message: 'unreachable' }));

beforeEach(() => {
  useAnnotateStore.setState({ datasetId: 'd', annotator: 'erin', writeThrough: saved });
  useStudioStore.setState({ message: null });
});
afterEach(cleanup);

describe('StatusBar', () => {
  it('drops the "Saved ..." notice when the edits go offline', () => {
    render(<StatusBar />);
    act(() => useStudioStore.getState().showNotice('Saved annotations/erin.jsonl'));
    expect(screen.getByTestId('status-message').textContent).toBe('Saved annotations/erin.jsonl');
    wentOffline();
    expect(screen.getByTestId('write-through').textContent).toBe('offline, 1 unsent');
    expect(screen.getByTestId('status-message').textContent).toBe('');
  });

  it('drops it when they cannot be written either (not written, N unsent)', () => {
    render(<StatusBar />);
    act(() => useStudioStore.getState().showNotice('Saved annotations/erin.jsonl'));
    act(() => useAnnotateStore.getState().writeThroughChanged({ state: 'error', unsent: 1, message: 'refused' }));
    expect(screen.getByTestId('status-message').textContent).toBe('');
  });

  it('keeps a message that is not such a notice (an error, what was opened)', () => {
    render(<StatusBar />);
    act(() => useStudioStore.getState().showMessage('Opened EgoBench sample (synthetic)', 'info'));
    wentOffline();
    expect(screen.getByTestId('status-message').textContent).toBe('Opened EgoBench sample (synthetic)');
  });

  it('shows a notice that comes while offline (it is news, not stale)', () => {
    render(<StatusBar />);
    wentOffline();
    act(() => useStudioStore.getState().showNotice('Saved reviews/erin.jsonl'));
    expect(screen.getByTestId('status-message').textContent).toBe('Saved reviews/erin.jsonl');
  });

  it("keeps a notice shown while not written through the retries' 'sending' between failures", () => {
    render(<StatusBar />);
    act(() => useAnnotateStore.getState().writeThroughChanged({ state: 'error', unsent: 1, message: 'refused' }));
    act(() => useStudioStore.getState().showNotice('Saved ground_truth.jsonl'));
    act(() => useAnnotateStore.getState().writeThroughChanged({ state: 'sending', unsent: 1 }));
    act(() => useAnnotateStore.getState().writeThroughChanged({ state: 'error', unsent: 1, message: 'refused' }));
    expect(screen.getByTestId('status-message').textContent).toBe('Saved ground_truth.jsonl');
    // Written again, then stopped once more: a notice from before that stop is stale again.
    act(() => useAnnotateStore.getState().writeThroughChanged(saved));
    wentOffline();
    expect(screen.getByTestId('status-message').textContent).toBe('');
  });

  it('drops it when the open task\'s calls text stops parsing (the header says "Not in the file"), once', () => {
    const record = { task: 't1', revision: 3, editor_text: null } as never;
    act(() => useAnnotateStore.setState({ saveState: 'saved', record }));
    render(<StatusBar />);
    act(() => useStudioStore.getState().showNotice('Saved annotations/erin.jsonl'));
    act(() => useAnnotateStore.setState({ record: { task: 't1', revision: 3, editor_text: '[{"tool_name": ' } as never }));
    expect(screen.getByTestId('status-message').textContent).toBe('');
    // Another file written meanwhile is news: it stays.
    act(() => useStudioStore.getState().showNotice('Saved reviews/erin.jsonl'));
    act(() => useAnnotateStore.setState({ record: { task: 't1', revision: 3, editor_text: '[{"tool_name": "' } as never }));
    expect(screen.getByTestId('status-message').textContent).toBe('Saved reviews/erin.jsonl');
  });
});
