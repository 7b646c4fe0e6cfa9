// Agreement of two labelings of the same items (automatic and human taxonomy labels): the
// confusion matrix and Cohen's kappa, κ = (p_o - p_e) / (1 - p_e).

export interface Confusion {
  /** Row and column categories, in the order given (then any extra ones seen, sorted). */
  labels: string[];
  /** matrix[i][j]: items labelled labels[i] by the first rater and labels[j] by the second. */
  matrix: number[][];
  total: number;
  /** Share of items on the diagonal; null without items. */
  observed: number | null;
  /** Agreement expected by chance from the marginals; null without items. */
  expected: number | null;
  /** Cohen's kappa; null without items, 1 when both raters use one and the same category only. */
  kappa: number | null;
}

export function confusion(pairs: readonly (readonly [string, string])[], labelOrder: readonly string[] = []): Confusion {
  const extra = new Set<string>();
  for (const [a, b] of pairs) {
    if (!labelOrder.includes(a)) extra.add(a);
    if (!labelOrder.includes(b)) extra.add(b);
  }
  const labels = [...labelOrder, ...[...extra].sort()];
  const index = new Map(labels.map((l, i) => [l, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  for (const [a, b] of pairs) matrix[index.get(a)!][index.get(b)!]++;
  const total = pairs.length;
  if (total === 0) return { labels, matrix, total, observed: null, expected: null, kappa: null };
  let diagonal = 0;
  let expected = 0;
  for (let i = 0; i < labels.length; i++) {
    diagonal += matrix[i][i];
    const row = matrix[i].reduce((s, n) => s + n, 0);
    const column = matrix.reduce((s, r) => s + r[i], 0);
    expected += (row / total) * (column / total);
  }
  const observed = diagonal / total;
  const kappa = expected === 1 ? (observed === 1 ? 1 : 0) : (observed - expected) / (1 - expected);
  return { labels, matrix, total, observed, expected, kappa };
}
