// Values computed from texts that recur across runs (instructions, tool results), memoised
// (the sibling of BoundedMap, bounded by the texts' length instead of their count).

/** A memo by text, bounded by the total length of the texts it holds: past it, it starts afresh. */
export class TextMemo<T> {
  private readonly values = new Map<string, T>();
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    private readonly compute: (text: string) => T,
  ) {}

  get(text: string): T {
    let value = this.values.get(text);
    if (value === undefined) {
      value = this.compute(text);
      if (this.chars + text.length > this.maxChars) {
        this.values.clear();
        this.chars = 0;
      }
      this.values.set(text, value);
      this.chars += text.length;
    }
    return value;
  }
}
