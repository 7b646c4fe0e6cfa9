// React glue for the hotkey registry.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { hotkeys, type HotkeyAction } from './hotkeyRegistry';

/** Listens for keys on the window; mount once, in the app shell. */
export function useHotkeyDispatcher(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => void hotkeys.handle(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Registers an action while the component is mounted; `run` always sees the latest render. */
export function useHotkeyAction(action: HotkeyAction): void {
  const run = useRef(action.run);
  useEffect(() => {
    run.current = action.run;
  });
  const when = useRef(action.scope?.when);
  useEffect(() => {
    when.current = action.scope?.when;
  });
  const { id, description, group } = action;
  const keys = action.keys.join(' ');
  const scopeLabel = action.scope?.label;
  useEffect(
    () =>
      hotkeys.register({
        id,
        description,
        group,
        keys: keys.split(' '),
        scope: scopeLabel === undefined ? undefined : { label: scopeLabel, when: (event) => when.current?.(event) ?? false },
        run: (event) => run.current(event),
      }),
    [id, description, group, keys, scopeLabel],
  );
}

/** The registered actions, re-rendering when they change. */
export function useHotkeyActions(): HotkeyAction[] {
  return useSyncExternalStore(hotkeys.subscribe, hotkeys.list);
}
