import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../src-main/test-support/engine-fixture';
import { createEngine } from './engine';
import { MAX_STEP_ROWS } from './tools';
import { MAX_STEP_SIZE } from './statements';
import { statesEqual } from './state';
import { shopScenario, tool } from './test-scenario';
import type { ScenarioEngine } from './types';

const { sql, engine: keptEngine, shop } = engineFixture();

const call = (tool_name: string, parameters: Record<string, unknown> = {}) => ({ tool_name, parameters });

function errorMessage(result: ReturnType<ScenarioEngine['call']>): string {
  expect(result.ok).toBe(false);
  return (result.result as { message: string }).message;
}

describe('calls', () => {
  it('runs a read tool with fuzzy SQL and its returns template', () => {
    const result = shop().call(call('search_products', { query: 'TEA' }));
    expect(result).toEqual({
      ok: true,
      result: { products: [{ name: 'Black Tea', price: 4 }, { name: 'Green Tea', price: 3.5 }], count: 2 },
    });
  });

  it('keeps the column order of result rows', () => {
    const reversed = tool('reversed', 'read', [{ as: 'r', sql: 'SELECT price, name, id FROM products WHERE id = 1' }]);
    const result = shop(reversed).call(call('reversed'));
    expect(Object.keys((result.result as object[])[0])).toEqual(['price', 'name', 'id']);
  });

  it('chains bind: true steps and fills placeholders from parameters and bound columns', () => {
    const engine = shop();
    const result = engine.call(call('add_to_cart', { product_name: 'green', quantity: 2 }));
    expect(result).toEqual({ ok: true, result: { status: 'success', message: 'Added 2 x Green Tea' } });
    expect(engine.state().cart).toEqual([{ product_id: 1, quantity: 2 }, { product_id: 3, quantity: 1 }]);
    expect(engine.state().products[0]).toEqual({ id: 1, name: 'Green Tea', price: 3.5, stock: 8, tags: null });
  });

  it('lets a later bind override an earlier one', () => {
    const rebind = tool('rebind', 'read', [
      { sql: 'SELECT 1 AS id', bind: true },
      { sql: 'SELECT 3 AS id', bind: true },
      { as: 'p', sql: 'SELECT name FROM products WHERE id = :id' },
    ]);
    expect(shop(rebind).call(call('rebind')).result).toEqual([{ name: 'Coffee Beans' }]);
  });

  it('unbinds the columns of a bind step that returns no row', () => {
    const unbind = tool('unbind', 'read', [
      { sql: 'SELECT 1 AS id', bind: true },
      { sql: 'SELECT 2 AS id WHERE 0', bind: true },
      { as: 'p', sql: 'SELECT :id AS id' },
    ]);
    expect(shop(unbind).call(call('unbind')).result).toEqual([{ id: null }]);
  });

  it('binds arrays and objects as compact JSON, booleans as 1/0 and absent optionals as NULL', () => {
    const engine = shop();
    expect(engine.call(call('log_event', { entry: 'a', payload: { b: [1, 'x'], c: true }, flag: true })).ok).toBe(true);
    expect(engine.call(call('log_event', { entry: 'b', tags: ['x', 'y'], flag: false })).ok).toBe(true);
    expect(engine.state().log).toEqual([
      { entry: 'a', payload: '{"b":[1,"x"],"c":true}', flag: 1, note: null, kind: null },
      { entry: 'b', payload: '["x","y"]', flag: 0, note: null, kind: null },
    ]);
  });

  it('keeps integers and reals as JS numbers and text as text', () => {
    const types = tool('types', 'read', [{ as: 'r', sql: 'SELECT typeof(:n) AS tn, typeof(:x) AS tx, typeof(:s) AS ts, :x AS x' }], {
      parameters: { type: 'object', properties: { n: { type: 'integer' }, x: { type: 'number' }, s: { type: 'string' } } },
    });
    const result = shop(types).call(call('types', { n: 3, x: 2.5, s: '3' }));
    expect(result.result).toEqual([{ tn: 'integer', tx: 'real', ts: 'text', x: 2.5 }]);
  });

  it('drops parameters the tool does not declare before validation and execution', () => {
    const engine = shop();
    // additionalProperties: false would reject `extra`; it is dropped first.
    const result = engine.call(call('log_event', { entry: 'x', extra: 'ignored', kind: 'info' }));
    expect(result.ok).toBe(true);
    const echo = tool('echo', 'read', [{ as: 'r', sql: 'SELECT :extra AS extra' }], {
      parameters: { type: 'object', properties: {} },
      returns: { extra: '$param.extra', sql: '$value.r.extra' },
    });
    expect(shop(echo).call(call('echo', { extra: 'x' })).result).toEqual({ extra: null, sql: null });
  });

  it('treats a null-valued key as absent', () => {
    const engine = shop();
    // note: null would fail {type: string}; absent it binds NULL.
    expect(engine.call(call('log_event', { entry: 'n', note: null })).ok).toBe(true);
    expect(engine.state().log).toEqual([{ entry: 'n', payload: null, flag: null, note: null, kind: null }]);
    // A required key set to null is missing.
    expect(errorMessage(engine.call(call('add_to_cart', { product_name: null })))).toMatch(/required property "product_name"/);
    // Nested null-valued keys are absent too.
    expect(engine.call(call('log_event', { entry: 'm', payload: { a: 1, b: null } })).ok).toBe(true);
    expect(engine.state().log.find((row) => row.entry === 'm')?.payload).toBe('{"a":1}');
  });
});

