import { describe, expect, it } from 'vitest';
import type { Suspect } from '../../../shared/eval/gt-audit';
import type { Json, ToolCall } from '../../../shared/format/types';
import { correction } from './suspectCorrection';

const found = { ok: true, result: null } as unknown as Extract<Suspect, { kind: 'value' }>['found'];
const truth: ToolCall[] = [
  { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune' } },
  { tool_name: 'add_to_cart', parameters: { user_id: 'u1', products: [{ name: 'Domaine Lune', quantity: 1 }, { name: 'Sourdough Loaf', quantity: 1 }], tags: ['gift', 'wine'] } },
];
/** The first agreeing run's call: Butter Croissants for Sourdough Loaf, and a jam no other run added. */
const runCall: ToolCall = { tool_name: 'add_to_cart', parameters: { user_id: 'u1', products: [{ name: 'Domaine Lune', quantity: 1 }, { name: 'Butter Croissants', quantity: 1 }, { name: 'Strawberry Jam', quantity: 5 }] } };
const value = (path: string, from: Json, to: Json): Suspect => ({ kind: 'value', gt_call: 1, tool_name: 'add_to_cart', path, truth: from, value: to, call: runCall, runs: ['r1', 'r2', 'r3'], models: 2, found, truth_found: found });

describe("an audit suspect's correction", () => {
  it('sets a parameter of the call alone', () => {
    const { calls, wholeCall } = correction(truth, value('user_id', 'u1', 'u2'));
    expect(calls[1].parameters).toEqual({ ...truth[1].parameters, user_id: 'u2' });
    expect(calls[0]).toBe(truth[0]);
    expect(wholeCall).toBe(false);
  });

  it("replaces the one list item's field the ground truth holds the disputed value in; the other items stay, and no run's extra item comes in", () => {
    const { calls, wholeCall } = correction(truth, value('products[].name', 'Sourdough Loaf', 'Butter Croissants'));
    expect(wholeCall).toBe(false);
    expect(calls[1].parameters.products).toEqual([{ name: 'Domaine Lune', quantity: 1 }, { name: 'Butter Croissants', quantity: 1 }]);
    expect(correction(truth, value('tags[]', 'gift', 'present')).calls[1].parameters.tags).toEqual(['present', 'wine']);
  });

  it("takes the first agreeing run's whole call when the value is in no single place (two items hold it, or none): the panel shows it first", () => {
    expect(correction(truth, value('products[].quantity', 1, 2))).toEqual({ calls: [truth[0], runCall], wholeCall: true });
    expect(correction(truth, value('products[].name', null, 'Butter Croissants')).wholeCall).toBe(true);
  });

  it('adds a call the runs agree on', () => {
    const extra: ToolCall = { tool_name: 'get_cart', parameters: { user_id: 'u1' } };
    const suspect: Suspect = { kind: 'call', call: extra, in_truth: 0, runs: ['r1'], models: 1, found };
    expect(correction(truth, suspect)).toEqual({ calls: [...truth, extra], wholeCall: false });
  });
});
