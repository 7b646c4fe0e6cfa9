import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import type { ScenarioDef } from '../format/types';
import { createEngine } from './engine';
import { diffStates } from './state';
import { shopScenario } from './test-scenario';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

const minimal = (schemaSql: string, dataSql: string, state_tables: string[] = []): ScenarioDef => ({
  id: 'mini',
  schemaSql,
  dataSql,
  library: { state_tables, tools: [] },
});

describe('seeding', () => {
  it('names the scenario, the file and the statement that fails', () => {
    expect(() => createEngine(SQL, minimal('CREATE TABLE t (a INTEGER);', "INSERT INTO t VALUES (1);\nINSERT INTO nowhere VALUES (2);"))).toThrow(
      'scenario "mini": data.sql line 2 failed at "INSERT INTO nowhere VALUES (2);": no such table: nowhere',
    );
    expect(() => createEngine(SQL, minimal('CREATE TABLE t (a INTEGER PRIMARY KEY);', 'INSERT INTO t VALUES (1); INSERT INTO t VALUES (1);'))).toThrow(
      /data\.sql line 1 failed at "INSERT INTO t VALUES \(1\);": UNIQUE constraint failed/,
    );
    expect(() => createEngine(SQL, minimal('CREATE TABLE t (a INTEGER);\n-- a comment\n\n  CREATE TABLEX u (b);\nCREATE TABLE v (c);', ''))).toThrow(
      /schema\.sql line 4 failed at "CREATE TABLEX u \(b\);": .*syntax error/,
    );
  });

  it('accepts scripts that manage their own transaction, as sqlite3 .dump writes them', () => {
    const engine = createEngine(SQL, minimal('PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE t (a);\nCOMMIT;', 'BEGIN; INSERT INTO t VALUES (1); COMMIT;', ['t']));
    expect(engine.state()).toEqual({ t: [{ a: 1 }] });
    engine.close();
  });

  it('says which seed line leaves the database read-only (PRAGMA query_only), instead of failing what comes after', () => {
    expect(() => createEngine(SQL, minimal('CREATE TABLE t (a);', 'INSERT INTO t VALUES (1);\n\npragma  QUERY_ONLY = 1;', ['t']))).toThrow(
      'scenario "mini": data.sql line 3: PRAGMA query_only leaves the seed database read-only, and tools must write to it; remove the statement',
    );
    expect(() => createEngine(SQL, minimal('PRAGMA main.query_only = ON;', '', []))).toThrow(/schema\.sql line 1: PRAGMA query_only/);
    // Set and cleared again: nothing to say.
    createEngine(SQL, minimal('CREATE TABLE t (a);', 'PRAGMA query_only = 1; PRAGMA query_only = 0;', ['t'])).close();
  });

  it('rejects a state table that the schema does not create', () => {
    expect(() => createEngine(SQL, minimal('CREATE TABLE t (a);', '', ['t', 'missing']))).toThrow('scenario "mini": tools.json state_tables names missing table(s): missing');
  });
});

describe('state()', () => {
  it('reads the state tables in library order with rows sorted by their columns', () => {
    const engine = createEngine(SQL, minimal('CREATE TABLE t (a, b); CREATE TABLE u (c);', "INSERT INTO t VALUES (2, 'x'), (1, 'z'), (1, 'y'); INSERT INTO u VALUES (1);", ['t']));
    expect(engine.state()).toEqual({ t: [{ a: 1, b: 'y' }, { a: 1, b: 'z' }, { a: 2, b: 'x' }] });
    engine.close();
  });

  it('keeps blobs, reals and NULLs as SQLite stores them', () => {
    const engine = createEngine(SQL, minimal('CREATE TABLE t (a, b, c);', "INSERT INTO t VALUES (x'0102', 2.5, NULL);", ['t']));
    expect(engine.state()).toEqual({ t: [{ a: new Uint8Array([1, 2]), b: 2.5, c: null }] });
    engine.close();
  });
});