describe('expect', () => {
  const probe = (expectKind: 'one' | 'some' | 'none', error?: string) =>
    tool('probe', 'read', [{ sql: 'SELECT id FROM products WHERE price >= :min', expect: expectKind, ...(error ? { error } : {}) }], {
      parameters: { type: 'object', properties: { min: { type: 'number' } } },
    });

  it.each([
    ['one', 12, true],
    ['one', 4, false],
    ['one', 100, false],
    ['some', 4, true],
    ['some', 100, false],
    ['none', 100, true],
    ['none', 12, false],
  ] as const)('expect %s with min %d passes: %s', (kind, min, passes) => {
    expect(shop(probe(kind)).call(call('probe', { min })).ok).toBe(passes);
  });

  it('gives a default message naming the step', () => {
    expect(errorMessage(shop(probe('one')).call(call('probe', { min: 100 })))).toBe('expected exactly one row from step 1');
    expect(errorMessage(shop(probe('some')).call(call('probe', { min: 100 })))).toBe('expected at least one row from step 1');
    expect(errorMessage(shop(probe('none')).call(call('probe', { min: 1 })))).toBe('expected no row from step 1');
  });

  it('fills the error template from parameters and bound columns', () => {
    const engine = shop();
    expect(errorMessage(engine.call(call('add_to_cart', { product_name: 'tea' })))).toBe('no single product matches tea');
    expect(errorMessage(engine.call(call('add_to_cart', { product_name: 'black' })))).toBe('only 0 of Black Tea left');
    expect(errorMessage(shop(probe('none', 'too cheap: {min}, {unknown}')).call(call('probe', { min: 1 })))).toBe('too cheap: 1, {unknown}');
  });

  it('a bind step that failed its expect leaves parameters visible to the message', () => {
    expect(errorMessage(shop().call(call('add_to_cart', { product_name: 'juice' })))).toBe('no single product matches juice');
  });
});

