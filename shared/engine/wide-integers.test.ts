// Integers past 32 bits reach SQLite as INTEGER, as Python's sqlite3 binds them (sql.js alone
// bound them as REAL: an order number 3000000000 compared with a TEXT column read '3000000000.0');
// and a whole REAL that a bind step read goes on as REAL (sql.js alone bound 4.0 as the INTEGER 4).
import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../src-main/test-support/engine-fixture';
import { tool } from './test-scenario';
import { isWideInteger, parameterSpans, widenedBindings, widenParameters } from './wide-integers';

describe('parameterSpans', () => {
  it('finds parameters where SQLite reads them, not in strings, quoted names or comments', () => {
    const sql = `SELECT ':a', ":b", \`:c\`, [:d], 'it''s :e', :f, @g, $h -- :i\n/* :j */ FROM t WHERE x$y = :k AND z = "q"":l"`;
    expect(parameterSpans(sql).map((s) => s.token)).toEqual([':f', '@g', '$h', ':k']);
    expect(parameterSpans("SELECT ?, ?12, '?3' -- ?4").map((s) => s.token)).toEqual(['?', '?12']);
  });

  it('rewrites each bound parameter through its partner, every occurrence, and leaves others alone', () => {
    const widened = widenParameters("SELECT :id, ':id' WHERE a = :id OR b = :n", [':id', ':n', ':absent']);
    const through = (token: string, k: number) =>
      `(CASE WHEN :egostudio_int64_${k} IS NOT NULL THEN CAST(:egostudio_int64_${k} AS INTEGER) WHEN :egostudio_real_${k} IS NOT NULL THEN CAST(:egostudio_real_${k} AS REAL) ELSE ${token} END)`;
    expect(widened?.sql).toBe(`SELECT ${through(':id', 0)}, ':id' WHERE a = ${through(':id', 0)} OR b = ${through(':n', 1)}`);
    // A partner's name the statement already holds gets longer.
    expect(widenParameters('SELECT :v, :egostudio_int64_0', [':v'])?.partners.get(':v')).toEqual({ int: ':egostudio_int64_0_', real: ':egostudio_real_0' });
    expect(widenParameters("SELECT ':id'", [':id'])).toBeNull();
    // Numbered parameters take slots by position: partners would take theirs, so such a statement stays as it is.
    expect(widenParameters('SELECT :a, ?1', [':a'])).toBeNull();
  });

  it('binds a wide integer through its int partner, a REAL through its real one, anything else as it is', () => {
    const { partners } = widenParameters('SELECT :a, :b, :c', [':a', ':b', ':c'])!;
    const bindings = widenedBindings({ ':a': 3000000000, ':b': 4, ':c': 5 }, partners, new Set([':b']));
    expect(bindings).toEqual({
      ':a': null, ':egostudio_int64_0': '3000000000', ':egostudio_real_0': null,
      ':b': null, ':egostudio_int64_1': null, ':egostudio_real_1': 4,
      ':c': 5, ':egostudio_int64_2': null, ':egostudio_real_2': null,
    });
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

describe('an engine binding the columns of a bind step with their types', () => {
  const { shop } = engineFixture();
  /** Binds a product's price (REAL: Black Tea's is 4.0) and stock (INTEGER), then reads them as the next step sees them. */
  const priced = tool(
    'priced',
    'read',
    [
      { sql: 'SELECT price, stock, price * 1000000000 AS big, CAST(price AS INTEGER) AS whole FROM products WHERE name = :name', bind: true },
      { as: 'r', sql: "SELECT typeof(:price) AS type, :price / 8 AS eighth, :price || '' AS text, typeof(:stock) AS stock_type, :stock / 8 AS stock_eighth, typeof(:big) AS big_type, :big AS big, typeof(:whole) AS whole_type" },
    ],
    { parameters: { type: 'object', properties: { name: { type: 'string' } } }, returns: '$first.r' },
  );
  /** Stores a bound price in a TEXT column, and a wide bound integer beside it. */
  const logPrice = tool(
    'log_price',
    'write',
    [
      { sql: 'SELECT price, 3000000000 AS wide FROM products WHERE name = :name', bind: true, expect: 'one' },
      { sql: 'INSERT INTO log (entry, note, flag) VALUES (:price, :wide, :price)' },
    ],
    { parameters: { type: 'object', properties: { name: { type: 'string' } } } },
  );
  const call = (tool_name: string, name: string) => ({ tool_name, parameters: { name } });

  it('binds a REAL with a whole value as REAL: 4.0 / 8 is 0.5 and its text is 4.0', () => {
    const e = shop(priced);
    expect(e.call(call('priced', 'Black Tea')).result).toEqual({
      type: 'real', eighth: 0.5, text: '4.0', stock_type: 'integer', stock_eighth: 0, big_type: 'real', big: 4e9, whole_type: 'integer',
    });
    // A REAL that is not whole was bound as REAL before too.
    expect(e.call(call('priced', 'Green Tea')).result).toMatchObject({ type: 'real', eighth: 0.4375, text: '3.5', stock_type: 'integer', stock_eighth: 1 });
    // The same statements again, remembered or not, give the same.
    expect(e.call(call('priced', 'Black Tea')).result).toMatchObject({ type: 'real', eighth: 0.5, text: '4.0' });
  });

  it('stores it in a TEXT column as a REAL reads (4.0), beside a wide INTEGER as its digits', () => {
    const e = shop(logPrice);
    expect(e.call(call('log_price', 'Black Tea')).ok).toBe(true);
    expect(e.state().log).toEqual([{ entry: '4.0', payload: null, flag: 4, note: '3000000000', kind: null }]);
  });

  it('binds a column as INTEGER again once a later bind step reads an INTEGER of the same name, and as NULL once one reads no row', () => {
    const rebind = tool('rebind', 'read', [
      { sql: 'SELECT 4.0 AS v', bind: true },
      { sql: 'SELECT 4 AS v', bind: true },
      { as: 'after_integer', sql: 'SELECT typeof(:v) AS t, :v / 8 AS e' },
      { sql: 'SELECT 4.0 AS v', bind: true },
      { as: 'after_real', sql: 'SELECT typeof(:v) AS t, :v / 8 AS e' },
      { sql: 'SELECT 4.0 AS v WHERE 0', bind: true },
      { as: 'after_none', sql: 'SELECT typeof(:v) AS t' },
    ], { returns: { integer: '$first.after_integer', real: '$first.after_real', none: '$first.after_none' } });
    expect(shop(rebind).call({ tool_name: 'rebind', parameters: {} }).result).toEqual({
      integer: { t: 'integer', e: 0 },
      real: { t: 'real', e: 0.5 },
      none: { t: 'null' },
    });
  });
});
