// A scenario's SQL means what SQLite means by it (SPEC §2): sql.js is started without its old
// extension functions (sql-js-config.ts), which put the natural log under log() and made ceil()
// an INTEGER, and ran functions SQLite lacks.
import { expect, it } from 'vitest';
import { engineFixture } from '../../src-main/test-support/engine-fixture';
import { tool } from './test-scenario';

const { shop } = engineFixture();

it("runs SQLite's own math functions: log() is base 10, ceil() gives a REAL", () => {
  const math = tool('math', 'read', [{ as: 'r', sql: "SELECT log(100) AS lg, ln(1) AS ln, typeof(ceil(1.2)) AS type, ceil(1.2) || '' AS text, floor(-1.5) AS fl" }], { returns: '$first.r' });
  expect(shop(math).call({ tool_name: 'math', parameters: {} })).toEqual({ ok: true, result: { lg: 2, ln: 0, type: 'real', text: '2.0', fl: -2 } });
});

it('has no function SQLite lacks: a step calling reverse() cannot be compiled, and says so', () => {
  const reversed = tool('reversed', 'read', [{ as: 'r', sql: 'SELECT reverse(name) AS n FROM products' }], { returns: '$rows.r' });
  expect(shop(reversed).uncompilableSteps()).toEqual([{ tool: 3, step: 0, message: expect.stringContaining('no such function: reverse') }]);
});
