// Thumbnails of chosen frames of a clip, drawn once the player has shown its first frame and
// the user pauses stepping (the filmstrip's own <video> seeks compete with the player's).
import { useEffect, useState } from 'react';
import { clipTimeline } from '../../../shared/frames/frames';
import { clipSource } from './clipCache';
import type { ClipController } from './clipController';
import { makeFilmstrip, type Thumbnail } from './filmstrip';
import { useClipState } from './useClipState';

export function useFilmstrip(controller: ClipController, src: string | null, frames: readonly number[], fps: number, height: number): Thumbnail[] {
  const framesKey = frames.join(',');
  // When the clip's first frame is presented (its metadata says): the thumbnails' frames count from it.
  const start = useClipState(controller, (state) => state.clipStart);
  const key = src === null || frames.length === 0 ? '' : `${src}@${fps}@${start}@${framesKey}`;
  const [strip, setStrip] = useState<{ key: string; list: Thumbnail[] }>({ key: '', list: [] });
  useEffect(() => {
    if (key === '' || src === null) return;
    const wanted = framesKey.split(',').map(Number);
    const abort = new AbortController();
    const created: string[] = [];
    const timer = window.setTimeout(() => {
      void controller
        .afterShown()
        .then(() => controller.afterQuiet())
        // From the clip the player holds in memory when it does (no second download).
        .then(() => (abort.signal.aborted || controller.store.getState().clipError ? null : clipSource(src)))
        .then((url) => {
          if (!url || abort.signal.aborted) return;
          return makeFilmstrip(url, wanted, clipTimeline(fps, start), height, abort.signal, (thumb) => {
            created.push(thumb.url);
            setStrip((previous) => (previous.key === key ? { key, list: [...previous.list, thumb] } : { key, list: [thumb] }));
          });
        });
    }, 100);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
      created.forEach((url) => URL.revokeObjectURL(url));
      // Thumbnails of revoked addresses are not shown again (the effect may run anew for the same key: another height).
      const revoked = new Set(created);
      setStrip((previous) => (previous.list.some((thumb) => revoked.has(thumb.url)) ? { key: '', list: [] } : previous));
    };
  }, [controller, key, framesKey, src, fps, start, height]);
  return strip.key === key ? strip.list : [];
}
