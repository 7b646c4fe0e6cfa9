// The studio's one keymap: every keyboard action with its default keys, its group and
// description (the `?` overlay and the Ctrl+K palette list them from here) and its scope. A
// component supplies only what the action does (`useHotkeyAction(id, run)`), so the same action
// has the same keys in every workspace: the clip's frame steps are D/F and C/V wherever a clip is.
import type { WorkspaceId } from '../workspaces/workspaces';

export interface KeymapScope {
  /** Where its actions can be registered: every workspace, or some. */
  workspaces: 'all' | readonly WorkspaceId[];
  /**
   * A focus scope (keys that mean something else where the focus is, e.g. in a focused call): its
   * actions run only when `when` accepts the event, and win over actions of the other scopes.
   */
  focus?: { label: string; when(event: KeyboardEvent): boolean };
}

export const KEYMAP_SCOPES = {
  global: { workspaces: 'all' },
  /** Wherever a clip is shown. */
  clip: { workspaces: ['annotate', 'replay', 'adjudicate'] },
  annotate: { workspaces: ['annotate'] },
  replay: { workspaces: ['replay'] },
  /** The task matrix's grid itself (not a button or link in it): keys move its cursor. */
  'replay.matrix': {
    workspaces: ['replay'],
    focus: { label: 'the task matrix', when: (event) => event.target instanceof Element && event.target.classList.contains('matrix-scroll') },
  },
  /** A task of a task list (Annotate's queue, Adjudicate's list): arrows move between the tasks (one Tab stop for the whole list). */
  'task-list': {
    workspaces: ['annotate', 'adjudicate'],
    focus: { label: 'the task list', when: (event) => event.target instanceof Element && event.target.closest('.task-list .task-item') !== null },
  },
  /** Replay's trajectory list itself: keys open the next or previous trajectory of it. */
  'replay.list': {
    workspaces: ['replay'],
    focus: { label: 'the trajectory list', when: (event) => event.target instanceof Element && event.target.classList.contains('trajectory-scroll') },
  },
  adjudicate: { workspaces: ['adjudicate'] },
  /** A row of Adjudicate's alignment (its decision's radio or its move buttons): keys decide it or move through the rows. */
  'adjudicate.row': {
    workspaces: ['adjudicate'],
    focus: { label: 'a row of the alignment', when: (event) => event.target instanceof Element && event.target.closest('.alignment-table tr[data-row-index]') !== null },
  },
  'annotate.call': {
    workspaces: ['annotate'],
    focus: { label: 'a focused call', when: (event) => event.target instanceof Element && event.target.closest('.call-list [data-call-index]') !== null },
  },
} as const satisfies Record<string, KeymapScope>;

export type KeymapScopeId = keyof typeof KEYMAP_SCOPES;

export interface KeymapEntry {
  /** Stable name, e.g. 'clip.frame-forward'; a user keymap would rebind by id. */
  id: string;
  /** Key combinations as keyComboOf() names them: '?', 'Escape', 'Alt+2', 'Ctrl+k', 'C' (Shift+c). */
  keys: readonly string[];
  /** Heading in the help overlay. */
  group: string;
  description: string;
  scope: KeymapScopeId;
  /**
   * Also while typing (in a field or the code editor): for chords no text field needs. Such a key
   * is taken before the field sees it, so Ctrl+Enter submits from the editor instead of adding a line.
   */
  inText?: boolean;
  /**
   * Also while a modal dialog is open: the dialog's own keys (the shortcut list's `?`). Every other
   * action waits: behind a dialog that opened by itself mid-typing, typed letters ran as shortcuts.
   */
  inDialog?: boolean;
}

