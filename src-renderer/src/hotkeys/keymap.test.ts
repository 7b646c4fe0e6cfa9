import { describe, expect, it } from 'vitest';
import { KEYMAP, KEYMAP_SCOPES, keymapCollisions, type KeymapEntry } from './keymap';

describe('the keymap catalogue', () => {
  it('gives no key to two actions that can hold at once', () => {
    expect(keymapCollisions(KEYMAP)).toEqual([]);
  });

  it('the check finds a key shared in one scope, and between scopes that share a workspace', () => {
    const entry = (id: string, keys: string[], scope: KeymapEntry['scope']): KeymapEntry => ({ id, keys, scope, group: 'g', description: id });
    expect(keymapCollisions([entry('a', ['x'], 'replay'), entry('b', ['y', 'x'], 'replay')])).toEqual(['x: a (replay) and b (replay)']);
    // The clip's keys act in Replay too.
    expect(keymapCollisions([entry('a', ['d'], 'clip'), entry('b', ['d'], 'replay')])).toEqual(['d: a (clip) and b (replay)']);
    expect(keymapCollisions([entry('a', ['?'], 'global'), entry('b', ['?'], 'annotate')])).toHaveLength(1);
    // Annotate and Replay are never shown together.
    expect(keymapCollisions([entry('a', ['n'], 'annotate'), entry('b', ['n'], 'replay')])).toEqual([]);
    // A focused call takes Alt+ArrowUp from the task queue on purpose, but not from itself.
    expect(keymapCollisions([entry('a', ['Alt+ArrowUp'], 'annotate'), entry('b', ['Alt+ArrowUp'], 'annotate.call')])).toEqual([]);
    expect(keymapCollisions([entry('a', ['Delete'], 'annotate.call'), entry('b', ['Delete'], 'annotate.call')])).toHaveLength(1);
    expect(keymapCollisions([entry('a', ['q'], 'global'), entry('a', ['w'], 'global')])).toEqual(['a is in the keymap twice']);
  });

  it('frame steps are D/F and C/V, in every workspace that shows a clip', () => {
    const keys = (id: string) => KEYMAP.find((entry) => entry.id === id)?.keys;
    expect(keys('clip.frame-back')).toContain('d');
    expect(keys('clip.frame-forward')).toContain('f');
    expect(keys('clip.ten-back')).toEqual(['c']);
    expect(keys('clip.ten-forward')).toEqual(['v']);
    expect(KEYMAP_SCOPES.clip.workspaces).toEqual(['annotate', 'replay', 'adjudicate']);
    // No other action anywhere steps frames by other keys.
    expect(KEYMAP.filter((entry) => /^(back|forward) .*frames?$/i.test(entry.description) && entry.scope !== 'clip')).toEqual([]);
  });

  it('only chords with Ctrl or Alt work while typing, and the ones that matter most there do', () => {
    const inText = KEYMAP.filter((entry) => 'inText' in entry && entry.inText);
    for (const entry of inText) for (const key of entry.keys) expect(key, entry.id).toMatch(/^(Ctrl|Alt)\+/);
    expect(inText.map((entry) => entry.id)).toEqual(expect.arrayContaining(['annotate.submit', 'palette.open', 'workspace.annotate', 'workspace.reports']));
  });
});
