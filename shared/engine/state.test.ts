import { describe, expect, it } from 'vitest';
import { diffStates, stateKey, statesEqual } from './state';
import type { DbState } from './types';

describe('stateKey / statesEqual (SPEC §7)', () => {
  const base: DbState = {
    cart: [
      { id: 1, qty: 2 },
      { id: 2, qty: 1 },
    ],
    log: [],
  };

  it('ignores row order and table order', () => {
    const shuffled: DbState = { log: [], cart: [{ id: 2, qty: 1 }, { id: 1, qty: 2 }] };
    expect(stateKey(shuffled)).toBe(stateKey(base));
  });

  it('ignores the order of a row’s columns', () => {
    expect(statesEqual({ t: [{ a: 1, b: 'x' }] }, { t: [{ b: 'x', a: 1 }] })).toBe(true);
  });

  it('counts duplicate rows', () => {
    const twice: DbState = { t: [{ a: 1 }, { a: 1 }, { a: 2 }] };
    const once: DbState = { t: [{ a: 1 }, { a: 2 }, { a: 2 }] };
    expect(statesEqual(twice, once)).toBe(false);
    expect(statesEqual(twice, { t: [{ a: 2 }, { a: 1 }, { a: 1 }] })).toBe(true);
  });

  it('compares numbers as numbers and keeps types apart', () => {
    expect(statesEqual({ t: [{ a: 1 }] }, { t: [{ a: 1.0 }] })).toBe(true);
    expect(statesEqual({ t: [{ a: 0 }] }, { t: [{ a: -0 }] })).toBe(true);
    expect(statesEqual({ t: [{ a: '1' }] }, { t: [{ a: 1 }] })).toBe(false);
    expect(statesEqual({ t: [{ a: null }] }, { t: [{ a: '' }] })).toBe(false);
    expect(statesEqual({ t: [{ a: null }] }, { t: [{ a: 'null' }] })).toBe(false);
    expect(statesEqual({ t: [{ a: 1.5 }] }, { t: [{ a: 1.50001 }] })).toBe(false);
  });

  it('compares text exactly and blobs by bytes', () => {
    expect(statesEqual({ t: [{ a: 'Tea' }] }, { t: [{ a: 'tea' }] })).toBe(false);
    expect(statesEqual({ t: [{ a: 'tea ' }] }, { t: [{ a: 'tea' }] })).toBe(false);
    expect(statesEqual({ t: [{ a: new Uint8Array([1, 2]) }] }, { t: [{ a: new Uint8Array([1, 2]) }] })).toBe(true);
    expect(statesEqual({ t: [{ a: new Uint8Array([1, 2]) }] }, { t: [{ a: new Uint8Array([1, 3]) }] })).toBe(false);
    expect(statesEqual({ t: [{ a: new Uint8Array([0x61]) }] }, { t: [{ a: 'a' }] })).toBe(false);
  });

  it('cannot be fooled by separators inside text', () => {
    expect(statesEqual({ t: [{ a: 'x","b":"y' }] }, { t: [{ a: 'x', b: 'y' }] })).toBe(false);
    expect(statesEqual({ t: [{ a: 'p' }, { a: 'q' }] }, { t: [{ a: 'p},{"a":q' }] })).toBe(false);
  });

  it('tells tables apart and reads an empty table as a missing one', () => {
    expect(statesEqual({ a: [{ x: 1 }], b: [] }, { a: [], b: [{ x: 1 }] })).toBe(false);
    expect(statesEqual({ a: [{ x: 1 }], b: [] }, { a: [{ x: 1 }] })).toBe(true);
  });
});

describe('diffStates', () => {
  const keys = (table: string) => (table === 'cart' ? ['id'] : []);

  it('matches rows by primary key and names the changed columns', () => {
    const before: DbState = { cart: [{ id: 1, qty: 2, note: 'a' }, { id: 2, qty: 1, note: null }, { id: 3, qty: 1, note: null }] };
    const after: DbState = { cart: [{ id: 3, qty: 1, note: null }, { id: 1, qty: 5, note: 'b' }, { id: 4, qty: 1, note: null }] };
    expect(diffStates(before, after, keys)).toEqual([
      {
        table: 'cart',
        added: [{ id: 4, qty: 1, note: null }],
        removed: [{ id: 2, qty: 1, note: null }],
        changed: [{ key: { id: 1 }, before: { id: 1, qty: 2, note: 'a' }, after: { id: 1, qty: 5, note: 'b' }, columns: ['qty', 'note'] }],
      },
    ]);
  });

  it('compares tables without a key as multisets', () => {
    const before: DbState = { log: [{ e: 'a' }, { e: 'a' }, { e: 'b' }] };
    const after: DbState = { log: [{ e: 'b' }, { e: 'a' }, { e: 'c' }] };
    expect(diffStates(before, after, keys)).toEqual([{ table: 'log', added: [{ e: 'c' }], removed: [{ e: 'a' }], changed: [] }]);
  });

  it('falls back to multisets when key values repeat', () => {
    const before: DbState = { cart: [{ id: 1, qty: 1 }, { id: 1, qty: 2 }] };
    const after: DbState = { cart: [{ id: 1, qty: 1 }, { id: 1, qty: 3 }] };
    expect(diffStates(before, after, keys)).toEqual([{ table: 'cart', added: [{ id: 1, qty: 3 }], removed: [{ id: 1, qty: 2 }], changed: [] }]);
  });

  it('lists only tables that differ, including tables on one side only', () => {
    const before: DbState = { cart: [{ id: 1, qty: 1 }], old: [{ x: 1 }] };
    const after: DbState = { cart: [{ id: 1, qty: 1.0 }], fresh: [{ y: 2 }] };
    expect(diffStates(before, after, keys)).toEqual([
      { table: 'old', added: [], removed: [{ x: 1 }], changed: [] },
      { table: 'fresh', added: [{ y: 2 }], removed: [], changed: [] },
    ]);
    expect(diffStates(before, before, keys)).toEqual([]);
  });
});
