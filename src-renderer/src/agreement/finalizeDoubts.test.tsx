// @vitest-environment happy-dom
// What Finalize asks before it writes: each concern once, the calls it would replace counted with their repeats.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroundTruth } from '../../../shared/format/types';
import { finalizeDoubts, unnamedReferences, type FinalizeState } from './finalizeDoubts';

afterEach(cleanup);

const qty = (n: number) => ({ tool_name: 'update_cart_quantity', parameters: { qty: n } });
const truth: GroundTruth = { task_id: 't', calls: [qty(1), qty(1), qty(2)], visual_refs: [], source: 'adjudicated', adjudicator: 'dave' };
const state = (over: Partial<FinalizeState>): FinalizeState => ({ taskId: 't', callProblems: [], failedCalls: [], unnamedReferences: [], existing: null, changedSinceBegun: false, merged: [], setBack: null, drafts: [], ...over });

describe('finalizeDoubts', () => {
  it('asks nothing of a first adjudication of submitted annotations whose calls fit', () => {
    expect(finalizeDoubts(state({ merged: [qty(1)] }))).toEqual([]);
  });

  it('names the calls that fail when run from the seed, and what each says, before anything else it asks', () => {
    const doubts = finalizeDoubts(state({ merged: [qty(1)], drafts: ['bob'], failedCalls: ['call 1 update_cart_quantity {"qty":1}: no such cart'] }));
    expect(doubts.map((d) => d.title)).toEqual(['Finalize with 1 call that fails when run?', 'Finalize from a draft?']);
    render(<>{doubts[0].detail}</>);
    expect(screen.getByText('call 1 update_cart_quantity {"qty":1}: no such cart')).toBeTruthy();
  });

  it('names the references whose entity no merged call names (an annotator\'s rejected entity, kept by default)', () => {
    const ref = (entity: string) => ({ id: 'r1', description: 'the teal bottle', entity, start: 1, end: 2 });
    const calls = [{ tool_name: 'add_to_cart', parameters: { items: [{ product_name: '  Hass   avocado ' }] } }];
    const rows = [
      { key: 'hass avocado', entity: 'Hass Avocado', a: null, b: ref('Hass Avocado'), kept: null },
      { key: 'vino verde fresco', entity: 'Vino Verde Fresco', a: ref('Vino Verde Fresco'), b: null, kept: null },
      // The ground truth's own reference, kept: the adjudicator's choice already, not asked about.
      { key: 'zz tins', entity: 'ZZ Tins', a: null, b: null, kept: ref('ZZ Tins') },
    ];
    expect(unnamedReferences(rows, {}, calls)).toEqual(['"the teal bottle" → Vino Verde Fresco']);
    expect(unnamedReferences(rows, { 'vino verde fresco': 'drop' }, calls)).toEqual([]);
    const [doubt] = finalizeDoubts(state({ unnamedReferences: ['"the teal bottle" → Vino Verde Fresco'] }));
    expect(doubt.title).toBe('Keep a visual reference to what no call names?');
  });

  it('asks about drafts, a revision that changed the rows, and other calls than the ground truth, in that order', () => {
    const doubts = finalizeDoubts(state({ existing: truth, merged: [qty(1)], drafts: ['bob'], setBack: 'bob changed' }));
    expect(doubts.map((d) => d.title)).toEqual(['Finalize from a draft?', 'An annotation changed while you adjudicated', "Replace the ground truth's calls?"]);
  });

  it('counts a repeated call left out (the ground truth wrote qty 1 twice; one is kept)', () => {
    const [replace] = finalizeDoubts(state({ existing: truth, merged: [qty(1), qty(3)] }));
    render(<div>{replace.detail}</div>);
    expect(screen.getByText(/has 3 call\(s\); yours 2/)).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['update_cart_quantity {"qty":1}', 'update_cart_quantity {"qty":2}', 'update_cart_quantity {"qty":3}']);
  });

  it("names someone else's line written since, instead of the calls", () => {
    const doubts = finalizeDoubts(state({ existing: truth, changedSinceBegun: true, merged: [qty(9)] }));
    expect(doubts.map((d) => d.title)).toEqual(['The ground truth changed since you began']);
  });

  it('does not ask when the ground truth holds the same calls with their parameters in another key order (a line another tool wrote)', () => {
    const add = (keys: 'ab' | 'ba') => ({ tool_name: 'add_to_cart', parameters: keys === 'ab' ? { item: 'tea', qty: 2 } : { qty: 2, item: 'tea' } });
    const imported: GroundTruth = { ...truth, calls: [add('ba')] };
    expect(finalizeDoubts(state({ existing: imported, merged: [add('ab')] }))).toEqual([]);
    expect(finalizeDoubts(state({ existing: imported, merged: [{ ...add('ab'), parameters: { item: 'tea', qty: 3 } }] })).map((d) => d.title)).toEqual([
      "Replace the ground truth's calls?",
    ]);
  });
});
