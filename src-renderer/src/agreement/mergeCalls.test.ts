import { describe, expect, it } from 'vitest';
import { SHOP_TOOLS } from '../../../shared/eval/test-support/shop';
import type { AlignmentRow } from '../../../shared/eval/agreement-report';
import type { ToolCall } from '../../../shared/format/types';
import { callProblems, decisionsFor, mergeSequence } from './mergeCalls';
import { addedRows, orderedRows } from './mergeOrder';

describe('merged calls against tools.json', () => {
  const library = { state_tables: ['carts'], tools: SHOP_TOOLS };

  it('names a tool the scenario does not define and parameters its schema refuses', () => {
    const problems = callProblems(
      [
        { tool_name: 'search_products', parameters: { name: 'apple' } },
        { tool_name: 'get_item_detials', parameters: { item_name: 42 } },
        { tool_name: 'add_to_cart', parameters: { user_id: 'u1', product_name: 'Green Apple', quantity: 'two' } },
      ],
      library,
    );
    expect(problems).toEqual([
      'call 2 (get_item_detials): the scenario\'s tools.json defines no tool "get_item_detials"',
      expect.stringMatching(/^call 3 \(add_to_cart\): quantity: /),
    ]);
  });

  it('finds nothing wrong with calls that fit, names trimmed as matching trims them', () => {
    expect(callProblems([{ tool_name: ' search_products ', parameters: { name: 'apple' } }], library)).toEqual([]);
  });
});

describe('decisionsFor: the choices that give a sequence of calls from the rows', () => {
  const call = (tool_name: string, parameters: Record<string, string | number>) => ({ tool_name, parameters });
  const search = call('search_products', { name: 'apple' });
  const add = (quantity: number) => call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity });
  const a = [search, add(1), call('view_cart', { user_id: 'u1' })];
  const b = [search, add(2)];
  const rows: AlignmentRow[] = [
    { kind: 'match', a: 0, b: 0 },
    { kind: 'near', a: 1, b: 1, differing: [] },
    { kind: 'onlyA', a: 2 },
  ];
  const merged = (target: ToolCall[]) => {
    const decisions = decisionsFor(rows, target, a, b);
    return mergeSequence(orderedRows([...rows, ...addedRows(decisions.added)], decisions.order), decisions.choices, a, b).calls;
  };

  it("gives back a ground truth of B's quantity without A's extra call, a call in another order, and an edited one", () => {
    expect(merged([search, add(2)])).toEqual([search, add(2)]);
    expect(decisionsFor(rows, [search, add(2)], a, b)!.choices['onlyA:2:']).toEqual({ choice: 'drop' });
    expect(merged([add(1), search])).toEqual([add(1), search]);
    // Keys in another order are the same call; a call neither wrote is an edit of a free row.
    expect(merged([{ parameters: { name: 'apple' }, tool_name: 'search_products' }, add(5)])).toEqual([search, add(5)]);
    expect(merged([])).toEqual([]);
  });

  it('adds rows for calls beyond the rows (a ground truth with more calls than both annotators wrote)', () => {
    const target = [add(7), add(8), add(9), add(10), search];
    expect(decisionsFor(rows, target, a, b).added).toBe(2);
    expect(merged(target)).toEqual(target);
  });

  it('reads an earlier comparison\'s merged sequence on rows whose calls are fewer without failing', () => {
    expect(merged([search])).toEqual([search]);
    const short: AlignmentRow[] = [{ kind: 'match', a: 0, b: 0 }, { kind: 'onlyA', a: 5 }];
    expect(mergeSequence(orderedRows(short, decisionsFor(short, [search], a, b).order), decisionsFor(short, [search], a, b).choices, a, b).calls).toEqual([search]);
  });
});