describe('returns', () => {
  const everything = tool(
    'everything',
    'read',
    [
      { as: 'p', sql: 'SELECT id, name, price FROM products ORDER BY id' },
      { as: 'empty', sql: 'SELECT id FROM products WHERE 0' },
      { as: 'j', sql: "SELECT json_object('names', json_group_array(name), 'prices', json_group_object(name, price)) AS doc FROM (SELECT name, price FROM products ORDER BY id)" },
      { sql: 'SELECT stock FROM products WHERE id = 1', bind: true },
    ],
    {
      parameters: { type: 'object', properties: { x: { type: 'string' }, list: { type: 'array' }, y: { type: 'string' } } },
      'x-json-returns': true,
      returns: {
        rows: '$rows.p',
        names: '$column.p.name',
        count: '$count.p',
        first: '$first.p',
        price: '$value.p.price',
        noFirst: '$first.empty',
        noValue: '$value.empty.id',
        json: '$json.j.doc',
        noJson: '$json.empty.id',
        noRows: '$rows.empty',
        param: '$param.x',
        list: '$param.list',
        absent: '$param.y',
        nested: [{ text: 'x={x} stock={stock} y={y}' }, 7, true, null],
        money: '$5.00',
        notWhole: 'see $count.p',
      },
    },
  );

  it('evaluates every reference form and placeholder, recursively', () => {
    const result = shop(everything).call(call('everything', { x: 'hi', list: [1, 2] }));
    expect(result).toEqual({
      ok: true,
      result: {
        rows: [
          { id: 1, name: 'Green Tea', price: 3.5 },
          { id: 2, name: 'Black Tea', price: 4 },
          { id: 3, name: 'Coffee Beans', price: 12.25 },
        ],
        names: ['Green Tea', 'Black Tea', 'Coffee Beans'],
        count: 3,
        first: { id: 1, name: 'Green Tea', price: 3.5 },
        price: 3.5,
        noFirst: null,
        noValue: null,
        json: { names: ['Green Tea', 'Black Tea', 'Coffee Beans'], prices: { 'Green Tea': 3.5, 'Black Tea': 4, 'Coffee Beans': 12.25 } },
        noJson: null,
        noRows: [],
        param: 'hi',
        list: [1, 2],
        absent: null,
        nested: [{ text: 'x=hi stock=10 y={y}' }, 7, true, null],
        money: '$5.00',
        notWhole: 'see $count.p',
      },
    });
  });

  it('reads $json.S.C as text, as SPEC §3 says, in a tool without x-json-returns', () => {
    const plain = tool('plain', 'read', [{ as: 'a', sql: "SELECT '[1]' AS t" }], { returns: { t: '$json.a.t', v: '$value.a.t' } });
    expect(shop(plain).call(call('plain'))).toEqual({ ok: true, result: { t: '$json.a.t', v: '[1]' } });
  });

  it('fails the call when a reference names an unknown step or column', () => {
    const badStep = tool('bad_step', 'read', [{ as: 'a', sql: 'SELECT 1 AS x' }], { returns: '$rows.b' });
    const badColumn = tool('bad_column', 'read', [{ as: 'a', sql: 'SELECT 1 AS x' }], { returns: '$value.a.y' });
    const notJson = tool('not_json', 'read', [{ as: 'a', sql: "SELECT 'x' AS t" }], { returns: '$json.a.t', 'x-json-returns': true });
    const engine = shop(badStep, badColumn, notJson);
    expect(errorMessage(engine.call(call('bad_step')))).toBe('returns refers to unknown step "b"');
    expect(errorMessage(engine.call(call('bad_column')))).toBe('returns refers to unknown column "y" of step "a"');
    expect(errorMessage(engine.call(call('not_json')))).toBe('returns reads column "t" of step "a" as JSON, but it holds no JSON text');
  });

  it('defaults to success for a write tool and to the last named step for a read tool', () => {
    const read = tool('read_default', 'read', [
      { as: 'first', sql: 'SELECT 1 AS a' },
      { as: 'second', sql: 'SELECT name FROM products WHERE id = 2' },
      { sql: 'SELECT 99 AS unnamed' },
    ]);
    const unnamed = tool('read_unnamed', 'read', [{ sql: 'SELECT 1 AS a' }, { sql: 'SELECT 2 AS b' }]);
    const write = tool('write_default', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('w')" }]);
    const engine = shop(read, unnamed, write);
    expect(engine.call(call('read_default')).result).toEqual([{ name: 'Black Tea' }]);
    expect(engine.call(call('read_unnamed')).result).toEqual([{ b: 2 }]);
    expect(engine.call(call('write_default')).result).toEqual({ status: 'success' });
  });
});

describe('schema validation', () => {
  const strict = tool('strict', 'read', [{ as: 'r', sql: 'SELECT 1 AS ok' }], {
    parameters: {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 5 },
        color: { enum: ['red', 'blue'] },
        tags: { type: 'array', items: { type: 'string' } },
        address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false },
      },
      required: ['count'],
      additionalProperties: false,
    },
  });

  it.each([
    [{}, /required property "count"/],
    [{ count: 'three' }, /^count: .*Expected "integer"/],
    [{ count: 2.5 }, /^count: .*Expected "integer"/],
    [{ count: 0 }, /^count: 0 is less than 1/],
    [{ count: 6 }, /^count: 6 is greater than 5/],
    [{ count: 1, color: 'green' }, /^color: .*\["red","blue"\]/],
    [{ count: 1, tags: ['a', 2] }, /^tags\[1\]: .*Expected "string"/],
    [{ count: 1, address: { city: 'x', zip: '1' } }, /^address: Property "zip"/],
  ])('rejects %j', (parameters, reason) => {
    const message = errorMessage(shop(strict).call(call('strict', parameters)));
    expect(message.startsWith('invalid parameters for tool "strict": ')).toBe(true);
    expect(message.slice('invalid parameters for tool "strict": '.length)).toMatch(reason);
  });

  it('accepts what the schema allows (2.0 is an integer)', () => {
    const engine = shop(strict);
    expect(engine.call(call('strict', { count: 2.0, color: 'red', tags: ['a'], address: { city: 'x' } })).ok).toBe(true);
  });
});

