import { describe, expect, it } from 'vitest';
import { SHOP_TOOLS } from '../../../shared/eval/test-support/shop';
import { callProblems } from './mergeCalls';

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
