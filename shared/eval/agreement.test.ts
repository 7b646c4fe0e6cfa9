import { describe, expect, it } from 'vitest';
import { summarizeAgreement, type TaskAgreement } from './agreement';

const t = (call_f1: number, exact = call_f1 === 1, state_equal = exact): TaskAgreement => ({ task_id: 'x', exact, seq_exact: exact, call_f1, state_equal });

describe('SPEC §11 summary', () => {
  it('computes percent_exact, mean_call_f1, state_agreement and Krippendorff alpha', () => {
    // Two tasks; pooled annotations 0,1 (task 0, identical) and 2,3 (task 1, half agreeing).
    const d = [
      [0, 0, 1, 1],
      [0, 0, 1, 1],
      [1, 1, 0, 0.5],
      [1, 1, 0.5, 0],
    ];
    const s = summarizeAgreement([t(1), t(0.5, false, true)], (i, j) => d[i][j]);
    const Do = (0 + 0.5) / 2;
    const De = (2 * (1 + 1 + 1 + 1) + 2 * 0.5) / 12;
    expect(s).toEqual({ tasks: 2, percent_exact: 50, mean_call_f1: 0.75, state_agreement: 1, alpha_dice: 1 - Do / De });
  });

  it('alpha is 1 when every pooled pair agrees, and figures are null with no task', () => {
    expect(summarizeAgreement([t(1)], () => 0).alpha_dice).toBe(1);
    expect(summarizeAgreement([], () => 0)).toEqual({ tasks: 0, percent_exact: null, mean_call_f1: null, state_agreement: null, alpha_dice: null });
  });
});
