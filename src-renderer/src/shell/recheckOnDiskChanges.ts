// The status bar's problems follow the dataset's files as the host's watcher sees them change on
// disk (another person's annotations, a file edited by hand or synced): the dataset's changed files
// are read again a moment after the last change. They were read once, when the dataset opened: a
// malformed line appended meanwhile was left out of every view without a word, and one mended
// stayed listed. The watcher also sees the files the studio writes through its API (each save of
// Annotate): those hold nothing the check would find, so a change seen just after its write is not
// followed, and typing does not read the annotations again and again.
import { onFilesChanged } from '../state/datasetChanges';
import { useStudioStore } from '../state/store';

/** Waits this long after a change on disk, so a burst of changes (a sync, a checkout) reads once. */
const SETTLE_MS = 500;
/** A change the watcher sees this soon after the studio wrote the file is taken to be that write. */
const OWN_WRITE_MS = 3000;

/** Starts following; returns the stop. */
export function recheckOnDiskChanges(settleMs = SETTLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When each file was last written through the API, by dataset and path. */
  const written = new Map<string, number>();
  const stop = onFilesChanged(({ datasetId, paths, via, reason }) => {
    if (reason !== undefined) return;
    const now = Date.now();
    if (via === 'written') {
      for (const p of paths) written.set(`${datasetId}\u0000${p}`, now);
      return;
    }
    if (paths.every((p) => now - (written.get(`${datasetId}\u0000${p}`) ?? -Infinity) < OWN_WRITE_MS)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const store = useStudioStore.getState();
      if (store.currentDataset?.id === datasetId) void store.checkDataset(store.currentDataset, true);
    }, settleMs);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}
