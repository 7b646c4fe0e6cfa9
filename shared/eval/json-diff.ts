// Where two JSON values differ, as paths (`products[0].price`), for marking a recorded result
// against the replayed one. Object keys compare as sets; arrays by position.

export function jsonDiffPaths(a: unknown, b: unknown, limit = 50): string[] {
  const out: string[] = [];
  walk(a, b, '', out, limit);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function walk(a: unknown, b: unknown, path: string, out: string[], limit: number): void {
  if (out.length >= limit) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) walk(a[i], b[i], `${path}[${i}]`, out, limit);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) walk(a[key], b[key], path === '' ? key : `${path}.${key}`, out, limit);
    return;
  }
  if (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) : a === b) return;
  out.push(path === '' ? '(whole result)' : path);
}
