// A new source for the same player: the clip before stops and its waiting seeks end, then the new
// clip loads (from the in-memory clip cache when it is held there, else once it has downloaded).
import { useLayoutEffect } from 'react';
import { clipMediaType, clipSource, crossOriginFor, heldClip } from './clipCache';
import type { PlayerParts } from './playerParts';
import { sourceState } from './sourceState';

/** Longest a seek waits for its clip's metadata (a clip that never loads says so by its error). */
const READY_MAX_WAIT_MS = 5000;

export function useSourceSwitch(parts: PlayerParts, src: string | null): void {
  const { playerRef, clockRef, bindClockRef, sourceRef } = parts;
  // A layout effect, as the player's own: the clip starts loading in the commit that shows the task.
  useLayoutEffect(() => {
    const instance = playerRef.current;
    if (!instance) return;
    const hadSource = sourceRef.current.loaded !== null;
    const previous = sourceRef.current;
    const state = sourceState(src);
    sourceRef.current = state;
    previous.markReady(); // its waiting seeks end (they see the source was replaced)
    clockRef.current?.reset();
    // The clip before stops: its frames are no longer shown as this one's.
    if (!instance.paused()) instance.pause();
    const giveUp = window.setTimeout(() => state.markReady(), READY_MAX_WAIT_MS);
    void state.ready.then(() => window.clearTimeout(giveUp));
    if (!src) {
      // Nothing to clear on the first mount (a reset would rebuild the <video> for nothing).
      if (hadSource) {
        instance.reset();
        bindClockRef.current();
      }
      return;
    }
    let cancelled = false;
    const load = (url: string) => {
      if (cancelled || instance.isDisposed()) return;
      if (!instance.paused()) instance.pause();
      state.loaded = new URL(url, window.location.href).href;
      const type = clipMediaType(src);
      instance.crossOrigin(crossOriginFor(url));
      instance.src(type ? { src: url, type } : { src: url });
      bindClockRef.current();
    };
    const held = heldClip(src);
    if (held) load(held);
    else void clipSource(src).then(load);
    return () => {
      cancelled = true;
    };
  }, [playerRef, clockRef, bindClockRef, sourceRef, src]);
}
