// The tab's sessionStorage, for what outlives a view or a reload but not the tab (drafts, the
// names of imported files). Storage may be off, full or unreadable: a read then finds nothing, and a
// write leaves the value to live as long as the view that holds it.
// The browser's localStorage (readBrowserJson, writeBrowserJson) is for what must outlive the tab too.
type Kind = 'tab' | 'browser';
const storage = (kind: Kind): Storage | undefined =>
  kind === 'tab' ? (typeof sessionStorage === 'undefined' ? undefined : sessionStorage) : typeof localStorage === 'undefined' ? undefined : localStorage;

function readJson(kind: Kind, key: string): unknown {
  try {
    return JSON.parse(storage(kind)?.getItem(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

function writeJson(kind: Kind, key: string, value: unknown): void {
  try {
    if (value === undefined) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // refused (full, or off): nothing more to do
  }
}

/** The JSON value under `key` in the tab's storage, or null when there is none or it cannot be read. */
export const readTabJson = (key: string): unknown => readJson('tab', key);
/** Keeps `value` as JSON under `key` for the tab; `undefined` removes the key. */
export const writeTabJson = (key: string, value: unknown): void => writeJson('tab', key, value);
/** As readTabJson, in the browser's storage (other tabs, and after the tab is closed). */
export const readBrowserJson = (key: string): unknown => readJson('browser', key);
/** As writeTabJson, in the browser's storage. */
export const writeBrowserJson = (key: string, value: unknown): void => writeJson('browser', key, value);
