// Names in the order a person counts them: their numbers read as numbers (kitchen1-2 before
// kitchen1-11), UTF-16 code units breaking ties so that the order is total and the same everywhere.
const naturally = new Intl.Collator('en', { numeric: true });

export function byNaturalName(a: string, b: string): number {
  return naturally.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
