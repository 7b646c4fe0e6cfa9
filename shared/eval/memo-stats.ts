// How often the scorer's memos (final states by write sequence, replayed results by prefix)
// answered instead of running calls: counted per thread, read by the bench.
export interface MemoStats {
  hits: number;
  misses: number;
}

export const memoStats: MemoStats = { hits: 0, misses: 0 };

/** The counts since `before` (a copy taken earlier). */
export function memoStatsSince(before: MemoStats): MemoStats {
  return { hits: memoStats.hits - before.hits, misses: memoStats.misses - before.misses };
}
