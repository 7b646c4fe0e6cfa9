import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import type { ScenarioDef } from '../format/types';
import { createEngine } from './engine';
import { SQLITE_HEAP_LIMIT_BYTES } from './sql-js-config';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

/** More than the limit: concatenation makes SQLite allocate the whole zero blob. */
const OVER_LIMIT = SQLITE_HEAP_LIMIT_BYTES + 64 * 1024 * 1024;

const scenario = (schemaSql: string, dataSql = ''): ScenarioDef => ({
  id: 'greedy',
  schemaSql,
  dataSql,
  library: {
    state_tables: [],
    tools: [
      {
        name: 'blob_length',
        description: 'Length of a zero blob of n bytes',
        parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
        effect: 'read',
        steps: [{ as: 'b', sql: "SELECT length(CAST(zeroblob(:n) || x'00' AS BLOB)) AS bytes" }],
        returns: { bytes: '$value.b.bytes' },
      },
    ],
  },
});

describe("SQLite's heap limit (hostile SQL)", () => {
  it('fails a tool step that asks for more memory than the limit, and the engine goes on', () => {
    const engine = createEngine(SQL, scenario('CREATE TABLE t (a);'));
    try {
      const greedy = engine.call({ tool_name: 'blob_length', parameters: { n: OVER_LIMIT } });
      expect(greedy.ok).toBe(false);
      expect(JSON.stringify(greedy.result)).toContain('out of memory');
      const modest = engine.call({ tool_name: 'blob_length', parameters: { n: 1000 } });
      expect(modest).toEqual({ ok: true, result: { bytes: 1001 } });
    } finally {
      engine.close();
    }
  });

  it("is not lifted by a scenario's own PRAGMA, and a seed past it names its file, line and the limit", () => {
    const raising = `PRAGMA hard_heap_limit = 0;\nPRAGMA hard_heap_limit = ${4 * SQLITE_HEAP_LIMIT_BYTES};\nCREATE TABLE t (a);`;
    expect(() => createEngine(SQL, scenario(raising, `INSERT INTO t VALUES (zeroblob(${OVER_LIMIT}) || x'00');`))).toThrow(
      /^scenario "greedy": data\.sql line 1 failed at .*: out of memory \(SQLite may hold at most 512 MiB in each thread\)$/,
    );
  });
});
