// A number past a double's range (`1e400` parses as Infinity) is written by JSON as null: memo
// keys built from JSON text made `{"q":1e400}`, `{"q":-1e400}` and `{"q":null}` one call, so a
// pair of them counted as matched (SPEC §8.1: Infinity equals only itself; a null key is absent).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SqlJsStatic } from 'sql.js';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { loadDataset } from '../format/loader';
import { exactValueKey, markWholeReals } from '../format/whole-reals';
import type { ToolCall } from '../format/types';
import { agreementDashboard } from './agreement-report';
import { PairMemo, matchCalls } from './canonical';
import { toolMap } from './calls';
import { engineProvider } from './engine-provider';
import { evaluateLine, profileOf } from './evaluate';
import { memorySource } from './test-support/memory-source';
import { SHOP_TOOLS, shopFiles } from './test-support/shop';

const parsed = (text: string) => {
  const value = JSON.parse(text) as unknown;
  markWholeReals(text, value);
  return value;
};
const quantity = (text: string): ToolCall => ({ tool_name: 'add_to_cart', parameters: parsed(`{"user_id":"u1","product_name":"Whole Milk","quantity":${text}}`) as ToolCall['parameters'] });

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

describe('exactValueKey', () => {
  it("keeps values apart that JSON's text does not: ±Infinity, null, at any depth", () => {
    const keys = ['{"q":1e400}', '{"q":-1e400}', '{"q":null}', '[1e400,null]', '[null,1e400]', '{"a":{"b":[-1e400]}}', '{"a":{"b":[null]}}'].map((text) => exactValueKey(parsed(text)));
    expect(new Set(keys).size).toBe(keys.length);
    expect(exactValueKey(parsed('{"q":1e400}'))).toBe(exactValueKey(parsed('{"q": 1E+400}')));
  });

  it('is the text itself when nothing is out of range (whole reals kept: 2.0 is not 2)', () => {
    expect(exactValueKey(parsed('{"q":null,"r":[1,"x"]}'))).toBe('{"q":null,"r":[1,"x"]}');
    expect(exactValueKey(parsed('{"q":2.0}'))).toBe('{"q":2.0}');
  });
});

describe('calls with numbers out of range', () => {
  it('match only the same infinity, with the memo as without it', () => {
    const tools = toolMap(SHOP_TOOLS);
    const entities = () => new Set<number>();
    for (const ctx of [{ entities }, { entities, pairMemo: new PairMemo() }]) {
      expect(matchCalls([quantity('1e400')], [quantity('-1e400')], tools, ctx).matched).toBe(0);
      expect(matchCalls([quantity('1e400')], [quantity('null')], tools, ctx).matched).toBe(0);
      expect(matchCalls([quantity('1e400')], [quantity('1e401')], tools, ctx).matched).toBe(1);
    }
  });

  it("an agent's -1e400 is not the ground truth's 1e400 (trajectory scoring)", async () => {
    const truth = '{"task_id":"t1","calls":[{"tool_name":"add_to_cart","parameters":{"user_id":"u1","product_name":"Green Apple","quantity":1e400}}],"visual_refs":[],"source":"agreed"}\n';
    const dataset = await loadDataset(memorySource(shopFiles({ 'ground_truth.jsonl': truth })));
    const row = (q: string) =>
      evaluateLine(dataset, engineProvider(SQL, dataset), profileOf(dataset).profile, 'f.jsonl', 1, `{"id":"r${q}","task_id":"t1","model":"m","mode":"static","tool_calls":[{"turn":0,"calls":[{"tool_name":"add_to_cart","parameters":{"user_id":"u1","product_name":"Green Apple","quantity":${q}}}]}]}`)?.row;
    expect(row('1e400')?.matched).toBe(1);
    expect(row('-1e400')?.matched).toBe(0);
  });

  it('two annotations that differ only there do not agree exactly (SPEC §11)', async () => {
    const annotation = (annotator: string, q: string) =>
      `{"task_id":"t1","annotator":"${annotator}","calls":[{"tool_name":"add_to_cart","parameters":{"user_id":"u1","product_name":"Green Apple","quantity":${q}}}],"visual_refs":[],"status":"submitted","revision":1,"updated_at":""}\n`;
    const dataset = await loadDataset(memorySource(shopFiles({ 'annotations/a.jsonl': annotation('a', '1e400'), 'annotations/b.jsonl': annotation('b', '-1e400') })));
    const engines = engineProvider(SQL, dataset);
    try {
      const dashboard = agreementDashboard(dataset, engines, 'a', 'b');
      expect(dashboard.tasks).toMatchObject([{ task_id: 't1', exact: false, call_f1: 0 }]);
    } finally {
      engines.closeAll();
    }
  });
});
