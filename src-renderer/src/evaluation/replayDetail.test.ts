// The worker's replay of one trajectory on the hand-made shop dataset: results, state diffs,
// ground-truth pairing and the cascade.
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../shared/engine/engine';
import { SQL_JS_CONFIG } from '../../../shared/engine/sql-js-config';
import { memorySource } from '../../../shared/eval/test-support/memory-source';
import { call, shopFiles, SHOP_TOOLS } from '../../../shared/eval/test-support/shop';
import { loadDataset } from '../../../shared/format/loader';
import type { Trajectory } from '../../../shared/format/types';
import type { TrajectoryRow } from './protocol';
import { replayDetail } from './replayDetail';

describe('replayDetail', () => {
  it('replays each call with its state diff, compares recorded results and pairs the ground truth', async () => {
    const SQL = await initSqlJs(SQL_JS_CONFIG);
    const dataset = await loadDataset(memorySource(shopFiles()));
    const engine = createEngine(SQL, dataset.scenarios.get('shop')!);
    const trajectory: Trajectory = {
      id: 'x',
      task_id: 't1',
      model: 'm',
      mode: 'dynamic_easy',
      dialogue: [{ role: 'user', turn: 0, content: 'User ID: u1. Add two of the apple in my hand to my cart.' }],
      tool_calls: [
        {
          turn: 0,
          calls: [call('search_products', { name: 'apple' })],
          // Recorded result differs from what the engine returns (price of the red apple).
          results: [{ role: 'tool', content: '{"products":[{"product_name":"Green Apple","price":0.5},{"product_name":"Red Apple","price":0.9}],"count":2}' }],
        },
        { turn: 0, calls: [call('add_to_cart', { user_id: 'u1', product_name: 'Red Apple', quantity: 2 }), 'not a call'] },
      ],
    };
    const row = { id: 'x', label: 'perception', scenario: 'shop' } as TrajectoryRow;
    const detail = replayDetail(dataset, engine, 'paper', trajectory, row);
    engine.close();

    expect(detail.steps).toHaveLength(3);
    const [search, add, bad] = detail.steps;
    expect(search.resultDiff).toEqual(['products[1].price']);
    expect(search.diff).toEqual([]);
    expect(search.gtIndex).toBe(0);
    expect(add.recorded).toBeNull();
    expect(add.replayed.ok).toBe(true);
    expect(add.diff).toEqual([{ table: 'carts', added: [{ user_id: 'u1', product_name: 'Red Apple', quantity: 2 }], removed: [], changed: [] }]);
    expect(add.gtIndex).toBeNull(); // Red Apple is not the ground truth's Green Apple: extra
    expect(bad.call).toBeNull();
    expect(bad.replayed.ok).toBe(false);
    expect(detail.gt.map((g) => g.entry)).toEqual([0, null]);
    // Final state against the ground truth's: a Green Apple row is missing, a Red Apple row is extra.
    expect(detail.finalDiff[0].table).toBe('carts');
    expect(detail.cascade?.label).toBe('syntactic');
    expect(detail.cascade?.predicates.find((p) => p.label === 'perception')?.held).toBe(true);
  });

  it('pairs calls as the dataset profile scores them: the egobench profile by the official matching', async () => {
    const SQL = await initSqlJs(SQL_JS_CONFIG);
    // A quantity written as a string: the official equality takes "2" for 2, SPEC §8.1 does not.
    // The first entry has no parameters: no call for SPEC §8.2, one with none for the official reading.
    const calls = [{ tool_name: 'search_products' }, call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: '2' })];
    const trajectory: Trajectory = { id: 'z', task_id: 't1', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls }] };
    const row = { id: 'z', label: 'logic', scenario: 'shop' } as TrajectoryRow;
    const pairing = async (profile: 'paper' | 'egobench') => {
      const meta = { id: 'shop', name: 'Shop', version: '1', modes: ['dynamic_easy'], profile };
      const dataset = await loadDataset(memorySource(shopFiles({ 'dataset.json': JSON.stringify(meta) })));
      const engine = createEngine(SQL, dataset.scenarios.get('shop')!);
      try {
        const detail = replayDetail(dataset, engine, profile, trajectory, row);
        return { gt: detail.gt.map((g) => g.entry), steps: detail.steps.map((s) => s.gtIndex) };
      } finally {
        engine.close();
      }
    };
    expect(await pairing('paper')).toEqual({ gt: [1, null], steps: [null, 0, null] });
    expect(await pairing('egobench')).toEqual({ gt: [1, 2], steps: [null, 0, 1] });
  });

  it('shows what a failed x-partial write kept at that write, not at the next one', async () => {
    const SQL = await initSqlJs(SQL_JS_CONFIG);
    const stockUp = {
      name: 'stock_up',
      description: 'A line for the user, then a check that may fail: the line stays',
      parameters: { type: 'object', properties: { product_name: { type: 'string' } }, required: ['product_name'] },
      effect: 'write',
      'x-partial': true,
      steps: [{ sql: "INSERT INTO carts (user_id, product_name, quantity) VALUES ('u1', 'Kept', 1)" }, { sql: 'SELECT 1 FROM products WHERE product_name = :product_name', expect: 'one' }],
      returns: { status: 'success' },
    };
    const tools = JSON.stringify({ state_tables: ['carts', 'lists'], tools: [...SHOP_TOOLS, stockUp] });
    const dataset = await loadDataset(memorySource(shopFiles({ 'scenarios/shop/tools.json': tools })));
    const engine = createEngine(SQL, dataset.scenarios.get('shop')!);
    const calls = [call('stock_up', { product_name: 'Kiwi' }), call('add_to_cart', { user_id: 'u1', product_name: 'Green Apple', quantity: 2 })];
    const trajectory: Trajectory = { id: 'y', task_id: 't1', model: 'm', mode: 'dynamic_easy', dialogue: [], tool_calls: [{ turn: 0, calls }] };
    const detail = replayDetail(dataset, engine, 'paper', trajectory, { id: 'y', label: 'logic', scenario: 'shop' } as TrajectoryRow);
    engine.close();
    const added = (step: (typeof detail.steps)[number]) => step.diff.flatMap((d) => d.added.map((row) => row.product_name));
    expect(detail.steps[0].replayed.ok).toBe(false);
    expect(detail.steps.map(added)).toEqual([['Kept'], ['Green Apple']]);
  });
});
