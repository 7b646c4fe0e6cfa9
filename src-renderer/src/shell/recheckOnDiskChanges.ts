// The status bar's problems follow the dataset's files as the host's watcher sees them change on
// disk (another person's annotations, a file edited by hand or synced): the dataset is read again
// a moment after the last change. They were read once, when the dataset opened: a malformed line
// appended meanwhile was left out of every view without a word, and one mended stayed listed.
// Files the studio writes itself hold no problem the check would find, so those writes are not followed.
import { onFilesChanged } from '../state/datasetChanges';
import { useStudioStore } from '../state/store';

/** Waits this long after a change on disk, so a burst of changes (a sync, a checkout) reads once. */
const SETTLE_MS = 500;

/** Starts following; returns the stop. */
export function recheckOnDiskChanges(settleMs = SETTLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = onFilesChanged(({ datasetId, via, reason }) => {
    if (via !== 'watched' || reason !== undefined) return;
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
