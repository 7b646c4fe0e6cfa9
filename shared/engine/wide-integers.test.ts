// Integers past 32 bits reach SQLite as INTEGER, as Python's sqlite3 binds them (sql.js alone
// bound them as REAL: an order number 3000000000 compared with a TEXT column read '3000000000.0').
import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../src-main/test-support/engine-fixture';
import { tool } from './test-scenario';
import { isWideInteger, parameterSpans, widenParameters } from './wide-integers';

describe('parameterSpans', () => {
  it('finds parameters where SQLite reads them, not in strings, quoted names or comments', () => {
    const sql = `SELECT ':a', ":b", \`:c\`, [:d], 'it''s :e', :f, @g, $h -- :i\n/* :j */ FROM t WHERE x$y = :k AND z = "q"":l"`;
    expect(parameterSpans(sql).map((s) => s.token)).toEqual([':f', '@g', '$h', ':k']);
    expect(parameterSpans("SELECT ?, ?12, '?3' -- ?4").map((s) => s.token)).toEqual(['?', '?12']);
  });

  it('rewrites each bound parameter through its partner, every occurrence, and leaves others alone', () => {
    const widened = widenParameters("SELECT :id, ':id' WHERE a = :id OR b = :n", [':id', ':n', ':absent']);
    const id = '(CASE WHEN :egostudio_int64_0 IS NULL THEN :id ELSE CAST(:egostudio_int64_0 AS INTEGER) END)';
    const n = '(CASE WHEN :egostudio_int64_1 IS NULL THEN :n ELSE CAST(:egostudio_int64_1 AS INTEGER) END)';
    expect(widened?.sql).toBe(`SELECT ${id}, ':id' WHERE a = ${id} OR b = ${n}`);
    expect(widenParameters("SELECT ':id'", [':id'])).toBeNull();
    // Numbered parameters take slots by position: partners would take theirs, so such a statement stays as it is.
    expect(widenParameters('SELECT :a, ?1', [':a'])).toBeNull();
  });

  it('takes only whole numbers past 32 bits that fit 64', () => {
    expect([2147483647, -2147483648, 2147483648, -2147483649, 3e9, 3.5e9 + 0.5, 2 ** 63, 'x', null].map((v) => isWideInteger(v as number))).toEqual([
      false, false, true, true, true, false, false, false, false,
    ]);
  });
});

describe('an engine binding wide integers', () => {
  const { shop } = engineFixture();
  const integer = { type: 'integer' } as const;
  const probe = tool('probe', 'read', [{ as: 'r', sql: "SELECT typeof(:v) AS type, :v AS value, ':v' AS literal, 'ORD-' || :v AS text" }], {
    parameters: { type: 'object', properties: { v: { type: 'number' } } },
    returns: '$first.r',
  });
  const log = tool('log_number', 'write', [{ sql: 'INSERT INTO log (entry, flag) VALUES (:v, :v)' }], { parameters: { type: 'object', properties: { v: integer } } });
  const find = tool('find_entry', 'read', [{ as: 'r', sql: 'SELECT entry FROM log WHERE entry = :v', expect: 'one', error: 'no entry {v}' }], {
    parameters: { type: 'object', properties: { v: integer } },
    returns: '$value.r.entry',
  });
  const engine = () => shop(probe, log, find);
  const call = (tool_name: string, v: number) => ({ tool_name, parameters: { v } });

  it('binds 3000000000 as INTEGER, as 7 is: its type, value and text, and string literals untouched', () => {
    const e = engine();
    expect(e.call(call('probe', 7)).result).toEqual({ type: 'integer', value: 7, literal: ':v', text: 'ORD-7' });
    expect(e.call(call('probe', 3000000000)).result).toEqual({ type: 'integer', value: 3000000000, literal: ':v', text: 'ORD-3000000000' });
    expect(e.call(call('probe', -3000000000)).result).toEqual({ type: 'integer', value: -3000000000, literal: ':v', text: 'ORD--3000000000' });
    expect(e.call(call('probe', 3000000000.5)).result).toMatchObject({ type: 'real', value: 3000000000.5 });
  });

  it('takes it where SQLite refuses a function: a window frame offset beside a wide value', () => {
    const window = tool('window', 'read', [{ as: 'r', sql: 'SELECT id, sum(stock) OVER (ORDER BY id ROWS BETWEEN :n PRECEDING AND CURRENT ROW) AS s FROM products WHERE id <> :order ORDER BY id' }], {
      parameters: { type: 'object', properties: { n: integer, order: integer } },
      returns: '$rows.r',
    });
    const e = shop(window);
    const rows = [{ id: 1, s: 10 }, { id: 2, s: 10 }, { id: 3, s: 5 }];
    expect(e.call({ tool_name: 'window', parameters: { n: 1, order: 7 } })).toEqual({ ok: true, result: rows });
    expect(e.call({ tool_name: 'window', parameters: { n: 1, order: 3000000000 } })).toEqual({ ok: true, result: rows });
  });

  it("names a column by its SQL text as written, whatever the value's width", () => {
    const named = tool('named', 'read', [{ as: 'r', sql: "SELECT 'ORD-' || :v FROM products WHERE id = 1" }], { parameters: { type: 'object', properties: { v: integer } }, returns: '$first.r' });
    const e = shop(named);
    expect(e.call(call('named', 7)).result).toEqual({ "'ORD-' || :v": 'ORD-7' });
    expect(e.call(call('named', 3000000000)).result).toEqual({ "'ORD-' || :v": 'ORD-3000000000' });
  });

  it('stores it in a TEXT column as its digits and finds it there again (the state and a later query agree)', () => {
    const e = engine();
    expect(e.call(call('log_number', 3000000000)).ok).toBe(true);
    expect(e.state().log).toEqual([{ entry: '3000000000', payload: null, flag: 3000000000, note: null, kind: null }]);
    expect(e.call(call('find_entry', 3000000000))).toEqual({ ok: true, result: '3000000000' });
    // The same statement then binds a small number the plain way.
    expect(e.call(call('log_number', 5)).ok).toBe(true);
    expect(e.call(call('find_entry', 5))).toEqual({ ok: true, result: '5' });
  });
});
