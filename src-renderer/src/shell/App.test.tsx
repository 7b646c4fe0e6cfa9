// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatasetSummary, StudioApi } from '../../../shared/api/studio-api';
import type { WorkspaceId } from '../workspaces/workspaces';
import { App } from './App';

// The shell is under test, not the workspaces (they have their own tests and need workers).
vi.mock('../workspaces/WorkspaceView', () => ({
  WorkspaceView: ({ workspace }: { workspace: WorkspaceId }) => <main data-testid="workspace-view">{workspace}</main>,
}));

const datasets: DatasetSummary[] = [
  { id: 'sample-00000001', name: 'Sample', root: '/d/sample', source: 'bundled' },
  { id: 'extra-00000002', name: 'Extra', root: '/d/extra', source: 'added' },
];

function fakeStudio(): { api: StudioApi; opened: string[] } {
  const opened: string[] = [];
  const api = {
    hostKind: 'web',
    app: { info: async () => ({ name: 'egobench-studio', version: '9.9.9', platform: 'linux', hostKind: 'web', versions: { node: '20' } }) },
    datasets: {
      list: async () => datasets,
      open: async (id: string) => {
        opened.push(id);
        return datasets.find((dataset) => dataset.id === id)!;
      },
    },
    mediaUrl: () => '',
    onEvent: () => () => {},
  } as unknown as StudioApi;
  return { api, opened };
}

afterEach(() => {
  cleanup();
  delete window.studio;
});

describe('App shell', () => {
  it('lists datasets, opens the one added at launch, and shows it in the status bar', async () => {
    const { api, opened } = fakeStudio();
    window.studio = api;
    render(<App />);
    const entries = await screen.findAllByTestId('dataset-entry');
    expect(entries.map((entry) => entry.querySelector('.dataset-name')?.textContent)).toEqual(['Sample', 'Extra']);
    await screen.findByText('Opened Extra');
    expect(opened).toEqual(['extra-00000002']);
    expect(screen.getByTestId('status-dataset').textContent).toBe('Extra');
    expect(screen.getByTestId('status-host').textContent).toBe('Browser host');
  });

  it('switches workspaces by hash and opens the shortcut list with ?', async () => {
    window.studio = fakeStudio().api;
    render(<App />);
    await act(async () => {
      window.location.hash = '#/replay';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByTestId('workspace-replay').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('workspace-view').textContent).toBe('replay');
    expect(screen.queryByTestId('hotkey-help')).toBeNull();
    fireEvent.keyDown(window, { key: '?' });
    expect(screen.getByTestId('hotkey-help').textContent).toContain('Go to Adjudicate');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('hotkey-help')).toBeNull();
  });
});
