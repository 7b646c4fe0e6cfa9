// engine.stateKey() (from the rows changed since the seed) must agree with the full dump's key:
// two runs give equal keys exactly when their states are equal (SPEC §7).
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from './engine';
import { stateKey } from './state';
import { shopScenario, tool } from './test-scenario';
import type { ScenarioEngine } from './types';

let SQL: SqlJsStatic;
let logged: ScenarioEngine;
let dumped: ScenarioEngine;

// Writes that can undo each other, write equal values in another type (1 vs 1.0, '1' vs 1), and fail midway.
const setNote = tool('set_note', 'write', [{ sql: 'INSERT INTO log (entry, note, flag) VALUES (:entry, :note, :flag)' }], {
  parameters: { type: 'object', properties: { entry: { type: 'string' }, note: {}, flag: {} } },
});
const clearLog = tool('clear_log', 'write', [{ sql: 'DELETE FROM log WHERE entry = :entry' }], { parameters: { type: 'object', properties: { entry: { type: 'string' } } } });
const restock = tool('restock', 'write', [{ sql: 'UPDATE products SET stock = stock + :n WHERE id = 1' }, { sql: 'SELECT 1 WHERE :n < 3', expect: 'one', error: 'too many' }], {
  parameters: { type: 'object', properties: { n: { type: 'integer' } } },
});

beforeAll(async () => {
  SQL = await loadSqlJs();
  logged = createEngine(SQL, shopScenario([setNote, clearLog, restock]));
  dumped = createEngine(SQL, shopScenario([setNote, clearLog, restock]), { changeLog: false });
});
afterAll(() => {
  logged.close();
  dumped.close();
});

const value = fc.oneof(fc.constant(1), fc.constant(1.0), fc.constant('1'), fc.constant(null), fc.constant(-0), fc.constant(0), fc.constant("it's"), fc.constant(2.5));
const callArb = fc.oneof(
  fc.record({ tool_name: fc.constant('set_note'), parameters: fc.record({ entry: fc.constantFrom('a', 'b'), note: value, flag: value }) }),
  fc.record({ tool_name: fc.constant('clear_log'), parameters: fc.record({ entry: fc.constantFrom('a', 'b') }) }),
  fc.record({ tool_name: fc.constant('restock'), parameters: fc.record({ n: fc.integer({ min: -2, max: 4 }) }) }),
  fc.record({ tool_name: fc.constant('add_to_cart'), parameters: fc.record({ product_name: fc.constantFrom('green', 'coffee', 'black'), quantity: fc.integer({ min: 1, max: 3 }) }) }),
);

function keys(calls: unknown[]): { logged: string; dumped: string } {
  logged.reset();
  for (const c of calls) logged.call(c);
  dumped.reset();
  for (const c of calls) dumped.call(c);
  return { logged: logged.stateKey(), dumped: stateKey(dumped.state()) };
}

describe('engine.stateKey', () => {
  it('is equal for two runs exactly when the dumped states are equal', () => {
    fc.assert(
      fc.property(fc.array(callArb, { maxLength: 6 }), fc.array(callArb, { maxLength: 6 }), (a, b) => {
        const ka = keys(a);
        const kb = keys(b);
        expect(ka.logged === kb.logged).toBe(ka.dumped === kb.dumped);
      }),
      { numRuns: 400 },
    );
  });
  it('a write undone reads as the seed; 1 and 1.0 read alike, 1 and 2 do not; a failed call changes nothing', () => {
    const seed = keys([]).logged;
    expect(keys([{ tool_name: 'set_note', parameters: { entry: 'a' } }, { tool_name: 'clear_log', parameters: { entry: 'a' } }]).logged).toBe(seed);
    const note = (v: unknown) => keys([{ tool_name: 'set_note', parameters: { entry: 'a', note: v } }]).logged;
    expect(note(1)).toBe(note(1.0));
    expect(note(1)).not.toBe(note(2));
    expect(keys([{ tool_name: 'restock', parameters: { n: 5 } }]).logged).toBe(seed); // failed midway: changes nothing
  });
});
