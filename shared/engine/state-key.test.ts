// engine.stateKey() (from the rows changed since the seed) must agree with the full dump's key:
// two runs give equal keys exactly when their states are equal (SPEC §7).
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from './engine';
import { stateKey } from './state';
import { shopScenario, tool } from './test-scenario';
import type { ScenarioDef } from '../format/types';
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

// Also reals that differ in their 17th digit only (0.1 + 0.2 and 0.3), texts that differ after a NUL, and an integer past 32 bits.
const value = fc.constantFrom<unknown>(1, 1.0, '1', null, -0, 0, "it's", 2.5, 0.1 + 0.2, 0.3, 'a\u0000b', 'a\u0000c', 3000000000, 1e300);
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
  it('tells apart what SPEC §7 tells apart: reals in their 17th digit, texts after a NUL; a whole real is its integer', () => {
    const flag = (v: unknown) => keys([{ tool_name: 'set_note', parameters: { entry: 'a', flag: v } }]).logged;
    const note = (v: unknown) => keys([{ tool_name: 'set_note', parameters: { entry: 'a', note: v } }]).logged;
    expect(flag(0.1 + 0.2)).not.toBe(flag(0.3));
    expect(note('a\u0000b')).not.toBe(note('a\u0000c'));
    expect(flag(3000000000)).not.toBe(flag(3000000001));
    expect(flag(-0)).toBe(flag(0));
  });
  it('keys a whole real at the 64-bit edge as the equal integer (SQLite keeps -2^63 REAL in an INTEGER column)', () => {
    const insert = (literal: string) => tool(`put_${literal.length}`, 'write', [{ sql: `INSERT INTO log (entry, flag) VALUES ('a', ${literal})` }]);
    const asInteger = insert('-9223372036854775808');
    const asReal = insert('-9223372036854775808.0');
    const engine = createEngine(SQL, shopScenario([asInteger, asReal]));
    try {
      engine.call({ tool_name: asInteger.name, parameters: {} });
      const integerKey = engine.stateKey();
      engine.reset();
      engine.call({ tool_name: asReal.name, parameters: {} });
      expect(engine.stateKey()).toBe(integerKey);
    } finally {
      engine.close();
    }
  });
  it('follows a tool that changes the schema: a column added and set, or renamed, changes the key', () => {
    const addGift = tool('add_gift', 'write', [{ sql: 'ALTER TABLE cart ADD COLUMN gift INTEGER' }, { sql: 'UPDATE cart SET gift = 1' }]);
    const rename = tool('rename_qty', 'write', [{ sql: 'ALTER TABLE cart RENAME COLUMN quantity TO qty' }]);
    const bump = tool('bump', 'write', [{ sql: 'UPDATE cart SET qty = qty + 1' }]);
    for (const changeLog of [true, false]) {
      const engine = createEngine(SQL, shopScenario([addGift, rename, bump]), { changeLog });
      try {
        const seed = engine.stateKey();
        expect(engine.call({ tool_name: 'add_gift', parameters: {} }).ok).toBe(true);
        expect(engine.stateKey()).not.toBe(seed);
        engine.reset();
        expect(engine.stateKey()).toBe(seed);
        engine.call({ tool_name: 'rename_qty', parameters: {} });
        const renamed = engine.stateKey();
        expect(engine.call({ tool_name: 'bump', parameters: {} }).ok).toBe(true);
        expect(engine.stateKey()).not.toBe(renamed);
      } finally {
        engine.close();
      }
    }
  });
  it('where the schema may change, compares columns by name as state.ts does: added in either order alike, a rename not, a swapped rebuild alike', () => {
    const add = (name: string, column: string, value: number) => tool(name, 'write', [{ sql: `ALTER TABLE cart ADD COLUMN ${column} INTEGER` }, { sql: `UPDATE cart SET ${column} = ${value}` }]);
    const rebuild = tool('swap', 'write', [
      { sql: 'CREATE TABLE cart2 (quantity INTEGER NOT NULL, product_id INTEGER PRIMARY KEY)' },
      { sql: 'INSERT INTO cart2 SELECT quantity, product_id FROM cart' },
      { sql: 'DROP TABLE cart' },
      { sql: 'ALTER TABLE cart2 RENAME TO cart' },
    ]);
    const rename = tool('rename_qty', 'write', [{ sql: 'ALTER TABLE cart RENAME COLUMN quantity TO qty' }]);
    const drop = tool('drop_log', 'write', [{ sql: 'DROP TABLE log' }]);
    const engine = createEngine(SQL, shopScenario([add('add_gift', 'gift', 1), add('add_wrap', 'wrap', 2), rebuild, rename, drop]));
    const run = (...names: string[]) => {
      engine.reset();
      for (const name of names) expect(engine.call({ tool_name: name, parameters: {} }).ok).toBe(true);
      return { key: engine.stateKey(), dumped: stateKey(engine.state()) };
    };
    try {
      const seed = run();
      const giftWrap = run('add_gift', 'add_wrap');
      const wrapGift = run('add_wrap', 'add_gift');
      expect(giftWrap.key).toBe(wrapGift.key);
      expect(giftWrap.dumped).toBe(wrapGift.dumped);
      expect(run('swap')).toEqual(seed);
      const renamed = run('rename_qty');
      expect(renamed.key).not.toBe(seed.key);
      expect(renamed.dumped).not.toBe(seed.dumped);
      expect(run('drop_log').dumped).toBe(seed.dumped); // the log table is empty at the seed: dropped reads as empty
      expect(run()).toEqual(seed); // reset() undoes the schema too
    } finally {
      engine.close();
    }
  });
  it('without a change log, keys integers past 2^53 and text that is not UTF-8 by what SQLite holds', () => {
    const put = (name: string, literal: string) => tool(name, 'write', [{ sql: `INSERT INTO log (entry, flag, note) VALUES ('a', ${literal})` }]);
    const tools = [put('big1', "1733400000000000001, 'x'"), put('big2', "1733400000000000002, 'x'"), put('ff', "1, CAST(x'61FF' AS TEXT)"), put('fe', "1, CAST(x'61FE' AS TEXT)")];
    const engine = createEngine(SQL, shopScenario(tools), { changeLog: false });
    try {
      const keyOf = (name: string) => {
        engine.reset();
        engine.call({ tool_name: name, parameters: {} });
        return engine.stateKey();
      };
      expect(keyOf('big1')).not.toBe(keyOf('big2'));
      expect(keyOf('ff')).not.toBe(keyOf('fe'));
      expect(keyOf('big1')).toBe(keyOf('big1'));
    } finally {
      engine.close();
    }
  });
});