describe('failures change nothing', () => {
  it('reports malformed calls and unknown tools', () => {
    const engine = shop();
    expect(errorMessage(engine.call('add_to_cart'))).toBe('a tool call must be an object');
    expect(errorMessage(engine.call([call('search_products')]))).toBe('a tool call must be an object');
    expect(errorMessage(engine.call({ tool_name: 5, parameters: {} }))).toBe('tool_name must be a string');
    expect(errorMessage(engine.call({ tool_name: 'search_products', parameters: [] }))).toMatch(/must be an object/);
    expect(errorMessage(engine.call({ tool_name: 'search_products' }))).toMatch(/must be an object/);
    expect(errorMessage(engine.call(call('fly_to_moon')))).toBe('unknown tool "fly_to_moon"');
    expect(engine.call(call(' search_products ', { query: 'tea' })).ok).toBe(true);
  });

  it('precheck gives the failures every state gives; writesApplied counts only the writes that stayed', () => {
    const partial = tool('partial', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('first')" }, { sql: 'UPDATE products SET stock = stock - 100 WHERE id = 1' }]);
    const engine = shop(partial);
    const other = shop(partial); // call() reuses a precheck of the same call: the reference runs elsewhere
    const rejected = ['add_to_cart', { tool_name: 5, parameters: {} }, call('fly_to_moon'), call('add_to_cart', { product_name: 'green', quantity: 9 })];
    for (const bad of rejected) expect(engine.precheck(bad)).toEqual(other.call(bad));
    expect(engine.precheck(call('add_to_cart', { product_name: 'black' }))).toBeNull(); // out of stock: known only by running it
    expect(engine.writesApplied()).toBe(0);
    expect(engine.call(call('add_to_cart', { product_name: 'green' })).ok).toBe(true);
    expect(engine.writesApplied()).toBe(1);
    for (const failing of [...rejected, call('add_to_cart', { product_name: 'black' }), call('partial'), call('search_products', { query: 'tea' })]) engine.call(failing);
    expect(engine.writesApplied()).toBe(1);
    engine.reset();
    expect(engine.writesApplied()).toBe(0);
  });

  it('an x-partial write keeps its earlier steps, unless SQLite rolls back the whole transaction', () => {
    const kept = { ...tool('kept', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('kept')" }, { sql: 'UPDATE products SET stock = stock - 100 WHERE id = 1' }]), 'x-partial': true };
    const undone = { ...tool('undone', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('undone')" }, { sql: "INSERT INTO log (entry) VALUES ('forbidden')" }]), 'x-partial': true };
    const scenario = shopScenario([kept, undone]);
    scenario.schemaSql += "CREATE TRIGGER no_forbidden BEFORE INSERT ON log WHEN NEW.entry = 'forbidden' BEGIN SELECT RAISE(ROLLBACK, 'forbidden entry'); END;";
    const engine = keptEngine(scenario);
    expect(errorMessage(engine.call(call('kept')))).toMatch(/CHECK constraint failed/);
    expect([engine.state().log.map((row) => row.entry), engine.writesApplied()]).toEqual([['kept'], 1]);
    const before = engine.state();
    expect(errorMessage(engine.call(call('undone')))).toBe('SQL error in step 2: forbidden entry');
    expect([engine.state(), engine.writesApplied()]).toEqual([before, 1]);
    engine.reset();
    expect([engine.state().log, engine.writesApplied()]).toEqual([[], 0]);
  });

  it('keys tool definitions by trimmed name, the first one winning, as matching does', () => {
    const padded = tool(' ping ', 'read', [{ as: 'one', sql: "SELECT 'first' AS who" }]);
    const twin = tool('ping', 'read', [{ as: 'one', sql: "SELECT 'second' AS who" }]);
    expect(shop(padded, twin).call(call('ping')).result).toEqual([{ who: 'first' }]);
  });

  it('reports an SQL error with its step', () => {
    const broken = tool('broken', 'read', [{ sql: 'SELECT 1' }, { sql: 'SELECT * FROM nowhere' }]);
    expect(errorMessage(shop(broken).call(call('broken')))).toBe('SQL error in step 2: no such table: nowhere');
  });

  it('rejects a step holding several statements or transaction control', () => {
    const two = tool('two', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('a'); INSERT INTO log (entry) VALUES ('b')" }]);
    const commit = tool('commit', 'write', [{ sql: 'COMMIT' }]);
    const engine = shop(two, commit);
    expect(errorMessage(engine.call(call('two')))).toMatch(/exactly one SQL statement/);
    expect(errorMessage(engine.call(call('commit')))).toMatch(/COMMIT is not allowed/);
    expect(engine.state().log).toEqual([]);
  });

  it('fails a call whose step returns more rows than a step may, and counts rows it only counts', () => {
    const flood = tool('flood', 'read', [{ as: 'n', sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${MAX_STEP_ROWS + 1}) SELECT x FROM c` }]);
    const enough = tool('enough', 'read', [{ as: 'n', sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${MAX_STEP_ROWS}) SELECT x FROM c` }]);
    const counted = tool('counted', 'read', [{ sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${MAX_STEP_ROWS + 1}) SELECT x FROM c`, expect: 'some' }, { as: 'one', sql: 'SELECT 1 AS one' }]);
    const engine = shop(flood, enough, counted);
    expect(errorMessage(engine.call(call('flood')))).toBe('SQL error in step 1 ("n"): it returns more than 100,000 rows, the most a step may return');
    expect((engine.call(call('enough')).result as unknown[]).length).toBe(MAX_STEP_ROWS);
    expect(engine.call(call('counted')).ok).toBe(true);
  });

  it('fails a call whose step returns more than MAX_STEP_SIZE of values in few rows (huge values ended the thread out of memory)', () => {
    const huge = tool('huge', 'read', [{ as: 'big', sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5) SELECT printf('%.*c', 5000000, 'a') AS v FROM c" }]);
    const fits = tool('fits', 'read', [{ as: 'big', sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3) SELECT printf('%.*c', 5000000, 'a') AS v FROM c" }]);
    const engine = shop(huge, fits);
    expect(errorMessage(engine.call(call('huge')))).toBe('SQL error in step 1 ("big"): it returns more than 16 MiB of values, the most a step may return');
    expect((engine.call(call('fits')).result as unknown[]).length).toBe(3);
    expect(MAX_STEP_SIZE).toBe(16 * 1024 * 1024);
  });

  it('counts a bound first row, and what returns and messages put together, against the same size (a code review got 1.9 GB past the step cap)', () => {
    const bound = tool('bound', 'read', [{ sql: "SELECT printf('%.*c', 17000000, 'a') AS v", bind: true }, { as: 'one', sql: 'SELECT 1 AS one' }]);
    const rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 20) SELECT printf('%.*c', 100000, 'a') AS v FROM c";
    const many = { ...tool('many', 'read', [{ as: 'r', sql: rows }]), returns: Array.from({ length: 300 }, () => '$rows.r') };
    const few = { ...tool('few', 'read', [{ as: 'r', sql: rows }]), returns: Array.from({ length: 3 }, () => '$rows.r') };
    const filled = { ...tool('filled', 'read', [{ sql: "SELECT printf('%.*c', 1000000, 'a') AS v", bind: true }, { as: 'one', sql: 'SELECT 1 AS one' }]), returns: '{v}'.repeat(20) };
    const message = tool('message', 'read', [{ sql: "SELECT printf('%.*c', 1000000, 'a') AS v", bind: true }, { sql: 'SELECT 1 WHERE 0', expect: 'one', error: '{v}'.repeat(20) }]);
    const engine = shop(bound, many, few, filled, message);
    expect(errorMessage(engine.call(call('bound')))).toBe('SQL error in step 1: it returns more than 16 MiB of values, the most a step may return');
    expect(errorMessage(engine.call(call('many')))).toBe('returns puts together more than 16 MiB of values, the most a call may return');
    expect((engine.call(call('few')).result as unknown[]).length).toBe(3);
    expect(errorMessage(engine.call(call('filled')))).toMatch(/fills to more than 16 MiB/);
    expect(errorMessage(engine.call(call('message')))).toMatch(/fills to more than 16 MiB/);
  });

  it('rejects a PRAGMA step, which no rollback would undo: a later run from the seed still writes', () => {
    const lock = tool('lock', 'write', [{ sql: 'PRAGMA query_only = 1' }]);
    const peek = tool('peek', 'read', [{ as: 'flag', sql: 'PRAGMA query_only' }]);
    const note = tool('note', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('after')" }]);
    const engine = shop(lock, peek, note);
    expect(errorMessage(engine.call(call('lock')))).toMatch(/PRAGMA is not allowed in a tool step/);
    expect(errorMessage(engine.call(call('peek')))).toMatch(/PRAGMA is not allowed in a tool step/);
    engine.reset();
    expect(engine.call(call('note')).ok).toBe(true);
    expect((engine.state().log as { entry: string }[]).map((row) => row.entry)).toEqual(['after']);
  });

  it('rolls back the earlier steps of a write that fails later', () => {
    const partial = tool('partial', 'write', [
      { sql: "INSERT INTO log (entry) VALUES ('first')" },
      { sql: 'UPDATE products SET stock = stock - 100 WHERE id = 1' }, // violates CHECK (stock >= 0)
    ]);
    const expectLate = tool('expect_late', 'write', [{ sql: 'DELETE FROM cart' }, { sql: 'SELECT * FROM cart', expect: 'some' }]);
    const engine = shop(partial, expectLate);
    const seed = engine.state();
    expect(errorMessage(engine.call(call('partial')))).toMatch(/CHECK constraint failed/);
    expect(errorMessage(engine.call(call('expect_late')))).toBe('expected at least one row from step 2');
    expect(engine.state()).toEqual(seed);
  });

  it('rolls back whatever a read tool writes', () => {
    const sneaky = tool('sneaky', 'read', [{ sql: 'DELETE FROM cart' }, { as: 'left', sql: 'SELECT count(*) AS n FROM cart' }]);
    const engine = shop(sneaky);
    expect(engine.call(call('sneaky')).result).toEqual([{ n: 0 }]);
    expect(engine.state().cart).toEqual([{ product_id: 3, quantity: 1 }]);
  });

  it('keeps earlier writes when SQLite aborts the whole transaction (RAISE(ROLLBACK))', () => {
    const scenario = shopScenario([tool('forbidden', 'write', [{ sql: "INSERT INTO log (entry) VALUES ('forbidden')" }])]);
    scenario.schemaSql += "CREATE TRIGGER no_forbidden BEFORE INSERT ON log WHEN NEW.entry = 'forbidden' BEGIN SELECT RAISE(ROLLBACK, 'forbidden entry'); END;";
    const engine = keptEngine(scenario);
    expect(engine.call(call('add_to_cart', { product_name: 'green' })).ok).toBe(true);
    const before = engine.state();
    expect(errorMessage(engine.call(call('forbidden')))).toBe('SQL error in step 1: forbidden entry');
    expect(engine.state()).toEqual(before);
    engine.reset();
    expect(engine.state().cart).toEqual([{ product_id: 3, quantity: 1 }]);
  });
});

describe('execute and reset', () => {
  const calls = [
    call('add_to_cart', { product_name: 'green', quantity: 2 }),
    call('add_to_cart', { product_name: 'black' }), // fails: out of stock
    call('log_event', { entry: 'done' }),
    call('add_to_cart', { product_name: 'coffee', quantity: 3 }),
  ];

  it('starts from the seed every time and gives equal results', () => {
    const engine = shop();
    engine.call(call('log_event', { entry: 'before execute' }));
    const first = engine.execute(calls);
    const second = engine.execute(calls);
    expect(second).toEqual(first);
    expect(first.results.map((r) => r.ok)).toEqual([true, false, true, true]);
    expect(first.state.cart).toEqual([{ product_id: 1, quantity: 2 }, { product_id: 3, quantity: 4 }]);
    expect(first.state.log).toEqual([{ entry: 'done', payload: null, flag: null, note: null, kind: null }]);
  });

  it('reset() returns to the seed state', () => {
    const engine = shop();
    const seed = engine.state();
    engine.execute(calls);
    expect(statesEqual(engine.state(), seed)).toBe(false);
    engine.reset();
    expect(engine.state()).toEqual(seed);
  });

  it('matches a fresh engine after many calls and resets', () => {
    const engine = shop();
    for (let i = 0; i < 20; i += 1) engine.execute(calls);
    const fresh = shop().execute(calls);
    expect(engine.execute(calls)).toEqual(fresh);
  });

  it('refuses use after close()', () => {
    const engine = createEngine(sql(), shopScenario());
    engine.close();
    engine.close();
    expect(() => engine.state()).toThrow(/closed/);
  });
});
