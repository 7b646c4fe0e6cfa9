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

export function matchesQuery(entry: PaletteEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${entry.label} ${entry.hint ?? ''} ${entry.keywords ?? ''}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/**
 * The entries for a query, grouped in PALETTE_GROUPS order. Without a query: the workspaces and
 * actions only (tasks and trajectories can number thousands). Counts of what was cut are kept.
 */
export function paletteResults(entries: readonly PaletteEntry[], query: string): { kind: PaletteEntry['kind']; heading: string; items: PaletteEntry[]; more: number }[] {
  const q = query.trim();
  return PALETTE_GROUPS.map(({ kind, heading }) => {
    const many = kind === 'task' || kind === 'trajectory';
    if (many && q === '') return { kind, heading, items: [], more: 0 };
    const matching = entries.filter((e) => e.kind === kind && matchesQuery(e, q));
    // Ids that start with the query first, then the rest in their order.
    const lower = q.toLowerCase();
    const ranked = many ? [...matching.filter((e) => e.label.toLowerCase().startsWith(lower)), ...matching.filter((e) => !e.label.toLowerCase().startsWith(lower))] : matching;
    const items = many ? ranked.slice(0, PALETTE_LIMIT) : ranked;
    return { kind, heading, items, more: matching.length - items.length };
  }).filter((g) => g.items.length > 0);
}
