import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../../src-main/services/sql-node';
import { createEngine } from '../../engine/engine';
import { stateKey } from '../../engine/state';
import type { DbState } from '../../engine/types';
import type { Task, ToolCall, Trajectory } from '../../format/types';
import { call, SHOP_DATA, SHOP_SCHEMA, SHOP_TOOLS } from '../test-support/shop';
import { agentCalls, egobenchProfile } from './profile';
import { stateDifference } from './taxonomy';

// ResultSucc comes from the shared memo of write sequences; it must equal the plain reading: run
// each side from the seed and compare the dumped state tables.
describe('egobench ResultSucc from the write-sequence memo', () => {
  it('equals dumping both final states, and over_operation shows their difference, over random trajectories sharing one engine', async () => {
    const SQL = await loadSqlJs();
    const scenario = { id: 'shop', schemaSql: SHOP_SCHEMA, dataSql: SHOP_DATA, library: { state_tables: ['carts', 'lists'], tools: SHOP_TOOLS } };
    const engine = createEngine(SQL, scenario);
    const reference = createEngine(SQL, scenario);
    const task: Task = { id: 't1', scenario: 'shop', instruction: 'buy', image_description: '', video: 'v.mp4' };
    const padded = (name: string) => fc.constantFrom(name, ` ${name}`, `${name}\t`);
    const anyCall = fc.oneof(
      fc.tuple(padded('search_products'), fc.constantFrom('apple', 'milk')).map(([tool, name]) => call(tool, { name })),
      fc
        .tuple(padded('add_to_cart'), fc.constantFrom('Green Apple', 'Milk', 'Kiwi'), fc.integer({ min: 0, max: 2 }))
        .map(([tool, product_name, quantity]) => call(tool, { user_id: 'u1', product_name, quantity })),
      fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }).map((items) => call('set_list', { user_id: 'u1', items })),
      fc.constant({ tool_name: 'no_such_tool', parameters: {} }),
      fc.constant({ tool_name: 'add_to_cart', parameters: 'not an object' }),
    );
    const tables = (state: DbState): DbState => ({ carts: state.carts ?? [], lists: state.lists ?? [] });
    const pick = (state: DbState) => stateKey(tables(state));
    let overOperations = 0;
    fc.assert(
      fc.property(fc.array(anyCall, { maxLength: 5 }), fc.array(anyCall, { maxLength: 5 }), (gtCalls, calls) => {
        const trajectory = { id: 'r', task_id: 't1', model: 'm', mode: 'static', dialogue: [], tool_calls: [{ turn: 0, calls }] } as unknown as Trajectory;
        const groundTruth = { task_id: 't1', calls: gtCalls.filter((c) => typeof c.parameters === 'object') as ToolCall[], visual_refs: [], source: 'agreed' as const };
        const score = egobenchProfile.score({ task, groundTruth, scenario, engine, trajectory });
        const gtState = reference.execute(groundTruth.calls).state;
        const agentState = reference.execute(agentCalls(trajectory)).state;
        expect(score.result_succ).toBe(pick(gtState) === pick(agentState));
        if (score.label === 'over_operation') {
          overOperations++;
          // Its evidence shows the states after running every call, reads included.
          expect((score.evidence as { difference: unknown }).difference).toEqual(stateDifference(tables(gtState), tables(agentState)));
        }
      }),
      { numRuns: 400 },
    );
    expect(overOperations).toBeGreaterThan(0);
    engine.close();
    reference.close();
  });
});
