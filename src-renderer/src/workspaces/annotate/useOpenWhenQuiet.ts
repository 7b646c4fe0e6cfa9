// A dialog that opens by itself (the write-through's conflicts) waits until the keyboard is quiet:
// opened mid-typing it took the focus, and the rest of the typing went to it, or ran as shortcuts
// (an exploratory review: ~190 characters of a call lost). Nor over another dialog (the shortcut
// list): it waits until that one closes. Once open for a key it stays open for it.
import { useEffect, useState } from 'react';
import { modalDialogOpen } from '../../hotkeys/hotkeyRegistry';

/** No key pressed for this long: the person paused. */
export const QUIET_MS = 2_000;

let lastKeyAt = -Infinity;
if (typeof window !== 'undefined') window.addEventListener('keydown', () => (lastKeyAt = performance.now()), { capture: true });

/** Whether the dialog for `key` (null: none wanted) may be shown: it was, or the keyboard has been quiet since it was wanted. */
export function useOpenWhenQuiet(key: string | null): boolean {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const waiting = key !== null && openFor !== key;
  useEffect(() => {
    if (!waiting) return;
    let timer = 0;
    const check = () => {
      const quietFor = performance.now() - lastKeyAt;
      if (quietFor >= QUIET_MS && !modalDialogOpen()) setOpenFor(key);
      else timer = window.setTimeout(check, Math.max(QUIET_MS - quietFor, QUIET_MS / 4));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [waiting, key]);
  return key !== null && openFor === key;
}
