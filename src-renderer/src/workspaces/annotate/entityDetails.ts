// Which columns tell entities apart in the entity combobox: besides the key column, the first
// two other text columns of its table (e.g. a product's category and colour), leaving out ids.

export interface ColumnInfo {
  name: string;
  /** The declared type, as PRAGMA table_info gives it. */
  type: string;
}

export function distinguishingColumns(columns: readonly ColumnInfo[], key: string, count = 2): string[] {
  return columns
    .filter((c) => c.name !== key && /char|text|clob/i.test(c.type) && !/(^|_)id$/i.test(c.name))
    .slice(0, count)
    .map((c) => c.name);
}
