// What call comparison asks of an engine, memoised per engine: both profiles compare entity
// names against the same seed again and again.
import type { ScenarioEngine } from '../engine/types';
import { PairMemo, type MatchContext } from './canonical';

const matchContexts = new WeakMap<ScenarioEngine, MatchContext>();

/** Entity lookups of one engine, memoised: the seed never changes, and names repeat a lot. */
export function matchContext(engine: ScenarioEngine): MatchContext {
  let ctx = matchContexts.get(engine);
  if (!ctx) {
    // By column, then by string: no key is built per look-up (matching asks for the same names again and again).
    const byTable = new Map<string, Map<string, Map<string, Set<number>>>>();
    let size = 0;
    ctx = {
      pairMemo: new PairMemo(),
      entities: (table, column, s) => {
        let byColumn = byTable.get(table);
        if (!byColumn) byTable.set(table, (byColumn = new Map()));
        let memo = byColumn.get(column);
        if (!memo) byColumn.set(column, (memo = new Map()));
        let rows = memo.get(s);
        if (!rows) {
          rows = engine.entityMatches(table, column, s);
          if (size++ > 100_000) {
            byTable.clear();
            size = 1;
          }
          memo.set(s, rows);
        }
        return rows;
      },
    };
    matchContexts.set(engine, ctx);
  }
  return ctx;
}

