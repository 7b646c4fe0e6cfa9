// What call comparison asks of an engine, memoised per engine: both profiles compare entity
// names against the same seed again and again.
import type { ScenarioEngine } from '../engine/types';
import { PairMemo, type MatchContext } from './canonical';

const matchContexts = new WeakMap<ScenarioEngine, MatchContext>();

/** Entity lookups of one engine, memoised: the seed never changes, and names repeat a lot. */
export function matchContext(engine: ScenarioEngine): MatchContext {
  let ctx = matchContexts.get(engine);
  if (!ctx) {
    // By column, then by string: no key is built per look-up (matching asks for the same names again
    // and again), and the last column's memo is at hand (look-ups come in runs on one column).
    const byTable = new Map<string, Map<string, Map<string, Set<number>>>>();
    let size = 0;
    let last: { table: string; column: string; memo: Map<string, Set<number>> } | undefined;
    const columnMemo = (table: string, column: string): Map<string, Set<number>> => {
      if (last !== undefined && last.table === table && last.column === column) return last.memo;
      let byColumn = byTable.get(table);
      if (!byColumn) byTable.set(table, (byColumn = new Map()));
      let memo = byColumn.get(column);
      if (!memo) byColumn.set(column, (memo = new Map()));
      last = { table, column, memo };
      return memo;
    };
    ctx = {
      pairMemo: new PairMemo(),
      entities: (table, column, s) => {
        const memo = columnMemo(table, column);
        let rows = memo.get(s);
        if (!rows) {
          rows = engine.entityMatches(table, column, s);
          if (size++ > 100_000) {
            byTable.clear();
            last = undefined;
            size = 1;
          }
          columnMemo(table, column).set(s, rows);
        }
        return rows;
      },
    };
    matchContexts.set(engine, ctx);
  }
  return ctx;
}