export const KEYMAP = [
  { id: 'help.toggle', keys: ['?'], group: 'General', description: 'Show or hide this list of shortcuts', scope: 'global', inDialog: true },
  { id: 'help.close', keys: ['Escape'], group: 'General', description: 'Close the shortcut list', scope: 'global', inDialog: true },
  { id: 'palette.open', keys: ['Ctrl+k'], group: 'General', description: 'Go to a task, trajectory, workspace or action', scope: 'global', inText: true },
  { id: 'sidebar.toggle', keys: ['Ctrl+b'], group: 'General', description: 'Show or hide the dataset list (remembered per workspace)', scope: 'global', inText: true },
  { id: 'workspace.annotate', keys: ['Alt+1'], group: 'Workspaces', description: 'Go to Annotate', scope: 'global', inText: true },
  { id: 'workspace.adjudicate', keys: ['Alt+2'], group: 'Workspaces', description: 'Go to Adjudicate', scope: 'global', inText: true },
  { id: 'workspace.replay', keys: ['Alt+3'], group: 'Workspaces', description: 'Go to Replay', scope: 'global', inText: true },
  { id: 'workspace.reports', keys: ['Alt+4'], group: 'Workspaces', description: 'Go to Reports', scope: 'global', inText: true },

  // CVAT-like: Space play, D/F one frame, C/V ten frames.
  { id: 'clip.play', keys: ['Space'], group: 'Clip', description: 'Play or pause the clip', scope: 'clip' },
  { id: 'clip.frame-back', keys: ['d', 'ArrowLeft'], group: 'Clip', description: 'Back one frame', scope: 'clip' },
  { id: 'clip.frame-forward', keys: ['f', 'ArrowRight'], group: 'Clip', description: 'Forward one frame', scope: 'clip' },
  { id: 'clip.ten-back', keys: ['c'], group: 'Clip', description: 'Back ten frames', scope: 'clip' },
  { id: 'clip.ten-forward', keys: ['v'], group: 'Clip', description: 'Forward ten frames', scope: 'clip' },
  { id: 'clip.copy-frame', keys: ['C'], group: 'Clip', description: 'Copy the frame on screen as a PNG image (Shift+C)', scope: 'clip' },

  // Label Studio-like I/O for in and out.
  { id: 'annotate.mark-in', keys: ['i'], group: 'Annotate', description: 'Mark in at the current frame (visual reference start)', scope: 'annotate' },
  { id: 'annotate.mark-out', keys: ['o'], group: 'Annotate', description: 'Mark out at the current frame (visual reference end)', scope: 'annotate' },
  { id: 'annotate.loop', keys: ['l'], group: 'Annotate', description: 'Loop the marked range (paused: plays it from In), or stop looping', scope: 'annotate' },
  { id: 'annotate.next-task', keys: ['n', 'Alt+ArrowDown'], group: 'Annotate', description: 'Next task in the queue', scope: 'annotate' },
  { id: 'annotate.previous-task', keys: ['p', 'Alt+ArrowUp'], group: 'Annotate', description: 'Previous task in the queue', scope: 'annotate' },
  { id: 'annotate.submit', keys: ['Ctrl+Enter'], group: 'Annotate', description: 'Submit the task (a submitted one stays so: Reopen is its button)', scope: 'annotate', inText: true },
  { id: 'annotate.undo', keys: ['Ctrl+z'], group: 'Annotate', description: "Undo the last change to the calls (the list's moves and deletes too; outside a text field)", scope: 'annotate' },
  { id: 'annotate.redo', keys: ['Ctrl+Z', 'Ctrl+y'], group: 'Annotate', description: 'Redo the change to the calls that was undone', scope: 'annotate' },
  { id: 'annotate.focus-editor', keys: ['e'], group: 'Annotate', description: 'Edit the calls: put the focus in the calls editor (Escape leaves it)', scope: 'annotate' },
  { id: 'queue.next', keys: ['ArrowDown'], group: 'Task list', description: 'Focus the next task of the list (Enter opens it)', scope: 'task-list' },
  { id: 'queue.previous', keys: ['ArrowUp'], group: 'Task list', description: 'Focus the previous task of the list', scope: 'task-list' },
  { id: 'queue.first', keys: ['Home'], group: 'Task list', description: 'Focus the first task of the list', scope: 'task-list' },
  { id: 'queue.last', keys: ['End'], group: 'Task list', description: 'Focus the last task of the list', scope: 'task-list' },
  { id: 'queue.page-down', keys: ['PageDown'], group: 'Task list', description: 'Focus the task a page down the list', scope: 'task-list' },
  { id: 'queue.page-up', keys: ['PageUp'], group: 'Task list', description: 'Focus the task a page up the list', scope: 'task-list' },
  { id: 'annotate.call-up', keys: ['Alt+ArrowUp'], group: 'Annotate', description: 'Move the call up', scope: 'annotate.call' },
  { id: 'annotate.call-down', keys: ['Alt+ArrowDown'], group: 'Annotate', description: 'Move the call down', scope: 'annotate.call' },
  { id: 'annotate.call-delete', keys: ['Delete'], group: 'Annotate', description: 'Delete the call', scope: 'annotate.call' },

  { id: 'adjudicate.next-task', keys: ['n', 'Alt+ArrowDown'], group: 'Adjudicate', description: 'Next task of the list (as filtered)', scope: 'adjudicate' },
  { id: 'adjudicate.previous-task', keys: ['p', 'Alt+ArrowUp'], group: 'Adjudicate', description: 'Previous task of the list', scope: 'adjudicate' },
  { id: 'adjudicate.finalize', keys: ['Ctrl+Enter'], group: 'Adjudicate', description: "Finalize the task (asks first where the line could hold what you did not mean)", scope: 'adjudicate', inText: true },
  { id: 'adjudicate.undo', keys: ['Ctrl+z'], group: 'Adjudicate', description: 'Undo the last choice, move or reference choice (outside a text field)', scope: 'adjudicate' },
  { id: 'adjudicate.redo', keys: ['Ctrl+Z', 'Ctrl+y'], group: 'Adjudicate', description: 'Redo what was undone', scope: 'adjudicate' },
  { id: 'adjudicate.row-take-a', keys: ['a'], group: 'Adjudicate', description: "Take annotator A's call for the row", scope: 'adjudicate.row' },
  { id: 'adjudicate.row-take-b', keys: ['b'], group: 'Adjudicate', description: "Take annotator B's call for the row", scope: 'adjudicate.row' },
  { id: 'adjudicate.row-edit', keys: ['e'], group: 'Adjudicate', description: "Edit the row's call (its box takes the focus)", scope: 'adjudicate.row' },
  { id: 'adjudicate.row-drop', keys: ['x', 'Delete'], group: 'Adjudicate', description: 'Drop the row from the merged sequence', scope: 'adjudicate.row' },
  { id: 'adjudicate.row-next', keys: ['j'], group: 'Adjudicate', description: 'Focus the next row of the alignment', scope: 'adjudicate.row' },
  { id: 'adjudicate.row-previous', keys: ['k'], group: 'Adjudicate', description: 'Focus the previous row of the alignment', scope: 'adjudicate.row' },
  { id: 'adjudicate.row-up', keys: ['Alt+ArrowUp'], group: 'Adjudicate', description: 'Move the row up in the merged sequence', scope: 'adjudicate.row' },
  { id: 'adjudicate.row-down', keys: ['Alt+ArrowDown'], group: 'Adjudicate', description: 'Move the row down in the merged sequence', scope: 'adjudicate.row' },
  { id: 'replay.nextCall', keys: ['j', 'ArrowDown'], group: 'Replay', description: 'Next tool call', scope: 'replay' },
  { id: 'replay.previousCall', keys: ['k', 'ArrowUp'], group: 'Replay', description: 'Previous tool call', scope: 'replay' },
  { id: 'replay.firstCall', keys: ['Home'], group: 'Replay', description: 'First tool call', scope: 'replay' },
  { id: 'replay.lastCall', keys: ['End'], group: 'Replay', description: 'Last tool call', scope: 'replay' },
  { id: 'replay.nextTrajectory', keys: ['J'], group: 'Replay', description: 'Open the next trajectory of the list (as filtered and sorted), also from a focused drop-down such as the Label', scope: 'replay' },
  { id: 'replay.previousTrajectory', keys: ['K'], group: 'Replay', description: 'Open the previous trajectory of the list', scope: 'replay' },
  { id: 'replay.review', keys: ['r'], group: 'Replay', description: "Review the run: put the focus on its override form's Label (then Tab to the reason)", scope: 'replay' },
  { id: 'replay.save-review', keys: ['Ctrl+Enter'], group: 'Replay', description: "Save the run's review (its override form), also while typing its reason", scope: 'replay', inText: true },
  { id: 'replay.undo-review', keys: ['Ctrl+z'], group: 'Replay', description: "Undo the latest save, update or removal of the run's review made in this page (outside a text field)", scope: 'replay' },
  // Arrows only: j and k step the calls wherever the focus is in Replay, a clicked row's list too.
  { id: 'list.next', keys: ['ArrowDown'], group: 'Trajectory list', description: 'Open the next trajectory', scope: 'replay.list' },
  { id: 'list.previous', keys: ['ArrowUp'], group: 'Trajectory list', description: 'Open the previous trajectory', scope: 'replay.list' },
  { id: 'list.page-down', keys: ['PageDown'], group: 'Trajectory list', description: 'Open the trajectory a page down', scope: 'replay.list' },
  { id: 'list.page-up', keys: ['PageUp'], group: 'Trajectory list', description: 'Open the trajectory a page up', scope: 'replay.list' },
  { id: 'list.first', keys: ['Home'], group: 'Trajectory list', description: 'Open the first trajectory', scope: 'replay.list' },
  { id: 'list.last', keys: ['End'], group: 'Trajectory list', description: 'Open the last trajectory', scope: 'replay.list' },
  // ARIA's grid pattern, on the focused task matrix.
  { id: 'matrix.up', keys: ['ArrowUp', 'k'], group: 'Task matrix', description: 'Cursor up a task', scope: 'replay.matrix' },
  { id: 'matrix.down', keys: ['ArrowDown', 'j'], group: 'Task matrix', description: 'Cursor down a task', scope: 'replay.matrix' },
  { id: 'matrix.left', keys: ['ArrowLeft', 'h'], group: 'Task matrix', description: 'Cursor left a column', scope: 'replay.matrix' },
  { id: 'matrix.right', keys: ['ArrowRight', 'l'], group: 'Task matrix', description: 'Cursor right a column', scope: 'replay.matrix' },
  { id: 'matrix.page-up', keys: ['PageUp'], group: 'Task matrix', description: 'Cursor up a page of tasks', scope: 'replay.matrix' },
  { id: 'matrix.page-down', keys: ['PageDown'], group: 'Task matrix', description: 'Cursor down a page of tasks', scope: 'replay.matrix' },
  { id: 'matrix.row-start', keys: ['Home'], group: 'Task matrix', description: "Cursor to the task's name", scope: 'replay.matrix' },
  { id: 'matrix.row-end', keys: ['End'], group: 'Task matrix', description: 'Cursor to the last column', scope: 'replay.matrix' },
  { id: 'matrix.first', keys: ['Ctrl+Home'], group: 'Task matrix', description: 'Cursor to the first task', scope: 'replay.matrix' },
  { id: 'matrix.last', keys: ['Ctrl+End'], group: 'Task matrix', description: "Cursor to the last task's last column", scope: 'replay.matrix' },
  { id: 'matrix.open', keys: ['Enter'], group: 'Task matrix', description: "Open the cell's runs (on the task or its fail count: all the task's runs)", scope: 'replay.matrix' },
  {
    id: 'replay.evidence',
    keys: ['e'],
    group: 'Replay',
    description: 'Jump to the evidence of the label (for perception: the visual reference’s first frame in the clip)',
    scope: 'replay',
  },
] as const satisfies readonly KeymapEntry[];

