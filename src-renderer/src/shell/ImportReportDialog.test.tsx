// @vitest-environment happy-dom
// The import report opens only in the desktop app (File > Import EgoBench Release...), so it is
// tested here as a component: its content, Escape, and focus back where it was.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportReportDialog } from './ImportReportDialog';
import { useShellExtras, type ImportReport } from './shellExtras';

const report: ImportReport = {
  state: 'done',
  release: '/data/egobench',
  out: '/data/egobench-dataset',
  dataset: { id: 'egobench-1', name: 'EgoBench', root: '/data/egobench-dataset', source: 'added' },
  summary: { scenarios: 3, tasks: 406, trajectories: 1218, models: ['gpt-4o', 'qwen'], modes: ['static', 'dynamic'], videos: 406 },
  warnings: [
    { file: 'tasks/kitchen.json', message: 'task k12: ground-truth call refused by its tool' },
    { file: '', message: 'two tasks share the id r7' },
  ],
  problems: [{ file: 'results/qwen/broken.json', message: 'not JSON: unexpected end' }],
};

function Opener() {
  return (
    <button type="button" data-testid="opener" onClick={() => useShellExtras.getState().showImportReport(report)}>
      Import
    </button>
  );
}

afterEach(() => {
  cleanup();
  useShellExtras.getState().showImportReport(null);
});

describe('ImportReportDialog', () => {
  it('shows nothing without a report', () => {
    render(<ImportReportDialog />);
    expect(screen.queryByTestId('import-report')).toBeNull();
  });

  it('lists the counts, the problems and the warnings with their files', async () => {
    render(<ImportReportDialog />);
    await act(async () => useShellExtras.getState().showImportReport(report));
    const dialog = screen.getByRole('dialog', { name: 'EgoBench release imported' });
    expect(dialog.textContent).toContain('/data/egobench → /data/egobench-dataset');
    expect(dialog.textContent).toContain('406 task(s) in 3 scenario(s), 1218 trajectories (gpt-4o, qwen; static, dynamic). 406 clip(s) are not in the release');
    const problems = screen.getByTestId('import-problems');
    expect(problems.textContent).toBe('results/qwen/broken.json: not JSON: unexpected end');
    expect(dialog.textContent).toContain('Problems (1): left out');
    const warnings = [...screen.getByTestId('import-warnings').querySelectorAll('li')].map((li) => li.textContent?.trim());
    expect(warnings).toEqual(['tasks/kitchen.json task k12: ground-truth call refused by its tool', 'two tasks share the id r7']);
  });

  it('says "None." without warnings and has no problems section without problems', async () => {
    render(<ImportReportDialog />);
    await act(async () => useShellExtras.getState().showImportReport({ ...report, warnings: [], problems: [] }));
    expect(screen.getByRole('dialog').textContent).toContain('Lint warnings (0)None.');
    expect(screen.queryByTestId('import-problems')).toBeNull();
  });

  it('closes on Escape and gives the focus back to the element that had it', async () => {
    render(
      <>
        <Opener />
        <ImportReportDialog />
      </>,
    );
    const opener = screen.getByTestId('opener');
    opener.focus();
    await act(async () => fireEvent.click(opener));
    const dialog = screen.getByRole('dialog');
    // Radix moves focus in and back from timers, not in React's render: wait for them (up to 1 s).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true)); // focus moved into the dialog
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useShellExtras.getState().importReport).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes with its Close button too', async () => {
    render(<ImportReportDialog />);
    await act(async () => useShellExtras.getState().showImportReport(report));
    await act(async () => fireEvent.click(screen.getByTestId('import-report-close')));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
