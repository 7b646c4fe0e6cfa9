// Memos of values that recur across runs (verdicts, leaves, canonical strings), each bounded by
// entry count: past its limit a memo starts afresh, which keeps memory bounded by a rule that
// costs nothing per look-up (no recency to track; a cleared memo refills with what recurs).

export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, value);
  }
}
