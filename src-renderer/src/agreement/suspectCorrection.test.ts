import { describe, expect, it } from 'vitest';
import type { Suspect } from '../../../shared/eval/gt-audit';
import type { ToolCall } from '../../../shared/format/types';
import { correctedCalls, takesWholeCall } from './suspectCorrection';

const found = { rows: [], truncated: false } as unknown as Extract<Suspect, { kind: 'value' }>['found'];
const truth: ToolCall[] = [
  { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune' } },
  { tool_name: 'add_to_cart', parameters: { user_id: 'u1', products: [{ name: 'Domaine Lune', quantity: 1 }, { name: 'Sourdough Loaf', quantity: 1 }] } },
];
const value = (path: string, call: ToolCall = truth[1], runsValue = 'Butter Croissants'): Suspect => ({ kind: 'value', gt_call: 1, tool_name: call.tool_name, path, truth: 'Sourdough Loaf', value: runsValue, call, runs: ['r1', 'r2', 'r3'], models: 2, found, truth_found: found });

describe("an audit suspect's correction", () => {
  it('replaces a top-level value alone', () => {
    const calls = correctedCalls(truth, value('user_id', truth[1], 'u2'));
    expect(calls[1].parameters).toEqual({ ...truth[1].parameters, user_id: 'u2' });
    expect(takesWholeCall(value('user_id'))).toBe(false);
  });

  it("takes the first agreeing run's whole call for a value inside a list, which the panel shows before it is written (it may hold values no other run has)", () => {
    const runCall: ToolCall = { tool_name: 'add_to_cart', parameters: { user_id: 'u1', products: [{ name: 'Domaine Lune', quantity: 1 }, { name: 'Butter Croissants', quantity: 1 }, { name: 'Strawberry Jam', quantity: 5 }] } };
    const suspect = value('products[].name', runCall);
    expect(takesWholeCall(suspect)).toBe(true);
    expect(correctedCalls(truth, suspect)[1]).toBe(runCall);
  });
});
