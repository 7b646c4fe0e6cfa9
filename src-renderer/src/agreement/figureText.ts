// Agreement figures as the dashboard writes them, and a call's parameter values as the agreement
// views show them ('—': none).
import type { Json } from '../../../shared/format/types';

export const num = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
export const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

/** A parameter's value as JSON (a string in its quotes). */
export function formatValue(value: Json | undefined): string {
  if (value === undefined) return '—';
  return JSON.stringify(value);
}
