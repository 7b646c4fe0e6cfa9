// SQL text for seed data: values written as SQLite literals, rows as INSERT statements.

export type SeedValue = unknown;

/** A value as an SQLite literal; arrays and objects are stored as compact JSON text. */
export function sqlLiteral(value: SeedValue): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * One INSERT per row, columns in the given order. A row repeating a unique key replaces the
 * earlier one, as loading the release's lists into Python dicts does (e.g. a cart naming a product twice).
 */
export function insertRows(table: string, columns: string[], rows: SeedValue[][]): string {
  const head = `INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES `;
  return rows.map((row) => `${head}(${row.map(sqlLiteral).join(', ')});`).join('\n');
}

/** Python's str.lower() for names the release lower-cases on load. */
export function lowerName(value: unknown): string {
  return String(value ?? '').toLowerCase();
}

/** A seed value lower-cased when it is text (the release lower-cases names and tags on load), else kept. */
export function lowerText(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/** A seed list with its text entries lower-cased; not a list: empty. */
export function lowerList(value: unknown): unknown[] {
  return Array.isArray(value) ? value.map(lowerText) : [];
}

/** The objects of a seed list (anything else in it is skipped). */
export function seedObjects(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];
}
