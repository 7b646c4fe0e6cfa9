import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from '../engine/engine';
import type { ToolCall } from '../format/types';
import { ReplayCache } from './replay';
import { call, SHOP_DATA, SHOP_SCHEMA, SHOP_TOOLS } from './test-support/shop';

describe('ReplayCache', () => {
  it('gives the results and final state a full run from the seed gives, across many sequences sharing one cache', async () => {
    const SQL = await loadSqlJs();
    const scenario = { id: 'shop', schemaSql: SHOP_SCHEMA, dataSql: SHOP_DATA, library: { state_tables: ['carts', 'lists'], tools: SHOP_TOOLS } };
    const engine = createEngine(SQL, scenario);
    const reference = createEngine(SQL, scenario);
    const cache = new ReplayCache(engine, new Set(['add_to_cart', 'set_list']));
    const anyCall = fc.oneof(
      fc.constantFrom('apple', 'cola', 'milk').map((name) => call('search_products', { name })),
      fc.record({ user_id: fc.constant('u1'), product_name: fc.constantFrom('Green Apple', 'Milk', 'Kiwi'), quantity: fc.integer({ min: 0, max: 3 }) }).map((p) => call('add_to_cart', p)),
      fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }).map((items) => call('set_list', { user_id: 'u1', items })),
    );
    fc.assert(
      fc.property(fc.array(anyCall, { minLength: 1, maxLength: 8 }), fc.nat(), (calls, cut) => {
        const upTo = cut % calls.length;
        const expected = reference.execute(calls).results.slice(0, upTo + 1).map((r) => r.result);
        expect(cache.results(calls as ToolCall[], upTo)).toEqual(expected);
        // Final states share the same tree of write sequences as the replayed results.
        expect(cache.finalStateKey(calls as ToolCall[])).toBe(reference.stateKey());
      }),
      { numRuns: 300 },
    );
    engine.close();
    reference.close();
  });
});
