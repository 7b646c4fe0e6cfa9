// SPEC §8.1's `x-match` entity rule, which both profiles apply (the paper's fuzzy retrieval).

/** The seed rows whose TABLE.COLUMN a name fuzzy-matches (an engine's look-up, memoised by the caller). */
export type EntityLookup = (table: string, column: string, s: string) => Set<number>;

/**
 * Two entity names match when the seed rows each one names share a row; where either names
 * none, when one contains the other (case-insensitive).
 */
export function entityNamesMatch(a: string, b: string, rowsA: ReadonlySet<number>, rowsB: ReadonlySet<number>): boolean {
  if (rowsA.size === 0 || rowsB.size === 0) {
    const la = a.toLowerCase();
    const lb = b.toLowerCase();
    return la.includes(lb) || lb.includes(la);
  }
  for (const row of rowsA) if (rowsB.has(row)) return true;
  return false;
}
