// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatasetSummary, StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
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

/** A tiny valid dataset, so the shell's check of an opened dataset finds no problem. */
const files: Record<string, string> = {
  'dataset.json': JSON.stringify({ id: 'x', name: 'X', version: '1', modes: ['static'] }),
  'scenarios/s/schema.sql': 'CREATE TABLE t (a TEXT);',
  'scenarios/s/data.sql': '',
  'scenarios/s/tools.json': JSON.stringify({ state_tables: [], tools: [] }),
  'tasks.jsonl': JSON.stringify({ id: 't1', scenario: 's', instruction: 'i', image_description: 'd', video: 'videos/t1.webm' }) + '\n',
};

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
      clipStatus: async () => ({ folder: null, missing: 0, clips: [] }),
      listFiles: async () => Object.keys(files).map((path) => ({ path })),
      // As the host answers: a file that is not there is a not-found error, not undefined.
      readText: async (_id: string, path: string) => {
        if (!Object.hasOwn(files, path)) throw new StudioError('not-found', `${path} does not exist`);
        return files[path];
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

  it('shows missing clips, takes a typed folder (browser host) and shows an EgoBench import report', async () => {
    const { api } = fakeStudio();
    const listeners = new Map<string, (payload: unknown) => void>();
    const calls: unknown[] = [];
    const missing = { folder: null, missing: 1, clips: [{ path: 'videos/retail1.mp4', name: 'retail1.mp4', source: null }] };
    Object.assign(api.datasets, {
      clipStatus: async () => missing,
      setVideoFolder: async (...args: unknown[]) => {
        calls.push(args);
        return { folder: '/clips', missing: 0, clips: [{ ...missing.clips[0], source: 'folder' }] };
      },
    });
    (api as { onEvent: unknown }).onEvent = (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener);
      return () => listeners.delete(name);
    };
    window.studio = api;
    render(<App />);
    const control = await screen.findByTestId('clips-control');
    expect(control.textContent).toBe('Clips: 1 missing — Choose folder…');
    fireEvent.click(control);
    expect(screen.getByTestId('clips-list').textContent).toContain('videos/retail1.mp4 missing');
    fireEvent.change(screen.getByTestId('clips-folder-input'), { target: { value: ' /clips ' } });
    fireEvent.click(screen.getByTestId('clips-use-folder'));
    await screen.findByText('Clips: all 1 found');
    expect(calls).toEqual([['extra-00000002', { kind: 'path', path: '/clips' }]]);

    await act(async () =>
      listeners.get('egobench.imported')!({
        state: 'done',
        release: '/r',
        out: '/d/extra',
        dataset: datasets[1],
        summary: { scenarios: 1, tasks: 8, trajectories: 8, models: ['M'], modes: ['dynamic_easy'], videos: 1 },
        warnings: [{ file: 'tasks/retail1.json', message: 'retail1-5: ground-truth call 1 (add_to_cart) has an empty user_id' }],
        problems: [],
      }),
    );
    expect(screen.getByTestId('import-warnings').textContent).toContain('retail1-5: ground-truth call 1');
    await screen.findByText(/Imported 8 task\(s\) in 1 scenario\(s\)/);
  });
});
