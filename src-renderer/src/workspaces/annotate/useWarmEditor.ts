// Warming up the ground-truth editor (GtEditor.tsx) before a task is opened.
import { useEffect } from 'react';
import { loadMonaco } from '../../components/monaco';
import { warmFrameDecoder } from '../../video/frameCache';

/** Idle time before Monaco is loaded while no task is open. */
const WARM_UP_DELAY_MS = 1500;

/**
 * While the annotator looks at the queue: starts the frame decoder's worker at once (its module
 * loads on its own thread), and loads Monaco after a moment of idle, so that the first task opens
 * with the editor ready; not at once, as a task picked right away should not wait behind Monaco's
 * evaluation on the main thread.
 */
export function useWarmEditor(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    warmFrameDecoder();
    let idle = 0;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback(() => void loadMonaco(), { timeout: 2000 });
    }, WARM_UP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.cancelIdleCallback(idle);
    };
  }, [active]);
}