describe('engine.stateKey where a write can REPLACE (SQLite fires no delete trigger for the rows REPLACE removes)', () => {
  const setQty = (sql: string) =>
    tool('set_qty', 'write', [{ sql }], { parameters: { type: 'object', properties: { id: { type: 'integer' }, q: { type: 'integer' } } } });
  const moveProduct = tool('move_product', 'write', [{ sql: 'UPDATE OR REPLACE products SET id = :to WHERE id = :from' }], {
    parameters: { type: 'object', properties: { from: { type: 'integer' }, to: { type: 'integer' } } },
  });
  const logIt = tool('log_it', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('x')" }]);
  const variants: Array<[string, ScenarioDef]> = [
    ['INSERT OR REPLACE in a tool', shopScenario([setQty('INSERT OR REPLACE INTO cart (product_id, quantity) VALUES (:id, :q)')])],
    ['REPLACE INTO in a tool', shopScenario([setQty('REPLACE INTO cart (product_id, quantity) VALUES (:id, :q)')])],
    ['a table declared ON CONFLICT REPLACE', withSchema(shopScenario([setQty('INSERT INTO cart (product_id, quantity) VALUES (:id, :q)')]), (sql) => sql.replace('product_id INTEGER PRIMARY KEY,', 'product_id INTEGER PRIMARY KEY ON CONFLICT REPLACE,'))],
    // (inbox is no state table: only the trigger's REPLACE into cart shows in the state)
    ['a trigger that replaces', withSchema(shopScenario([setQty('INSERT INTO inbox VALUES (:id, :q)')]), (sql) => `${sql}\nCREATE TABLE inbox (id INTEGER, q INTEGER);\nCREATE TRIGGER inbox_to_cart AFTER INSERT ON inbox BEGIN INSERT OR REPLACE INTO cart VALUES (new.id, new.q); END;`)],
  ];
  const set = (id: number, q: number) => ({ tool_name: 'set_qty', parameters: { id, q } });

  function keysOf(scenario: ScenarioDef, calls: unknown[][]): { logged: string[]; dumped: string[] } {
    const a = createEngine(SQL, scenario);
    const b = createEngine(SQL, scenario, { changeLog: false });
    try {
      const run = (engine: ScenarioEngine, sequence: unknown[]) => {
        engine.reset();
        for (const c of sequence) expect(engine.call(c).ok).toBe(true);
        return engine.stateKey();
      };
      return { logged: calls.map((sequence) => run(a, sequence)), dumped: calls.map((sequence) => run(b, sequence)) };
    } finally {
      a.close();
      b.close();
    }
  }

  it.each(variants)('%s: a row replaced twice reads as replaced once, a replacement back to the seed reads as the seed', (_, scenario) => {
    // The seed's cart holds (3, 1).
    const { logged, dumped } = keysOf(scenario, [[set(3, 2), set(3, 4)], [set(3, 4)], [set(3, 1)], []]);
    expect(dumped[0]).toBe(dumped[1]);
    expect(dumped[2]).toBe(dumped[3]);
    expect(logged).toEqual(dumped);
  });

  it('UPDATE OR REPLACE: a row moved onto another takes its place', () => {
    const scenario = shopScenario([moveProduct, logIt]);
    const { logged, dumped } = keysOf(scenario, [[{ tool_name: 'move_product', parameters: { from: 2, to: 1 } }], [{ tool_name: 'log_it', parameters: {} }]]);
    expect(logged).toEqual(dumped);
    expect(logged[0]).not.toBe(logged[1]);
  });
});

function withSchema(scenario: ScenarioDef, edit: (sql: string) => string): ScenarioDef {
  return { ...scenario, schemaSql: edit(scenario.schemaSql) };
}
