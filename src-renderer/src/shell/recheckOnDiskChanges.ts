// The status bar's problems follow the dataset's files as the host's watcher sees them change on
// disk (another person's annotations, a file edited by hand or synced): the dataset's changed files
// are read again a moment after the last change. They were read once, when the dataset opened: a
// malformed line appended meanwhile was left out of every view without a word, and one mended
// stayed listed. The watcher also sees the files the studio writes through its API (each save of
// Annotate): those hold nothing the check would find, so a change seen just after its write is not
// followed, and typing does not read the annotations again and again.
import { onFilesChanged, writtenJustNow } from '../state/datasetChanges';
import { useStudioStore } from '../state/store';

/** Waits this long after a change on disk, so a burst of changes (a sync, a checkout) reads once. */
const SETTLE_MS = 500;

/** Starts following; returns the stop. */
export function recheckOnDiskChanges(settleMs = SETTLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The paths changed since the last re-check, by dataset (the check reads reviews/ only when one is there). */
  let changed = new Map<string, Set<string>>();
  const stop = onFilesChanged(({ datasetId, paths, via, reason }) => {
    if (reason !== undefined || via === 'written') return;
    const followed = paths.filter((p) => !writtenJustNow(datasetId, p));
    if (followed.length === 0) return;
    const pending = changed.get(datasetId) ?? new Set<string>();
    followed.forEach((p) => pending.add(p));
    changed.set(datasetId, pending);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const store = useStudioStore.getState();
      const all = changed;
      changed = new Map();
      const paths = store.currentDataset && all.get(store.currentDataset.id);
      if (store.currentDataset && paths) void store.checkDataset(store.currentDataset, true, [...paths]);
    }, settleMs);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}
