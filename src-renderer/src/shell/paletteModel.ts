// What the Ctrl+K palette offers for a query (pure, unit-tested): workspaces, the keymap's
// actions, tasks and evaluated trajectories by id. Every word of the query must occur in an
// entry's text (case-insensitive); long lists are cut to a few matches each.

export interface PaletteEntry {
  kind: 'workspace' | 'action' | 'task' | 'trajectory';
  /** Unique among the entries. */
  id: string;
  label: string;
  /** Shown at the right: keys, scenario, model. */
  hint?: string;
  /** More words the query may match (not shown). */
  keywords?: string;
}

export const PALETTE_GROUPS: { kind: PaletteEntry['kind']; heading: string }[] = [
  { kind: 'workspace', heading: 'Workspaces' },
  { kind: 'task', heading: 'Tasks' },
  { kind: 'trajectory', heading: 'Trajectories' },
  { kind: 'action', heading: 'Actions' },
];

/** At most this many tasks and trajectories are listed (the rest: type more of the id). */
export const PALETTE_LIMIT = 20;

const wordsOf = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Each entry's text and label in lower case, made once (60,000 entries made again per key: a 100 ms key). */
const lowered = new WeakMap<PaletteEntry, { text: string; label: string }>();
function loweredOf(entry: PaletteEntry): { text: string; label: string } {
  let found = lowered.get(entry);
  if (!found) lowered.set(entry, (found = { text: `${entry.label} ${entry.hint ?? ''} ${entry.keywords ?? ''}`.toLowerCase(), label: entry.label.toLowerCase() }));
  return found;
}

const matchesWords = (entry: PaletteEntry, words: readonly string[]): boolean => {
  const { text } = loweredOf(entry);
  return words.every((w) => text.includes(w));
};

/** The entries of each kind, sorted out once per list of entries. */
const byKind = new WeakMap<readonly PaletteEntry[], Map<PaletteEntry['kind'], PaletteEntry[]>>();
function entriesOfKind(entries: readonly PaletteEntry[], kind: PaletteEntry['kind']): PaletteEntry[] {
  let kinds = byKind.get(entries);
  if (!kinds) {
    kinds = new Map();
    for (const entry of entries) {
      const list = kinds.get(entry.kind);
      if (list) list.push(entry);
      else kinds.set(entry.kind, [entry]);
    }
    byKind.set(entries, kinds);
  }
  return kinds.get(kind) ?? [];
}

/** The last query's matches, by kind, of the list they came from (the query in lower case, trimmed). */
let last: { entries: readonly PaletteEntry[]; query: string; matching: Map<PaletteEntry['kind'], PaletteEntry[]> } | null = null;

/**
 * The entries for a query, grouped in PALETTE_GROUPS order. Without a query: the workspaces and
 * actions only (tasks and trajectories can number thousands). Counts of what was cut are kept.
 */
export function paletteResults(entries: readonly PaletteEntry[], query: string): { kind: PaletteEntry['kind']; heading: string; items: PaletteEntry[]; more: number }[] {
  const q = query.trim();
  const words = wordsOf(q);
  const lower = q.toLowerCase();
  // Typing on (the query extends the last one): what matches now matched then, so only those are looked at.
  const narrowing = last?.entries === entries && last.query !== '' && lower.startsWith(last.query) ? last.matching : null;
  const matchingNow = new Map<PaletteEntry['kind'], PaletteEntry[]>();
  last = { entries, query: lower, matching: matchingNow };
  return PALETTE_GROUPS.map(({ kind, heading }) => {
    const many = kind === 'task' || kind === 'trajectory';
    if (many && q === '') return { kind, heading, items: [], more: 0 };
    const matching = (narrowing?.get(kind) ?? entriesOfKind(entries, kind)).filter((e) => matchesWords(e, words));
    matchingNow.set(kind, matching);
    // Ids that start with the query first, then the rest in their order.
    const ranked = many ? [...matching.filter((e) => loweredOf(e).label.startsWith(lower)), ...matching.filter((e) => !loweredOf(e).label.startsWith(lower))] : matching;
    const items = many ? ranked.slice(0, PALETTE_LIMIT) : ranked;
    return { kind, heading, items, more: matching.length - items.length };
  }).filter((g) => g.items.length > 0);
}
