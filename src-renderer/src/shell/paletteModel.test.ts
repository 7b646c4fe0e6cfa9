import { describe, expect, it } from 'vitest';
import { PALETTE_LIMIT, paletteResults, type PaletteEntry } from './paletteModel';

const entries: PaletteEntry[] = [
  { kind: 'workspace', id: 'w:replay', label: 'Replay', hint: 'Alt+3' },
  { kind: 'action', id: 'a:help', label: 'Show or hide this list of shortcuts', hint: '?' },
  { kind: 'task', id: 't:retail-01', label: 'retail-01', hint: 'retail' },
  { kind: 'task', id: 't:kitchen-01', label: 'kitchen-01', hint: 'kitchen' },
  ...Array.from({ length: 30 }, (_, i): PaletteEntry => ({ kind: 'trajectory', id: `r:${i}`, label: `gpt/static/retail-${String(i).padStart(2, '0')}`, hint: 'gpt' })),
];

describe('palette results', () => {
  it('lists workspaces and actions without a query, never the long lists', () => {
    expect(paletteResults(entries, '').map((g) => g.kind)).toEqual(['workspace', 'action']);
  });
  it('needs every word, case-insensitive, in the label, hint or keywords', () => {
    const groups = paletteResults(entries, 'KITCHEN 01');
    expect(groups.map((g) => [g.kind, g.items.map((i) => i.label)])).toEqual([['task', ['kitchen-01']]]);
    expect(paletteResults(entries, 'alt+3')[0].items[0].label).toBe('Replay');
    expect(paletteResults(entries, 'nothing like it')).toEqual([]);
  });
  it('cuts tasks and trajectories to a few, ids starting with the query first, and counts the rest', () => {
    const groups = paletteResults(entries, 'retail');
    const tasks = groups.find((g) => g.kind === 'task')!;
    expect(tasks.items.map((i) => i.label)).toEqual(['retail-01']);
    const runs = groups.find((g) => g.kind === 'trajectory')!;
    expect(runs.items).toHaveLength(PALETTE_LIMIT);
    expect(runs.more).toBe(30 - PALETTE_LIMIT);
    expect(paletteResults(entries, 'gpt/static/retail-29')[0].items.map((i) => i.label)).toEqual(['gpt/static/retail-29']);
  });
  it('typing on narrows the last matches: the same results as the query asked afresh', () => {
    const typed = ['r', 're', 'ret', 'retail', 'retail ', 'retail 2', 'retail 29', 'retail 2', 'k', 'KI'].map((q) => paletteResults(entries, q));
    const afresh = ['r', 're', 'ret', 'retail', 'retail ', 'retail 2', 'retail 29', 'retail 2', 'k', 'KI'].map((q) => paletteResults([...entries], q));
    expect(typed).toEqual(afresh);
  });
});
