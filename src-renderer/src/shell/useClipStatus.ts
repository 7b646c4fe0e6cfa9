// The open dataset's clips as the host finds them, kept current. The host's watcher does not see
// videos/ (nor a video folder outside the dataset), so besides the studio's own writes the status
// is read again when the window comes back to the front (a person who put a missing file back in a
// file manager returns to the studio) and when the Clips panel opens. A clip found that was
// missing reloads the players, so the placeholder gives way to the clip.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClipStatus } from '../../../shared/api/studio-api';
import { studioApi } from '../api/studio';
import { onFilesChanged } from '../state/datasetChanges';
import { reloadClips } from './shellExtras';

/** True when a clip missing in `before` is found in `after`. */
export function clipFoundAgain(before: ClipStatus | null, after: ClipStatus): boolean {
  if (!before) return false;
  const missing = new Set(before.clips.filter((clip) => !clip.source).map((clip) => clip.path));
  return after.clips.some((clip) => clip.source && missing.has(clip.path));
}

export function useClipStatus(datasetId: string | null): {
  status: ClipStatus | null;
  /** A status the caller got from the host itself (choosing a folder answers with one). */
  statusChanged(next: ClipStatus): void;
  recheck(): void;
} {
  const [status, setStatus] = useState<ClipStatus | null>(null);
  const current = useRef<ClipStatus | null>(null);
  const statusChanged = useCallback((next: ClipStatus) => {
    current.current = next;
    setStatus(next);
  }, []);
  const load = useRef<() => void>(() => {});

  // StatusBar keys its ClipsControl by dataset: a new dataset starts with fresh state.
  useEffect(() => {
    if (!datasetId) return;
    let live = true;
    // Focus and visibilitychange come together: one read at a time.
    let reading = false;
    load.current = () => {
      reading = true;
      studioApi()
        .datasets.clipStatus(datasetId)
        .finally(() => (reading = false))
        .then(
          (next) => {
            if (!live) return;
            const found = clipFoundAgain(current.current, next);
            statusChanged(next);
            if (found) reloadClips();
          },
          () => live && setStatus(null),
        );
    };
    load.current();
    const stop = onFilesChanged(({ datasetId: changed, paths, reason, via }) => {
      // A chosen video folder already reloads the players (useStudioStartup): here only the status.
      if (via === 'written' && changed === datasetId && reason === 'video-folder') {
        current.current = null;
        load.current();
      } else if (via === 'written' && changed === datasetId && paths.some((p) => p === 'tasks.jsonl' || p.startsWith('videos/'))) load.current();
    });
    const onFront = () => {
      if (document.visibilityState === 'visible' && !reading) load.current();
    };
    window.addEventListener('focus', onFront);
    document.addEventListener('visibilitychange', onFront);
    return () => {
      live = false;
      load.current = () => {};
      stop();
      window.removeEventListener('focus', onFront);
      document.removeEventListener('visibilitychange', onFront);
    };
  }, [datasetId, statusChanged]);

  const recheck = useCallback(() => load.current(), []);
  return { status, statusChanged, recheck };
}
