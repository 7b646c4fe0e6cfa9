// The read memo answers a query from memory only when its rows cannot have changed: it reads
// tables no tool writes and calls pure functions. Otherwise every call sees the live database.
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import type { ScenarioDef } from '../format/types';
import { createEngine } from './engine';
import { ReadMemoPolicy } from './read-memo';
import { shopScenario, tool } from './test-scenario';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

/** The shop plus a static catalogue that no tool writes. */
function scenarioWith(extraSchema: string, tools: Parameters<typeof shopScenario>[0] = []): ScenarioDef {
  const base = shopScenario(tools);
  return {
    ...base,
    schemaSql: `${base.schemaSql}\nCREATE TABLE catalogue (code TEXT PRIMARY KEY, label TEXT);\nCREATE VIEW labels AS SELECT label FROM catalogue;\n${extraSchema}`,
    dataSql: `${base.dataSql}\nINSERT INTO catalogue VALUES ('a', 'Alpha'), ('b', 'Beta');`,
  };
}

function policyOf(scenario: ScenarioDef): ReadMemoPolicy | null {
  const db = new SQL.Database();
  try {
    db.exec(scenario.schemaSql);
    db.exec(scenario.dataSql);
    const sqls = scenario.library.tools.flatMap((t) => t.steps ?? []).map((s) => s.sql as string);
    const policy = ReadMemoPolicy.analyse(db, sqls);
    if (!policy) return null;
    // memoizable() prepares statements on the same database: answer while it is open.
    const answers = new Map<string, boolean>();
    for (const sql of QUERIES) answers.set(sql, policy.memoizable(sql));
    return { memoizable: (sql: string) => answers.get(sql) ?? false } as unknown as ReadMemoPolicy;
  } finally {
    db.close();
  }
}

const QUERIES = [
  'SELECT label FROM catalogue WHERE code = :code',
  "SELECT label FROM labels WHERE lower(label) LIKE '%' || lower(:q) || '%'",
  'SELECT name FROM products WHERE id = :id',
  'SELECT count(*) FROM catalogue c WHERE EXISTS (SELECT 1 FROM cart WHERE product_id = 3)',
  'SELECT random() FROM catalogue',
  "SELECT date('now'), label FROM catalogue",
  'SELECT last_insert_rowid()',
  'SELECT name FROM sqlite_master',
  "SELECT value FROM json_each('[1,2]')",
  'INSERT INTO catalogue VALUES (:code, :label)',
];

describe('read memo policy', () => {
  it('remembers only reads of static tables through pure functions', () => {
    const policy = policyOf(scenarioWith(''))!;
    expect(policy).not.toBeNull();
    expect(QUERIES.filter((sql) => policy.memoizable(sql))).toEqual([QUERIES[0], QUERIES[1]]);
  });

  it('is off when the schema has triggers or a step is not plain data access', () => {
    expect(policyOf(scenarioWith('CREATE TRIGGER t AFTER INSERT ON cart BEGIN UPDATE catalogue SET label = label; END;'))).toBeNull();
    expect(policyOf(scenarioWith('', [tool('make', 'write', [{ sql: 'CREATE TABLE x (a)' }])]))).toBeNull();
    expect(policyOf(scenarioWith('', [tool('tune', 'write', [{ sql: 'PRAGMA case_sensitive_like = 1' }])]))).toBeNull();
  });

  it('sees a table written by any tool, a read tool included, through a WITH or a REPLACE', () => {
    const writes = [
      tool('relabel', 'read', [{ sql: 'WITH x AS (SELECT 1) UPDATE catalogue SET label = :label WHERE code = :code' }]),
      tool('swap', 'write', [{ sql: "REPLACE INTO catalogue VALUES ('a', 'A')" }]),
    ];
    for (const t of writes) expect(policyOf(scenarioWith('', [t]))!.memoizable(QUERIES[0])).toBe(false);
  });
});

describe('engine with the read memo', () => {
  const lookup = tool('lookup', 'read', [{ as: 'rows', sql: 'SELECT code, label FROM catalogue WHERE code = :code' }], {
    parameters: { type: 'object', properties: { code: { type: 'string' } } },
  });
  const relabel = tool('relabel', 'write', [{ sql: 'UPDATE catalogue SET label = :label WHERE code = :code' }], {
    parameters: { type: 'object', properties: { code: { type: 'string' }, label: { type: 'string' } } },
  });
  const search = { tool_name: 'search_products', parameters: { query: 'tea' } };

  it('gives every call the result a run without it gives', () => {
    const callArb = fc.oneof(
      fc.record({ tool_name: fc.constant('lookup'), parameters: fc.record({ code: fc.constantFrom('a', 'b', 'c') }) }),
      fc.record({ tool_name: fc.constant('relabel'), parameters: fc.record({ code: fc.constantFrom('a', 'b'), label: fc.constantFrom('X', 'Y') }) }),
      fc.record({ tool_name: fc.constant('add_to_cart'), parameters: fc.record({ product_name: fc.constantFrom('green', 'coffee'), quantity: fc.integer({ min: 1, max: 3 }) }) }),
      fc.constant(search),
    );
    // With relabel the catalogue changes, so lookups must run; without it they come from memory.
    for (const tools of [[lookup, relabel], [lookup]]) {
      const scenario = scenarioWith('', tools);
      const memo = createEngine(SQL, scenario);
      const plain = createEngine(SQL, scenario, { readMemo: false });
      try {
        fc.assert(
          fc.property(fc.array(callArb, { maxLength: 8 }), (calls) => {
            expect(memo.execute(calls)).toEqual(plain.execute(calls));
          }),
          { numRuns: 150 },
        );
      } finally {
        memo.close();
        plain.close();
      }
    }
  });
});
