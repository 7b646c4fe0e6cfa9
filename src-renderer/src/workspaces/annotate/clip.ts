// Clip commands shared by the transport buttons, the timeline and the hotkeys. The domain is
// integer frames: every command computes a frame and seeks to it.
import { clampFrame } from '../../../../shared/frames/frames';
import type { VideoHandle } from '../../video/VideoPlayer';
import { useAnnotateStore } from './annotateStore';

let handle: VideoHandle | null = null;
/** The frame last asked for: steps add to it, so quick presses never wait for presentation. */
let target: number | null = null;
/** When the annotator last stepped, sought or played (performance.now()). */
let lastCommandAt = -Infinity;

export function attachClip(next: VideoHandle | null): void {
  handle = next;
}

/**
 * The clip's first frame is on screen: counts as activity, so that heavy work waits a moment in
 * case the annotator starts stepping right away.
 */
export function clipShownNow(): void {
  lastCommandAt = performance.now();
}

/** A new clip: steps start again from the presented frame. */
export function clipSourceChanged(): void {
  target = null;
}

export async function seekFrame(frame: number): Promise<void> {
  const state = useAnnotateStore.getState();
  // The player is mounted (empty) before a task is picked: nothing to seek.
  if (state.taskId === null) return;
  const next = clampFrame(frame, state.frameCount);
  lastCommandAt = performance.now();
  handle?.pause();
  target = next;
  // The counter follows the presented frame (requestVideoFrameCallback), not this request.
  await handle?.seekFrame(next);
  if (target === next) target = null;
}

export function stepFrames(delta: number): Promise<void> {
  return seekFrame((target ?? useAnnotateStore.getState().frame) + delta);
}

export function togglePlay(): void {
  if (!handle || useAnnotateStore.getState().taskId === null) return;
  lastCommandAt = performance.now();
  if (handle.isPaused()) handle.play();
  else handle.pause();
}

export const playbackRates = [0.1, 0.25, 0.5, 1, 1.5, 2, 4];

/** How long work that waits for the clip's first frame waits at most. */
const CLIP_SHOWN_MAX_WAIT_MS = 1500;
/** Quiet time without a step, seek or play that work holding the main thread waits for... */
const CLIP_QUIET_MS = 300;
/** ...at most this long. */
const CLIP_QUIET_MAX_WAIT_MS = 4000;

/**
 * Resolves once the open task's clip has presented its first frame or failed (or after
 * `maxWaitMs`). Heavy work of a task open (Monaco's first evaluation, the editor) waits for it,
 * so the main thread is free while the clip's first frame is decoded and shown.
 */
export function afterClipShown(maxWaitMs = CLIP_SHOWN_MAX_WAIT_MS): Promise<void> {
  const settled = (state: ReturnType<typeof useAnnotateStore.getState>) => state.clipShown || state.clipError !== null || state.taskId === null;
  if (settled(useAnnotateStore.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = window.setTimeout(done, maxWaitMs);
    const unsubscribe = useAnnotateStore.subscribe((state) => {
      if (settled(state)) done();
    });
  });
}

/**
 * Resolves once the annotator has left the clip alone (no step, seek or play) for `quietMs` and
 * it is not playing, or after `maxWaitMs`: work that holds the main thread (creating the editor)
 * then does not land in the middle of a run of frame steps.
 */
export function afterClipQuiet(quietMs = CLIP_QUIET_MS, maxWaitMs = CLIP_QUIET_MAX_WAIT_MS): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const quietFor = now - lastCommandAt;
      if ((quietFor >= quietMs && !useAnnotateStore.getState().playing) || now - started >= maxWaitMs) resolve();
      else window.setTimeout(check, Math.max(20, quietMs - quietFor));
    };
    check();
  });
}
