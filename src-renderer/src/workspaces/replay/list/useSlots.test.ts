import { describe, expect, it } from 'vitest';
import { inSlotOrder } from './useSlots';

const window = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ index: from + i }));

describe('rows in slot order', () => {
  it('puts each item at index % slots, so a slot keeps its place as the window moves', () => {
    expect(inSlotOrder(window(0, 4), 5).map((i) => i.index)).toEqual([0, 1, 2, 3]);
    // Scrolled by three: items 5-7 took the slots of 0-2, in the same places.
    expect(inSlotOrder(window(3, 8), 5).map((i) => i.index)).toEqual([5, 6, 7, 3, 4]);
    expect(inSlotOrder(window(3, 8), 5).map((i) => i.index % 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves out empty slots and keeps every item once', () => {
    const items = window(98, 101);
    const ordered = inSlotOrder(items, 7);
    expect(ordered.map((i) => i.index % 7)).toEqual([0, 1, 2]);
    expect([...ordered].sort((a, b) => a.index - b.index)).toEqual(items);
  });
});
