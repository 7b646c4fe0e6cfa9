// React glue for the hotkey registry.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { hotkeys } from './hotkeyRegistry';
import type { ActionId, KeymapEntry } from './keymap';

/** Listens for keys on the window; mount once, in the app shell. */
export function useHotkeyDispatcher(): void {
  useEffect(() => {
    // Capture: chords that work while typing, before the field (the code editor) claims them.
    const onKeyDownCapture = (event: KeyboardEvent) => void hotkeys.handle(event, 'capture');
    const onKeyDown = (event: KeyboardEvent) => void hotkeys.handle(event);
    window.addEventListener('keydown', onKeyDownCapture, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDownCapture, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}

/** Supplies what the keymap's action `id` does while the component is mounted; `run` always sees the latest render. */
export function useHotkeyAction(id: ActionId, run: (event: KeyboardEvent) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => hotkeys.register(id, (event) => latest.current(event)), [id]);
}

/** The keymap's actions that can run now, re-rendering when that changes. */
export function useHotkeyActions(): KeymapEntry[] {
  return useSyncExternalStore(hotkeys.subscribe, hotkeys.list);
}
