// Property: a trajectory whose calls equal the ground truth is always `correct`, however its
// calls are split into items, whatever its results encoding and mode.
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src-main/services/sql-node';
import { evaluateInMemory } from './test-support/evaluate-memory';
import { call, jsonl, shopFiles } from './test-support/shop';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

const product = fc.constantFrom('Green Apple', 'red apple', 'Milk', 'coca cola', 'Kiwi');
const anyCall = fc.oneof(
  fc.record({ name: fc.constantFrom('apple', 'cola', 'milk', 'x') }).map((p) => call('search_products', p)),
  fc.record({ user_id: fc.constantFrom('u1', 'u2'), product_name: product, quantity: fc.integer({ min: 0, max: 30 }) }).map((p) => call('add_to_cart', p)),
  fc.record({ user_id: fc.constant('u1'), items: fc.array(product, { maxLength: 3 }) }).map((p) => call('set_list', p)),
  fc.record({ names: fc.array(product, { maxLength: 3 }) }).map((p) => call('compare_products', p)),
);

describe('evaluation properties', () => {
  it('calls equal to the ground truth always give correct', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyCall, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('string', 'array', 'none'),
        fc.constantFrom('dynamic_easy', 'static'),
        async (calls, perItem, encoding, mode) => {
          const items = [];
          for (let i = 0; i < calls.length; i += perItem) {
            const chunk = calls.slice(i, i + perItem);
            const results =
              encoding === 'string' ? chunk.map(() => '{"status":"success"}').join('; ') : encoding === 'array' ? chunk.map((c) => ({ role: 'tool', tool_name: c.tool_name, content: '{}' })) : undefined;
            items.push({ turn: i === 0 ? 0 : i, calls: chunk, ...(results ? { results } : {}) });
          }
          const files = shopFiles({
            'ground_truth.jsonl': jsonl([{ task_id: 't1', calls, visual_refs: [{ id: 'r', description: '', entity: 'Green Apple', start: 0, end: 1 }], source: 'agreed' }]),
          });
          const { report } = await evaluateInMemory(SQL, files, {
            'trajectories/p.jsonl': [{ id: 'p', task_id: 't1', model: 'm', mode, dialogue: [], tool_calls: items }],
          });
          expect(report.problems).toEqual([]);
          expect(report.trajectories[0]).toMatchObject({ label: 'correct', joint_succ: true, matched: calls.length });
        },
      ),
      { numRuns: 60 },
    );
  });
});
