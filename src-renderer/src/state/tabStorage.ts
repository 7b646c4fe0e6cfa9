// The tab's sessionStorage, for what outlives a view or a reload but not the tab (drafts, the
// names of imported files). Storage may be off, full or unreadable: a read then finds nothing, and a
// write leaves the value to live as long as the view that holds it.
const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** The JSON value under `key`, or null when there is none or it cannot be read. */
export function readTabJson(key: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`; `undefined` removes the key. */
export function writeTabJson(key: string, value: unknown): void {
  try {
    if (value === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // refused (full, or off): nothing more to do
  }
}
