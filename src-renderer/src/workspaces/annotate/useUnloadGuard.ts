// Asks before the page goes (a reload, a closed tab or window) while an edit is held by this page
// alone: the browser refused to store it, and localStorage refused it too (strandedEdits.ts), so
// the next page could not hold it again. The desktop app's main process puts the question
// (src-main/main/unload-prompt.ts); a browser asks its own.
import { useEffect } from 'react';
import { editsPageMayHoldAlone } from './annotateStore';
import { onlyInMemory } from './strandedEdits';

export function useUnloadGuard(): void {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (onlyInMemory(editsPageMayHoldAlone()).length === 0) return;
      event.preventDefault();
      // For older Chromium and Safari, which ask only when this is set too.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
}
