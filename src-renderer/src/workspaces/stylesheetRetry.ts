// A workspace's stylesheet that did not load (a busy machine, a host restarting) would fail its
// chunk for good: Vite's preload keeps the failed load per address, so Try again met the same
// error. The chunk goes on without it instead, and the stylesheet is asked for once more.

/** The address of the stylesheet whose preload failed, from Vite's error; null for anything else. */
function failedStylesheet(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  return /^Unable to preload CSS for (\S+)$/.exec(message)?.[1] ?? null;
}

/** Listens for Vite's preload errors on `target` (the window); returns the removal. */
export function retryFailedStylesheets(target: Window = window): () => void {
  const retried = new Set<string>();
  const listener = (event: Event) => {
    const href = failedStylesheet((event as Event & { payload?: unknown }).payload);
    if (href === null || retried.has(href)) return; // a script: its import fails and says so; Try again loads it afresh
    retried.add(href);
    event.preventDefault(); // the chunk loads now, its stylesheet after
    const link = target.document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    target.document.head.appendChild(link);
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}
