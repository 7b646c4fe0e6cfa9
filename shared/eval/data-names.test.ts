// Model, mode and parameter names come from data: `__proto__`, `constructor` and `prototype` are
// names like any other, loaded, scored and counted in the totals (SPEC §10, §12).
import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { evaluateInMemory } from './test-support/evaluate-memory';
import { call, shopFiles } from './test-support/shop';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

const names = ['__proto__', 'constructor', 'prototype'];
const trajectory = (id: string, model: string, mode: string, parameters: Record<string, unknown>) => ({
  id,
  task_id: 't2',
  model,
  mode,
  dialogue: [{ role: 'user', turn: 0, content: 'Make my list: milk then cola. User ID: u1.' }],
  tool_calls: [{ turn: 0, calls: [call('set_list', parameters)] }],
  rounds_count: 1,
});

describe('names from data in an evaluation', () => {
  it('counts models and modes named __proto__, constructor and prototype in the totals', async () => {
    const right = { user_id: 'u1', items: ['Whole Milk', 'Coca Cola Zero'] };
    const lines = names.flatMap((name) => [trajectory(`${name}-1`, name, name, right), trajectory(`${name}-2`, name, 'static', { user_id: 'u1', items: [] })]);
    // JSON text, so that the keys arrive as they would from a file (an object literal would set a prototype).
    const { report } = await evaluateInMemory(SQL, shopFiles(), { 'trajectories/a.jsonl': lines.map((line) => JSON.stringify(line)).join('\n') });
    expect(report.problems).toEqual([]);
    expect(report.trajectories).toHaveLength(6);
    const models = JSON.parse(JSON.stringify(report.models)) as typeof report.models;
    expect(Object.keys(models).sort()).toEqual([...names].sort());
    for (const name of names) {
      const figures = Object.getOwnPropertyDescriptor(models, name)!.value as (typeof models)[string];
      expect(Object.keys(figures.modes).sort(), name).toEqual([name, 'static'].sort());
      expect(Object.getOwnPropertyDescriptor(figures.modes, name)!.value.joint_succ, name).toBe(1);
      expect(figures.modes.static.joint_succ, name).toBe(0);
      expect(figures.overall.joint_succ, name).toBe(0.5);
    }
  });

  it('scores a call whose parameters hold a key named __proto__ or constructor as the data it is', async () => {
    const line = (id: string, extra: string) =>
      `{"id": "${id}", "task_id": "t1", "model": "m", "mode": "static", "dialogue": [{"role": "user", "turn": 0, "content": "User ID: u1. Add two of the apple in my hand."}], ` +
      `"tool_calls": [{"turn": 0, "calls": [{"tool_name": "search_products", "parameters": {"name": "apple"}}, ` +
      `{"tool_name": "add_to_cart", "parameters": {"user_id": "u1", "product_name": "Green Apple", "quantity": 3${extra}}}]}]}`;
    const text = [line('plain', ''), line('proto', ', "__proto__": 1'), line('ctor', ', "constructor": 1')].join('\n');
    const { report } = await evaluateInMemory(SQL, shopFiles(), { 'trajectories/a.jsonl': text });
    expect(report.problems).toEqual([]);
    const labels = Object.fromEntries(report.trajectories.map((t) => [t.id, t.label]));
    // A wrong quantity: logic. The same call with a parameter add_to_cart does not declare
    // (additionalProperties: false) breaks the schema (§9.1), whatever the parameter's name.
    expect(labels).toEqual({ plain: 'logic', proto: 'syntactic', ctor: 'syntactic' });
  });
});
