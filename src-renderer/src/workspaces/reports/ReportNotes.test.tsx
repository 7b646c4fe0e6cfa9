// @vitest-environment happy-dom
// Reports says what its figures leave out or count apart: runs imported in Replay, and modes
// dataset.json does not list (each a mode of its own in the overall figure, SPEC §10).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvaluationRun } from '../../../../shared/report/types';
import { ReportNotes } from './ReportNotes';

const run = (modes: string[]) => ({ trajectories: modes.map((mode, i) => ({ id: `r${i}`, model: i % 2 ? 'LabAgent' : 'Qwen', mode })) }) as unknown as EvaluationRun;

const none = { applied: 0, unknownTrajectory: 0, unknownLabel: 0, stale: 0 };

afterEach(cleanup);

describe('ReportNotes', () => {
  it('names each mode dataset.json does not list, with its models', () => {
    render(<ReportNotes overrides={none} run={run(['dynamic_easy', 'easy', 'easy', 'static'])} importedRuns={0} listedModes={['dynamic_easy', 'static']} />);
    expect(screen.getAllByTestId('report-mode-note').map((n) => n.textContent)).toEqual([
      `Note: mode "easy" (LabAgent, Qwen) is not among dataset.json's modes (dynamic_easy, static): scored as a mode of its own (SPEC §10), which counts in the overall figure.`,
    ]);
    expect(screen.queryByTestId('report-imported-note')).toBeNull();
  });

  it('says nothing when every mode is listed, nothing was imported, or the modes are not known', () => {
    const { container, rerender } = render(<ReportNotes overrides={none} run={run(['static'])} importedRuns={0} listedModes={['static']} />);
    expect(container.textContent).toBe('');
    rerender(<ReportNotes overrides={none} run={run(['easy'])} importedRuns={0} listedModes={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<ReportNotes overrides={none} run={run(['static'])} importedRuns={2} listedModes={['static']} />);
    expect(screen.getByTestId('report-imported-note').textContent).toContain('2 run(s) imported in Replay are not in this report');
  });

  it('says how many overrides are stale (made against another automatic label) and how many name no run of the report', () => {
    render(<ReportNotes overrides={{ applied: 5, unknownTrajectory: 1, unknownLabel: 0, stale: 2 }} run={run(['static'])} importedRuns={0} listedModes={['static']} />);
    expect(screen.getAllByTestId('report-override-note').map((n) => n.textContent)).toEqual([
      '2 override(s) were made when the automatic label was another (the runs, ground truth or scenarios changed since): applied as written; check them in Replay.',
      '1 override(s) name a run this report does not have (an imported run, or one removed): left out.',
    ]);
  });
});
