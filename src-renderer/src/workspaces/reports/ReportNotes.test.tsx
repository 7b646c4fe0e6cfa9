// @vitest-environment happy-dom
// Reports says what its figures leave out or count apart: runs imported in Replay, and modes
// dataset.json does not list (each a mode of its own in the overall figure, SPEC §10).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvaluationRun } from '../../../../shared/report/types';
import { ReportNotes } from './ReportNotes';

const run = (modes: string[]) => ({ trajectories: modes.map((mode, i) => ({ id: `r${i}`, model: i % 2 ? 'LabAgent' : 'Qwen', mode })) }) as unknown as EvaluationRun;

afterEach(cleanup);

describe('ReportNotes', () => {
  it('names each mode dataset.json does not list, with its models', () => {
    render(<ReportNotes run={run(['dynamic_easy', 'easy', 'easy', 'static'])} importedRuns={0} listedModes={['dynamic_easy', 'static']} />);
    expect(screen.getAllByTestId('report-mode-note').map((n) => n.textContent)).toEqual([
      `Note: mode "easy" (LabAgent, Qwen) is not among dataset.json's modes (dynamic_easy, static): scored as a mode of its own (SPEC §10), which counts in the overall figure.`,
    ]);
    expect(screen.queryByTestId('report-imported-note')).toBeNull();
  });

  it('says nothing when every mode is listed, nothing was imported, or the modes are not known', () => {
    const { container, rerender } = render(<ReportNotes run={run(['static'])} importedRuns={0} listedModes={['static']} />);
    expect(container.textContent).toBe('');
    rerender(<ReportNotes run={run(['easy'])} importedRuns={0} listedModes={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<ReportNotes run={run(['static'])} importedRuns={2} listedModes={['static']} />);
    expect(screen.getByTestId('report-imported-note').textContent).toContain('2 run(s) imported in Replay are not in this report');
  });
});
