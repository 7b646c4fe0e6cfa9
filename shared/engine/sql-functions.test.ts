// A scenario's SQL means what SQLite means by it (SPEC §2): sql.js is started without its old
// extension functions (sql-js-config.ts), which put the natural log under log() and made ceil()
// an INTEGER, and ran functions SQLite lacks; and a seed's PRAGMA foreign_keys holds.
import { expect, it } from 'vitest';
import { engineFixture } from '../../src-main/test-support/engine-fixture';
import { shopScenario, tool } from './test-scenario';

const { shop, engine } = engineFixture();

it("runs SQLite's own math functions: log() is base 10, ceil() gives a REAL", () => {
  const math = tool('math', 'read', [{ as: 'r', sql: "SELECT log(100) AS lg, ln(1) AS ln, typeof(ceil(1.2)) AS type, ceil(1.2) || '' AS text, floor(-1.5) AS fl" }], { returns: '$first.r' });
  expect(shop(math).call({ tool_name: 'math', parameters: {} })).toEqual({ ok: true, result: { lg: 2, ln: 0, type: 'real', text: '2.0', fl: -2 } });
});

it('has no function SQLite lacks: a step calling reverse() cannot be compiled, and says so', () => {
  const reversed = tool('reversed', 'read', [{ as: 'r', sql: 'SELECT reverse(name) AS n FROM products' }], { returns: '$rows.r' });
  expect(shop(reversed).uncompilableSteps()).toEqual([{ tool: 3, step: 0, message: expect.stringContaining('no such function: reverse') }]);
});

it('keeps a seed\'s PRAGMA foreign_keys = ON (SQLite ignores it inside the transaction the seed is built in)', () => {
  const scenario = (pragma: string) => {
    const s = shopScenario([
      tool('drop_owner', 'write', [{ sql: 'DELETE FROM owners WHERE id = :id' }], { parameters: { type: 'object', properties: { id: { type: 'integer' } } } }),
      tool('add_pet', 'write', [{ sql: 'INSERT INTO pets VALUES (:id, :owner)' }], { parameters: { type: 'object', properties: { id: { type: 'integer' }, owner: { type: 'integer' } } } }),
    ]);
    s.schemaSql = `${pragma}\n${s.schemaSql}\nCREATE TABLE owners (id INTEGER PRIMARY KEY);\nCREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES owners(id) ON DELETE CASCADE);`;
    s.dataSql = `${s.dataSql}\nINSERT INTO owners VALUES (1), (2);\nINSERT INTO pets VALUES (10, 1), (20, 2);`;
    s.library = { ...s.library, state_tables: [...s.library.state_tables, 'pets'] };
    return s;
  };
  // In force from where it stands, data.sql included (a seed's own delete cascades), in any spelling SQLite takes.
  const seeded = scenario('PRAGMA main.foreign_keys(1);');
  seeded.dataSql += '\nINSERT INTO owners VALUES (3); INSERT INTO pets VALUES (30, 3); DELETE FROM owners WHERE id = 3;';
  expect(engine(seeded).state().pets).toEqual([{ id: 10, owner: 1 }, { id: 20, owner: 2 }]);
  const named = scenario('CREATE TABLE "PRAGMA foreign_keys = ON" (x);'); // a name, not a pragma
  expect(named.schemaSql).toContain('PRAGMA foreign_keys = ON');
  const noPragma = engine(named);
  expect(noPragma.call({ tool_name: 'drop_owner', parameters: { id: 1 } }).ok).toBe(true);
  expect(noPragma.state().pets).toHaveLength(2);
  const on = engine(scenario('PRAGMA foreign_keys = ON;'));
  expect(on.call({ tool_name: 'drop_owner', parameters: { id: 1 } }).ok).toBe(true);
  expect(on.state().pets).toEqual([{ id: 20, owner: 2 }]); // cascaded
  expect(on.call({ tool_name: 'add_pet', parameters: { id: 30, owner: 9 } })).toMatchObject({ ok: false });
  // Commented out, or never there: no foreign keys, as before.
  for (const off of [engine(scenario('-- PRAGMA foreign_keys = ON;')), engine(scenario(''))]) {
    expect(off.call({ tool_name: 'drop_owner', parameters: { id: 1 } }).ok).toBe(true);
    expect(off.state().pets).toHaveLength(2);
  }
});

it("names a returns template's unknown step or column as the tool's problem (every call of it fails)", () => {
  const rows = [{ as: 'r', sql: 'SELECT name, price FROM products' }];
  const good = tool('good', 'read', rows, { returns: { n: '$count.r', first: '$value.r.name', all: '$column.r.price', text: 'see $value.r.nope' } });
  const badStep = tool('bad_step', 'read', rows, { returns: { rows: '$rows.nope' } });
  const badColumn = tool('bad_column', 'read', rows, { returns: ['$value.r.cost'] });
  const engineWith = shop(good, badStep, badColumn);
  expect(engineWith.uncompilableSteps()).toEqual([
    { tool: 4, step: null, message: 'returns refers to unknown step "nope"' },
    { tool: 5, step: null, message: 'returns refers to unknown column "cost" of step "r"' },
  ]);
  expect(engineWith.call({ tool_name: 'bad_column', parameters: {} })).toMatchObject({ ok: false });
  // Said once per tool; a second definition of a name (never run) is not judged; nor are columns while a tool can change the schema.
  const twice = tool('twice', 'read', rows, { returns: ['$value.r.cost', '$value.r.cost'] });
  const shadowed = tool('good', 'read', rows, { returns: '$rows.nope' });
  expect(shop(good, twice, shadowed).uncompilableSteps()).toEqual([{ tool: 4, step: null, message: 'returns refers to unknown column "cost" of step "r"' }]);
  const alter = tool('widen', 'write', [{ sql: 'ALTER TABLE products ADD COLUMN cost REAL' }]);
  expect(shop(twice, alter).uncompilableSteps()).toEqual([]);
});

it('a seed with deferred foreign keys is checked as a plain run checks it: a child before its parent fails the seed', () => {
  const s = shopScenario();
  s.schemaSql = `PRAGMA foreign_keys = ON;\n${s.schemaSql}\nCREATE TABLE owners (id INTEGER PRIMARY KEY);\nCREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES owners(id) DEFERRABLE INITIALLY DEFERRED);`;
  s.dataSql = `${s.dataSql}\nINSERT INTO pets VALUES (10, 1);\nINSERT INTO owners VALUES (1);`;
  expect(() => engine(s)).toThrow(/FOREIGN KEY constraint failed/);
});

it("a seed's PRAGMA journal_mode = OFF leaves reset() and failed calls their rollback", () => {
  const s = shopScenario();
  s.schemaSql = `PRAGMA journal_mode = OFF;\n${s.schemaSql}`;
  const e = engine(s);
  const seed = e.state();
  expect(e.call({ tool_name: 'add_to_cart', parameters: { product_name: 'green', quantity: 2 } }).ok).toBe(true);
  expect(e.state()).not.toEqual(seed);
  e.reset();
  expect(e.state()).toEqual(seed); // the rows themselves (the change log, a TEMP table, has a journal of its own)
});

it('refuses a seed that leaves journal_mode OFF inside a transaction it never commits, saying why', () => {
  const s = shopScenario();
  s.dataSql = `PRAGMA journal_mode = OFF;\n${s.dataSql}\nBEGIN;\nINSERT INTO cart VALUES (1, 1);`;
  expect(() => engine(s)).toThrow(/journal_mode = OFF inside a transaction it never commits/);
});
