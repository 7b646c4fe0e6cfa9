// Runs the keymap's actions (keymap.ts): components register what an action does while they
// are mounted; the registry finds the action bound to a key press. While the user types in an
// input, a text area or the code editor, only chords marked `inText` fire (taken before the field
// sees them: the code editor has its own meaning for Ctrl+Enter and Ctrl+K).
import { focusOf, KEYMAP, type KeymapEntry } from './keymap';

export type HotkeyRun = (event: KeyboardEvent) => void;

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

/** True where no shortcut may fire, not even a chord (`data-hotkeys="off"`). */
function hotkeysOff(target: EventTarget | null): boolean {
  return !!target && typeof (target as Element).closest === 'function' && (target as Element).closest('[data-hotkeys="off"]') !== null;
}

/** The studio's modal dialog (components/Dialog.tsx) is open: the page behind it takes no keys. */
export function modalDialogOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector('.dialog[role="dialog"][data-state="open"]') !== null;
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

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * A radio button, a slider or a tab has the focus and a bare arrow is pressed: the control's own key
 * (the next radio of its group, the slider's step, the next tab). Adjudicate's decision radios and
 * Annotate's panel tabs stepped the clip.
 */
function arrowForControl(event: KeyboardEvent): boolean {
  if (!ARROWS.has(keyComboOf(event))) return false;
  const target = event.target as HTMLInputElement | null;
  if (!target || typeof target.getAttribute !== 'function') return false;
  return (target.tagName === 'INPUT' && (target.type === 'radio' || target.type === 'range')) || target.getAttribute('role') === 'tab';
}

/**
 * Space pressed on a control whose own key it is: a checkbox or radio (it ticks), or a button, tab
 * or link the keyboard brought the focus to (it presses it, as everywhere on the web). A button
 * clicked with the mouse keeps the focus without the ring (:focus-visible): Space plays the clip
 * there, as a player's users expect after clicking Zoom.
 */
function spaceForControl(event: KeyboardEvent): boolean {
  if (keyComboOf(event) !== 'Space') return false;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.matches !== 'function') return false;
  if (target.matches('input[type="checkbox"], input[type="radio"]')) return true;
  return target.matches('button, input[type="button"], input[type="submit"], input[type="reset"], [role="button"], [role="tab"], a[href], summary') && keyboardFocused(target);
}

function keyboardFocused(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // a DOM without the selector (tests' jsdom): as if clicked
  }
}

/**
 * Shift and a letter on a focused <select> (Shift+J, the next run): a shortcut, not the select's
 * type-ahead, which finds an option by its first letter whatever its case, so a reviewer types
 * 'l' for logic, never Shift+L. Bare letters, arrows and the rest stay the select's.
 */
function shiftLetterOnSelect(event: KeyboardEvent): boolean {
  const target = event.target as Element | null;
  return event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey && /^[A-Z]$/.test(event.key) && target?.tagName === 'SELECT';
}

/** Option with a key that types a character (macOS: Option+3 is '£' on a US layout): text, not a chord, in a field. */
function typesCharacter(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.key.length === 1 && !/^[0-9]$/.test(event.key);
}

export class HotkeyRegistry {
  private readonly runs = new Map<string, HotkeyRun>();
  private readonly listeners = new Set<() => void>();
  private snapshot: KeymapEntry[] = [];

  constructor(private readonly catalogue: readonly KeymapEntry[] = KEYMAP) {}

  /** Supplies what the catalogue's action `id` does (replacing any earlier); returns the function that removes it. */
  register(id: string, run: HotkeyRun): () => void {
    if (!this.catalogue.some((entry) => entry.id === id)) throw new Error(`hotkey "${id}" is not in the keymap (hotkeys/keymap.ts)`);
    this.runs.set(id, run);
    this.changed();
    return () => {
      if (this.runs.get(id) === run) {
        this.runs.delete(id);
        this.changed();
      }
    };
  }

  /** The catalogue's actions that can run now (something registered them), in catalogue order; the same array until that changes. */
  list = (): KeymapEntry[] => this.snapshot;

  /** Runs an action by id as if its key was pressed (the palette); false when nothing supplies it now. */
  run(id: string, event: KeyboardEvent): boolean {
    const run = this.runs.get(id);
    run?.(event);
    return run !== undefined;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Runs the action bound to the event's keys; returns true when one ran. Listened for twice: in
   * the capture phase it takes only `inText` chords pressed in a typing target (before the field,
   * which may claim them, sees them); in the bubble phase everything pressed elsewhere.
   */
  handle(event: KeyboardEvent, phase: 'capture' | 'bubble' = 'bubble'): boolean {
    if (event.defaultPrevented || event.isComposing) return false;
    const typing = isTypingTarget(event.target) && !shiftLetterOnSelect(event);
    if (phase === 'capture' ? !typing || hotkeysOff(event.target) || typesCharacter(event) : typing) return false;
    const combo = keyComboOf(event);
    const bound = this.snapshot.filter((candidate) => candidate.keys.includes(combo));
    // A focus scope that holds wins; otherwise the action of a plain scope (the keymap test makes it the only one).
    const action = bound.find((candidate) => focusOf(candidate)?.when(event)) ?? (arrowForControl(event) || spaceForControl(event) ? undefined : bound.find((candidate) => !focusOf(candidate)));
    if (!action || (phase === 'capture' && !action.inText) || (!action.inDialog && modalDialogOpen())) return false;
    event.preventDefault();
    if (phase === 'capture') event.stopPropagation();
    this.runs.get(action.id)!(event);
    return true;
  }

  private changed(): void {
    this.snapshot = this.catalogue.filter((entry) => this.runs.has(entry.id));
    for (const listener of this.listeners) listener();
  }
}

/** The studio's one registry. */
export const hotkeys = new HotkeyRegistry();
