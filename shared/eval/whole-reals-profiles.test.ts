// Where a call's `2.0` is a float (whole-reals.ts): in the egobench profile's datasets, whose
// reference is Python; the paper profile reads it as 2, as SPEC §7's numbers-as-numbers reads it.
import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { stateKey } from '../engine/state';
import type { ScenarioEngine } from '../engine/types';
import { loadDataset, type LoadedDataset } from '../format/loader';
import type { ToolCall, ToolDef } from '../format/types';
import { markWholeReals, wholeRealKeys } from '../format/whole-reals';
import { engineProvider } from './engine-provider';
import { evaluateLine, profileOf } from './evaluate';
import { memorySource } from './test-support/memory-source';
import { jsonl, SHOP_DATA, SHOP_SCHEMA, SHOP_TOOLS, shopFiles } from './test-support/shop';

const amount: ToolDef['parameters'] = { type: 'object', properties: { user_id: { type: 'string' }, amount: { type: 'number' } }, required: ['user_id', 'amount'] };
const NOTE_TOOLS: ToolDef[] = [
  // An amount kept in a TEXT column: REAL 2.0 is stored as '2.0', INTEGER 2 as '2'.
  { name: 'note_amount', description: 'Note an amount', parameters: amount, effect: 'write', steps: [{ sql: 'INSERT INTO notes (user_id, amount) VALUES (:user_id, :amount)' }] },
  {
    name: 'note_amount_checked',
    description: 'The same after a bind step that finds no row, its column named as the parameter',
    parameters: amount,
    effect: 'write',
    steps: [{ sql: 'SELECT amount FROM notes WHERE user_id = :user_id AND 0', bind: true }, { sql: 'INSERT INTO notes (user_id, amount) VALUES (:user_id, :amount)' }],
  },
];

const call = (tool: string, parametersText: string) => `{"tool_name": "${tool}", "parameters": ${parametersText}}`;
const filesOf = (profile: 'paper' | 'egobench') =>
  shopFiles({
    'dataset.json': JSON.stringify({ id: `notes-${profile}`, name: 'Notes', version: '1', modes: ['static'], ...(profile === 'egobench' ? { profile } : {}) }),
    'scenarios/shop/schema.sql': `${SHOP_SCHEMA}\nCREATE TABLE notes (user_id TEXT NOT NULL, amount TEXT NOT NULL);\n`,
    'scenarios/shop/data.sql': SHOP_DATA,
    'scenarios/shop/tools.json': JSON.stringify({ state_tables: ['carts', 'lists', 'notes'], tools: [...SHOP_TOOLS, ...NOTE_TOOLS] }),
    'tasks.jsonl': jsonl([{ id: 't3', scenario: 'shop', instruction: 'User ID: u1. Note two.', image_description: '', video: '' }]),
    'ground_truth.jsonl': `{"task_id": "t3", "calls": [${call('note_amount', '{"user_id": "u1", "amount": 2}')}], "visual_refs": [], "source": "agreed"}\n`,
    'annotations/a.jsonl': `{"task_id": "t3", "annotator": "a", "calls": [${call('note_amount', '{"user_id": "u1", "amount": 2.0}')}], "visual_refs": [], "status": "submitted", "revision": 1, "updated_at": ""}\n`,
  });

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

async function resultSucc(profile: 'paper' | 'egobench', amountText: string): Promise<boolean | undefined> {
  const dataset: LoadedDataset = await loadDataset(memorySource(filesOf(profile)));
  expect(dataset.problems).toEqual([]);
  const line = `{"id": "r1", "task_id": "t3", "model": "m", "mode": "static", "tool_calls": [{"turn": 0, "calls": [${call('note_amount', `{"user_id": "u1", "amount": ${amountText}}`)}]}]}`;
  return evaluateLine(dataset, engineProvider(SQL, dataset), profileOf(dataset).profile, 'f.jsonl', 1, line)?.row?.result_succ;
}

describe("a call's 2.0 against a ground truth's 2", () => {
  it('paper profile: the same number, the same state (as before whole reals)', async () => {
    expect(await resultSucc('paper', '2.0')).toBe(true);
  });
  it('egobench profile: a float, stored apart from the int', async () => {
    expect(await resultSucc('egobench', '2.0')).toBe(false);
    expect(await resultSucc('egobench', '2')).toBe(true);
  });
});

it("annotations' calls are not marked: the studio's agreement gets them as a structured clone, and agrees with the CLI's", async () => {
  const dataset = await loadDataset(memorySource(filesOf('egobench')));
  expect([...wholeRealKeys(dataset.annotations.get('a')!.get('t3')!.calls[0].parameters)]).toEqual([]);
});

describe('the engine', () => {
  it("gives a parameter written 2.0 back as a REAL when a bind step of its column's name finds no row", async () => {
    const dataset = await loadDataset(memorySource(filesOf('egobench')));
    const engine = engineProvider(SQL, dataset)('shop') as ScenarioEngine;
    const written = (tool: string, text: string): ToolCall => {
      const parameters = JSON.parse(text) as ToolCall['parameters'];
      markWholeReals(text, parameters);
      expect([...wholeRealKeys(parameters)]).toEqual(['amount']);
      return { tool_name: tool, parameters };
    };
    const state = (c: ToolCall) => stateKey(engine.execute([c]).state);
    expect(state(written('note_amount_checked', '{"user_id": "u1", "amount": 2.0}'))).toBe(state(written('note_amount', '{"user_id": "u1", "amount": 2.0}')));
    expect(engine.execute([written('note_amount_checked', '{"user_id": "u1", "amount": 2.0}')]).state.notes).toEqual([{ user_id: 'u1', amount: '2.0' }]);
  });
});
