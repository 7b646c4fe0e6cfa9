// The "Go to" palette (Ctrl+K): workspaces, tasks and evaluated trajectories by id, and every
// action of the keymap (its catalogue, hotkeys/keymap.ts) that can run in the view shown. cmdk
// gives the combobox and listbox (typing filters, ↑/↓ move, Enter picks, with ARIA roles); the
// shared Dialog gives the focus trap and Escape.
import { Command } from 'cmdk';
import { useMemo, useRef, useState } from 'react';
import { Dialog } from '../components/Dialog';
import { hotkeys } from '../hotkeys/hotkeyRegistry';
import { focusOf, keymapEntry } from '../hotkeys/keymap';
import { useHotkeyActions } from '../hotkeys/useHotkeys';
import { useStudioStore } from '../state/store';
import { selectTrajectoryRows } from '../state/evaluationSlice';
import { replayHash } from '../workspaces/replay/deepLink';
import { taskHash } from '../workspaces/taskLink';
import { hashForWorkspace, workspaceIds, workspaceLabels } from '../workspaces/workspaces';
import { paletteResults, type PaletteEntry } from './paletteModel';

/** Moves the page to a route (#/annotate, #/replay/<id>/0): the hash router does the rest. */
function go(hash: string): void {
  window.location.hash = hash;
}

export function CommandPalette() {
  const open = useStudioStore((state) => state.paletteOpen);
  const setOpen = useStudioStore((state) => state.setPaletteOpen);
  const taskIds = useStudioStore((state) => state.datasetCheck?.taskIds);
  const rows = useStudioStore(selectTrajectoryRows);
  const actions = useHotkeyActions();
  const [query, setQuery] = useState('');
  const chosenAction = useRef<(typeof actions)[number] | null>(null);

  const entries = useMemo((): PaletteEntry[] => {
    if (!open) return [];
    return [
      ...workspaceIds.map((w): PaletteEntry => ({ kind: 'workspace', id: `workspace:${w}`, label: workspaceLabels[w], hint: keymapEntry(`workspace.${w}`).keys.join(' '), keywords: 'workspace go to' })),
      ...(taskIds ?? []).map((t): PaletteEntry => ({ kind: 'task', id: `task:${t}`, label: t, hint: 'open in Annotate' })),
      ...rows.map((r): PaletteEntry => ({ kind: 'trajectory', id: `trajectory:${r.id}`, label: r.id, hint: `${r.model} · ${r.mode} · ${r.label}` })),
      ...actions
        .filter((a) => a.id !== 'palette.open' && a.id !== 'help.close')
        .map((a): PaletteEntry => ({ kind: 'action', id: `action:${a.id}`, label: a.description, hint: a.keys.join(' '), keywords: `${a.group} ${focusOf(a)?.label ?? ''}` })),
    ];
  }, [open, taskIds, rows, actions]);
  const groups = useMemo(() => paletteResults(entries, query), [entries, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const pick = (entry: PaletteEntry) => {
    close();
    const [kind, ...rest] = entry.id.split(':');
    const id = rest.join(':');
    if (kind === 'workspace') go(hashForWorkspace(id as (typeof workspaceIds)[number]));
    else if (kind === 'task') go(taskHash('annotate', id)); // Annotate opens it once it has loaded the dataset
    else if (kind === 'trajectory') go(replayHash(id, 0));
    else {
      // Run once the dialog has closed and given the focus back, so the action acts on the page
      // (a timer ran it before the focus came back: "Focus the last task" was undone by it).
      const action = actions.find((a) => a.id === id);
      if (action) chosenAction.current = action;
    }
  };
  const runChosen = () => {
    const action = chosenAction.current;
    chosenAction.current = null;
    if (action) hotkeys.run(action.id, new KeyboardEvent('keydown', { key: action.keys[0] }));
  };

  return (
    <Dialog open={open} onClose={close} onFocusReturned={runChosen} title="Go to…" className="command-palette" testId="command-palette" actions={<span className="muted">↑↓ to choose · Enter to go · Esc to close</span>}>
      <Command label="Go to" shouldFilter={false} loop>
        <Command.Input value={query} onValueChange={setQuery} placeholder="A task or trajectory id, a workspace, an action…" data-testid="palette-input" />
        <Command.List className="palette-list" data-testid="palette-list">
          <Command.Empty>Nothing matches{rows.length === 0 ? ' (trajectories are listed once Replay or Reports has evaluated them)' : ''}.</Command.Empty>
          {groups.map((group) => (
            <Command.Group key={group.kind} heading={group.heading}>
              {group.items.map((entry) => (
                <Command.Item key={entry.id} value={entry.id} onSelect={() => pick(entry)} data-kind={entry.kind} data-entry={entry.id}>
                  <span className="palette-label">{entry.label}</span>
                  {entry.hint && <span className="muted palette-hint">{entry.hint}</span>}
                </Command.Item>
              ))}
              {group.more > 0 && <div className="muted palette-more">… {group.more} more: type more of the id</div>}
            </Command.Group>
          ))}
        </Command.List>
      </Command>
    </Dialog>
  );
}
