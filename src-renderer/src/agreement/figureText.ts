// Agreement figures as the dashboard writes them ('—': none).
export const num = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
export const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);
