import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('keeps up to its limit, then starts afresh with the entry that did not fit', () => {
    const memo = new BoundedMap<string, number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('b', 3); // full: a set clears first, whatever the key
    expect([memo.get('a'), memo.get('b')]).toEqual([undefined, 3]);
    memo.set('c', 4);
    expect([memo.get('b'), memo.get('c')]).toEqual([3, 4]);
  });
});
