// What Annotate does as the page comes and goes: the window's title names the annotator, and an
// edit still waiting for its save is written down and sent when the page is hidden or left.
import { useEffect } from 'react';
import { useAnnotateStore, writeDownWaitingEdit } from './annotateStore';

export function useWindowTitle(annotator: string | null): void {
  useEffect(() => {
    const previous = document.title;
    document.title = annotator ? `${annotator} — EgoBench Studio` : previous;
    return () => {
      document.title = previous;
    };
  }, [annotator]);
}

export function useFlushOnPageLeave(): void {
  useEffect(() => {
    const flush = () => {
      writeDownWaitingEdit();
      void useAnnotateStore.getState().flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
    };
  }, []);
}
