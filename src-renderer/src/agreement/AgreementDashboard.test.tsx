// @vitest-environment happy-dom
// The dashboard's line under "Disagreements": none found is "every task agrees" only when every
// task both annotated was compared.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgreementDashboard as Dashboard } from '../../../shared/eval/agreement-report';
import { summarizeAgreement } from '../../../shared/eval/agreement';
import { summarizeVisualAgreement } from '../../../shared/eval/visual-agreement';
import { AgreementDashboard } from './AgreementDashboard';

afterEach(cleanup);

function dashboard(leftOut: string[]): Dashboard {
  return {
    annotators: ['alice', 'bob'],
    overall: summarizeAgreement([], () => 0),
    scenarios: [],
    visual: summarizeVisualAgreement([]),
    tasks: [],
    disagreements: [],
    leftOut,
    problems: leftOut.map((id) => ({ file: 'annotations/alice.jsonl', line: 0, message: `task "${id}" left out: too many calls` })),
    alphaPending: false,
  };
}

describe('AgreementDashboard', () => {
  it('says every task agrees only when none was left out', () => {
    const { getByTestId, rerender } = render(<AgreementDashboard dashboard={dashboard([])} />);
    expect(getByTestId('no-disagreements').textContent).toBe('None: every task both annotated agrees exactly.');
    rerender(<AgreementDashboard dashboard={dashboard(['t1'])} />);
    expect(getByTestId('no-disagreements').textContent).toBe('None among the tasks compared; 1 task(s) both annotated could not be compared (see the problems below).');
  });
});
