import { describe, expect, it } from 'vitest';
import { closestCall } from './closestCall';

const call = (tool_name: string, parameters: Record<string, unknown>) => ({ tool_name, parameters }) as never;

describe('closestCall', () => {
  const truth = call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', qty: 2 });

  it('picks the unmatched call of the same tool with the fewest differing parameters, and says how each differs', () => {
    const found = closestCall(truth, [
      { index: 3, call: call('search', { name: 'apple' }) },
      { index: 5, call: call('add_to_cart', { user_id: 'u2', product_name: 'Red Apple', qty: 2 }) },
      { index: 7, call: call('add_to_cart', { product_name: 'Green Apple', qty: 2, note: 'x' }) },
      { index: 9, call: call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', qty: 1 }) },
    ]);
    expect(found).toEqual({ index: 9, differences: [{ param: 'qty', truth: 2, agent: 1 }] });
    // A parameter only one side gives is a difference too.
    expect(closestCall(truth, [{ index: 7, call: call('add_to_cart', { product_name: 'Green Apple', qty: 2, note: 'x' }) }])?.differences).toEqual([
      { param: 'user_id', truth: 'u1', agent: undefined },
      { param: 'note', truth: undefined, agent: 'x' },
    ]);
  });

  it('finds none without a call of that tool; the first of equals wins', () => {
    expect(closestCall(truth, [{ index: 1, call: call('search', {}) }])).toBeNull();
    expect(closestCall(truth, [{ index: 2, call: call('add_to_cart', { qty: 1 }) }, { index: 4, call: call('add_to_cart', { qty: 3 }) }])?.index).toBe(2);
  });
});
