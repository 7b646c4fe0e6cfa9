// Named keyboard actions with descriptions: the help overlay lists them, later issues add their
// own. A key never fires while the user types in an input, a text area or a code editor.

export interface HotkeyAction {
  /** Stable name, e.g. 'workspace.replay'; later a user keymap can rebind by id. */
  id: string;
  /** Key combinations as produced by keyComboOf(): '?', 'Escape', 'Alt+2', 'Ctrl+S'. */
  keys: string[];
  description: string;
  /** Heading in the help overlay. */
  group: string;
  /**
   * Where the keys act, for keys that mean something else elsewhere (e.g. 'a focused call'): the
   * action runs only when `when` accepts the event, and before any action without a scope.
   */
  scope?: { label: string; when(event: KeyboardEvent): boolean };
  run(event: KeyboardEvent): void;
}

/** 'Ctrl+Alt+Shift+Meta+<key>' in that order. Shift is left out for printable characters ('?'). */
export function keyComboOf(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): string {
  // With Alt, macOS reports composed characters ('¡' for Alt+1); the physical digit is meant.
  const digit = /^Digit(\d)$/.exec(event.code)?.[1];
  const key = event.altKey && digit ? digit : event.key;
  // ' ' is printable but unreadable (and keys are joined with spaces): it is named 'Space'.
  const printable = key.length === 1 && key !== ' ';
  const parts: string[] = [];
  if (event.ctrlKey) parts.push('Ctrl');
  if (event.altKey) parts.push('Alt');
  if (event.shiftKey && !printable) parts.push('Shift');
  if (event.metaKey) parts.push('Meta');
  parts.push(printable ? key : key === ' ' ? 'Space' : key);
  return parts.join('+');
}

/** True when keys typed here are text: inputs, text areas, selects, contenteditable, Monaco. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element.closest('.monaco-editor, [contenteditable="true"], [data-hotkeys="off"]')) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type);
  }
  return false;
}

export class HotkeyRegistry {
  private readonly actions = new Map<string, HotkeyAction>();
  private readonly listeners = new Set<() => void>();
  private snapshot: HotkeyAction[] = [];

  /** Adds (or replaces) an action; returns the function that removes it again. */
  register(action: HotkeyAction): () => void {
    this.actions.set(action.id, action);
    this.changed();
    return () => {
      if (this.actions.get(action.id) === action) {
        this.actions.delete(action.id);
        this.changed();
      }
    };
  }

  /** All actions in registration order; the same array until something changes. */
  list = (): HotkeyAction[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Runs the action bound to the event's keys; returns true when one ran. */
  handle(event: KeyboardEvent): boolean {
    if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return false;
    const combo = keyComboOf(event);
    const bound = this.snapshot.filter((candidate) => candidate.keys.includes(combo));
    const action = bound.find((candidate) => candidate.scope?.when(event)) ?? bound.find((candidate) => !candidate.scope);
    if (!action) return false;
    event.preventDefault();
    action.run(event);
    return true;
  }

  private changed(): void {
    this.snapshot = [...this.actions.values()];
    for (const listener of this.listeners) listener();
  }
}

/** The studio's one registry. */
export const hotkeys = new HotkeyRegistry();