export type ActionId = (typeof KEYMAP)[number]['id'];

const byId = new Map<string, KeymapEntry>(KEYMAP.map((entry) => [entry.id, entry]));

export function keymapEntry(id: ActionId): KeymapEntry {
  return byId.get(id)!;
}

/** The focus scope of an entry, if its scope is one. */
export function focusOf(entry: KeymapEntry): KeymapScope['focus'] {
  return (KEYMAP_SCOPES[entry.scope] as KeymapScope).focus;
}

function sharesWorkspace(a: KeymapScope, b: KeymapScope): boolean {
  if (a.workspaces === 'all' || b.workspaces === 'all') return true;
  return a.workspaces.some((w) => (b.workspaces as readonly WorkspaceId[]).includes(w));
}

/**
 * Keys that two actions would both claim: same key, and scopes that can hold at once (they share a
 * workspace). A focus scope may take a key from the others on purpose (it wins where it holds),
 * but not from another action of its own scope. Also duplicate ids.
 */
export function keymapCollisions(entries: readonly KeymapEntry[], scopes: Record<string, KeymapScope> = KEYMAP_SCOPES): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const entry of entries) {
    if (ids.has(entry.id)) problems.push(`${entry.id} is in the keymap twice`);
    ids.add(entry.id);
  }
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const [a, b] = [entries[i], entries[j]];
      const [scopeA, scopeB] = [scopes[a.scope], scopes[b.scope]];
      const clash = a.scope === b.scope || (!scopeA.focus && !scopeB.focus && sharesWorkspace(scopeA, scopeB));
      if (!clash) continue;
      for (const key of a.keys) if (b.keys.includes(key)) problems.push(`${key}: ${a.id} (${a.scope}) and ${b.id} (${b.scope})`);
    }
  }
  return problems;
}
