import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from '../engine/engine';
import type { ToolCall, ToolDef } from '../format/types';
import { ReplayCache } from './replay';
import { call, SHOP_DATA, SHOP_SCHEMA, SHOP_TOOLS } from './test-support/shop';

/** Writes that fail in every way the engine knows: keeping their earlier steps (x-partial), or undone whole by SQLite. */
const FAILING_WRITES: ToolDef[] = [
  {
    name: 'stock_up',
    description: 'A line for the user, then a check that may fail: the line stays (x-partial)',
    parameters: { type: 'object', properties: { user_id: { type: 'string' }, product_name: { type: 'string' } }, required: ['user_id', 'product_name'] },
    effect: 'write',
    'x-partial': true,
    steps: [
      { sql: "INSERT INTO carts (user_id, product_name, quantity) VALUES (:user_id, 'Kept', 1)" },
      { sql: 'SELECT 1 FROM products WHERE product_name = :product_name', expect: 'one' },
    ],
    returns: { status: 'success' },
  },
  {
    name: 'set_list_partial',
    description: 'set_list, x-partial: a forbidden list makes SQLite roll back the whole transaction',
    parameters: { type: 'object', properties: { user_id: { type: 'string' }, items: { type: 'array', items: { type: 'string' } } }, required: ['user_id', 'items'] },
    effect: 'write',
    'x-partial': true,
    steps: [{ sql: 'DELETE FROM lists WHERE user_id = :user_id' }, { sql: 'INSERT INTO lists (user_id, items) VALUES (:user_id, :items)' }],
    returns: { status: 'success' },
  },
];
const FORBIDDEN_LIST = `CREATE TRIGGER no_forbidden BEFORE INSERT ON lists WHEN NEW.items = '["forbidden"]' BEGIN SELECT RAISE(ROLLBACK, 'forbidden list'); END;`;

describe('ReplayCache', () => {
  it('gives the results and final state a full run from the seed gives, across many sequences sharing one cache and engine', async () => {
    const SQL = await loadSqlJs();
    const scenario = { id: 'shop', schemaSql: SHOP_SCHEMA + FORBIDDEN_LIST, dataSql: SHOP_DATA, library: { state_tables: ['carts', 'lists'], tools: [...SHOP_TOOLS, ...FAILING_WRITES] } };
    const engine = createEngine(SQL, scenario);
    const reference = createEngine(SQL, scenario);
    const cache = new ReplayCache(engine, new Set(['add_to_cart', 'set_list', 'stock_up', 'set_list_partial']));
    const list = fc.array(fc.constantFrom('a', 'b', 'forbidden'), { maxLength: 2 });
    const anyCall = fc.oneof(
      fc.constantFrom('apple', 'cola', 'milk').map((name) => call('search_products', { name })),
      fc.record({ user_id: fc.constant('u1'), product_name: fc.constantFrom('Green Apple', 'Milk', 'Kiwi'), quantity: fc.integer({ min: 0, max: 3 }) }).map((p) => call('add_to_cart', p)),
      list.map((items) => call('set_list', { user_id: 'u1', items })),
      list.map((items) => call('set_list_partial', { user_id: 'u1', items })),
      fc.constantFrom('Whole Milk', 'Kiwi').map((product_name) => call('stock_up', { user_id: 'u1', product_name })),
    );
    fc.assert(
      fc.property(fc.array(anyCall, { minLength: 1, maxLength: 8 }), fc.nat(), fc.array(anyCall, { maxLength: 3 }), (calls, cut, meanwhile) => {
        const upTo = cut % calls.length;
        const expected = reference.execute(calls).results.slice(0, upTo + 1).map((r) => r.result);
        expect(cache.results(calls as ToolCall[], upTo)).toEqual(expected);
        // Final states share the same tree of write sequences as the replayed results.
        expect(cache.finalStateKey(calls as ToolCall[])).toBe(reference.stateKey());
        // Others use the engine between runs (the egobench profile dumps states on it).
        engine.execute(meanwhile);
      }),
      { numRuns: 400 },
    );
    engine.close();
    reference.close();
  });
});