describe('seed facts', () => {
  it('lists every TEXT value of the seed, even after writes', () => {
    const engine = createEngine(SQL, shopScenario());
    engine.call({ tool_name: 'log_event', parameters: { entry: 'written later' } });
    expect([...engine.seedTextValues()].sort()).toEqual(['Black Tea', 'Coffee Beans', 'Green Tea', '["organic"]']);
    engine.close();
  });

  it('finds entity rows whose column and the string contain one another, case-insensitively', () => {
    const engine = createEngine(SQL, shopScenario());
    expect(engine.entityMatches('products', 'name', 'TEA')).toEqual(new Set([1, 2]));
    expect(engine.entityMatches('products', 'name', 'a cup of green tea please')).toEqual(new Set([1]));
    expect(engine.entityMatches('PRODUCTS', 'Name', 'coffee')).toEqual(new Set([3]));
    expect(engine.entityMatches('products', 'name', 'juice')).toEqual(new Set());
    expect(engine.entityMatches('products', 'price', '12.25')).toEqual(new Set([3]));
    engine.close();
  });

  it('matches nothing for an unknown table or column, and cannot be injected', () => {
    const engine = createEngine(SQL, shopScenario());
    expect(engine.entityMatches('nowhere', 'name', 'tea')).toEqual(new Set());
    expect(engine.entityMatches('products', 'name FROM products; DROP TABLE cart; --', 'tea')).toEqual(new Set());
    expect(engine.entityMatches('products; DROP TABLE cart', 'name', 'tea')).toEqual(new Set());
    expect(engine.state().cart).toEqual([{ product_id: 3, quantity: 1 }]);
    engine.close();
  });

  it('answers from the seed while the live database is changed', () => {
    const engine = createEngine(SQL, shopScenario());
    engine.call({ tool_name: 'add_to_cart', parameters: { product_name: 'green' } });
    expect(engine.entityMatches('cart', 'product_id', '1')).toEqual(new Set()); // the new cart row is not seed
    expect(engine.entityMatches('cart', 'product_id', '3')).toEqual(new Set([3]));
    engine.close();
  });

  it('keeps the live state as it was after answering from the seed: same rows, same key, same writes, and the next call runs on them', () => {
    const engine = createEngine(SQL, shopScenario());
    const plain = createEngine(SQL, shopScenario());
    const writes = [
      { tool_name: 'add_to_cart', parameters: { product_name: 'green' } },
      { tool_name: 'add_to_cart', parameters: { product_name: 'coffee', quantity: 2 } },
    ];
    for (const call of writes) {
      engine.call(call);
      plain.call(call);
    }
    expect(engine.seedTextValues().has('Green Tea')).toBe(true);
    expect(engine.entityMatches('cart', 'product_id', '3')).toEqual(new Set([3]));
    expect(engine.writesApplied()).toBe(2);
    expect(engine.state()).toEqual(plain.state());
    expect(engine.stateKey()).toBe(plain.stateKey());
    const next = { tool_name: 'add_to_cart', parameters: { product_name: 'green' } };
    expect(engine.call(next)).toEqual(plain.call(next));
    expect(engine.state()).toEqual(plain.state());
    engine.reset();
    plain.reset();
    expect(engine.stateKey()).toBe(plain.stateKey());
    engine.close();
    plain.close();
  });

  it('numbers the rows of a WITHOUT ROWID table', () => {
    const engine = createEngine(SQL, minimal('CREATE TABLE k (code TEXT PRIMARY KEY, label TEXT) WITHOUT ROWID;', "INSERT INTO k VALUES ('b', 'Beta'), ('a', 'Alpha');"));
    expect(engine.entityMatches('k', 'label', 'alpha').size).toBe(1);
    expect(engine.entityMatches('k', 'label', 'a')).toEqual(new Set([1, 2]));
    engine.close();
  });

  it('exposes primary keys for diffStates', () => {
    const engine = createEngine(SQL, minimal('CREATE TABLE p (a, b, c, PRIMARY KEY (b, a)); CREATE TABLE n (x);', '', ['p', 'n']));
    expect(engine.primaryKeys('p')).toEqual(['b', 'a']);
    expect(engine.primaryKeys('n')).toEqual([]);
    expect(engine.primaryKeys('nowhere')).toEqual([]);
    engine.close();
  });

  it('diffs an executed state against the seed by primary key', () => {
    const engine = createEngine(SQL, shopScenario());
    const seed = engine.state();
    const { state } = engine.execute([{ tool_name: 'add_to_cart', parameters: { product_name: 'coffee', quantity: 2 } }]);
    const diff = diffStates(seed, state, (table) => engine.primaryKeys(table));
    expect(diff).toEqual([
      { table: 'cart', added: [], removed: [], changed: [{ key: { product_id: 3 }, before: { product_id: 3, quantity: 1 }, after: { product_id: 3, quantity: 3 }, columns: ['quantity'] }] },
      { table: 'products', added: [], removed: [], changed: [expect.objectContaining({ key: { id: 3 }, columns: ['stock'] })] },
    ]);
    engine.close();
  });
});
