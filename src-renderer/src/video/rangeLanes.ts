// Ranges of one timeline track that overlap in frames (two references of the same moment, an
// annotator's range over another's) are stacked in lanes instead of drawn over each other, where
// the one beneath could be neither seen nor clicked.

/** Each range's lane (0 first), in the order given, and how many lanes the track needs (at least one). */
export function rangeLanes(ranges: readonly { first: number; last: number }[]): { lanes: number[]; count: number } {
  const order = ranges.map((_, i) => i).sort((a, b) => ranges[a].first - ranges[b].first || ranges[a].last - ranges[b].last || a - b);
  /** The last frame taken in each lane so far. */
  const ends: number[] = [];
  const lanes = new Array<number>(ranges.length).fill(0);
  for (const i of order) {
    const free = ends.findIndex((end) => end < ranges[i].first);
    const lane = free === -1 ? ends.length : free;
    ends[lane] = ranges[i].last;
    lanes[i] = lane;
  }
  return { lanes, count: Math.max(1, ends.length) };
}
