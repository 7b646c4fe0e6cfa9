// A scenario's SQL means what SQLite means by it (SPEC §2): sql.js is started without its old
// extension functions (sql-js-config.ts), which put the natural log under log() and made ceil()
// an INTEGER, and ran functions SQLite lacks.
import type { SqlJsStatic } from 'sql.js';
import { beforeAll, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { createEngine } from './engine';
import { shopScenario, tool } from './test-scenario';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

it("runs SQLite's own math functions: log() is base 10, ceil() gives a REAL", () => {
  const math = tool('math', 'read', [{ as: 'r', sql: "SELECT log(100) AS lg, ln(1) AS ln, typeof(ceil(1.2)) AS type, ceil(1.2) || '' AS text, floor(-1.5) AS fl" }], { returns: '$first.r' });
  const engine = createEngine(SQL, shopScenario([math]));
  try {
    expect(engine.call({ tool_name: 'math', parameters: {} })).toEqual({ ok: true, result: { lg: 2, ln: 0, type: 'real', text: '2.0', fl: -2 } });
  } finally {
    engine.close();
  }
});

it('has no function SQLite lacks: a step calling reverse() cannot be compiled, and says so', () => {
  const reversed = tool('reversed', 'read', [{ as: 'r', sql: 'SELECT reverse(name) AS n FROM products' }], { returns: '$rows.r' });
  const engine = createEngine(SQL, shopScenario([reversed]));
  try {
    expect(engine.uncompilableSteps()).toEqual([{ tool: 3, step: 0, message: expect.stringContaining('no such function: reverse') }]);
  } finally {
    engine.close();
  }
});
