// @vitest-environment happy-dom
// The dashboard's line under "Disagreements": none found is "every task agrees" only when every
// task both annotated was compared, and some task was (none annotated by both is said as such).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgreementDashboard as Dashboard } from '../../../shared/eval/agreement-report';
import { summarizeAgreement } from '../../../shared/eval/agreement';
import { summarizeVisualAgreement } from '../../../shared/eval/visual-agreement';
import { AgreementDashboard } from './AgreementDashboard';

afterEach(cleanup);

function dashboard(leftOut: string[], compared: string[] = []): Dashboard {
  const tasks = compared.map((task_id) => ({ task_id, exact: true, seq_exact: true, call_f1: 1, state_equal: true }));
  return {
    annotators: ['alice', 'bob'],
    overall: summarizeAgreement(tasks, () => 0),
    scenarios: [],
    visual: summarizeVisualAgreement([]),
    tasks,
    disagreements: [],
    leftOut,
    problems: leftOut.map((id) => ({ file: 'annotations/alice.jsonl', line: 0, message: `task "${id}" left out: too many calls` })),
    alphaPending: false,
  };
}

describe('AgreementDashboard', () => {
  it('says every task agrees only when none was left out', () => {
    const { getByTestId, rerender } = render(<AgreementDashboard dashboard={dashboard([], ['t2'])} />);
    expect(getByTestId('no-disagreements').textContent).toBe('None: every task both annotated agrees exactly.');
    rerender(<AgreementDashboard dashboard={dashboard(['t1'])} />);
    expect(getByTestId('no-disagreements').textContent).toBe('None among the tasks compared; 1 task(s) both annotated could not be compared (see the problems below).');
  });

  it('says that no task is annotated by both, and what to do, when there is none', () => {
    const { getByTestId } = render(<AgreementDashboard dashboard={dashboard([])} />);
    const text = getByTestId('no-disagreements').textContent!;
    expect(text).not.toMatch(/agrees/);
    expect(text).toBe(
      'None to show: no task is annotated by both alice and bob, so there is nothing to compare. Have both annotate the same tasks (Annotate), or choose another pair of annotators above.',
    );
  });
});
