// Clip commands shared by the transport buttons, the timeline and the hotkeys. The domain is
// integer frames: every command computes a frame and seeks to it.
import { clampFrame } from '../../../../shared/frames/frames';
import type { VideoHandle } from '../../video/VideoPlayer';
import { useAnnotateStore } from './annotateStore';

let handle: VideoHandle | null = null;
/** The frame last asked for: steps add to it, so quick presses never wait for presentation. */
let target: number | null = null;

export function attachClip(next: VideoHandle | null): void {
  handle = next;
}

/** A new clip: steps start again from the presented frame. */
export function clipSourceChanged(): void {
  target = null;
}

export function clipElement(): HTMLVideoElement | null {
  return handle?.element() ?? null;
}

export async function seekFrame(frame: number): Promise<void> {
  const state = useAnnotateStore.getState();
  // The player is mounted (empty) before a task is picked: nothing to seek.
  if (state.taskId === null) return;
  const next = clampFrame(frame, state.frameCount);
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
  if (handle.isPaused()) handle.play();
  else handle.pause();
}

export const playbackRates = [0.1, 0.25, 0.5, 1, 1.5, 2, 4];

/**
 * Resolves once the open task's clip has presented its first frame or failed (or after
 * `maxWaitMs`). Heavy work of a task open (Monaco's first evaluation, the editor) waits for it,
 * so the main thread is free while the clip's first frame is decoded and shown.
 */
export function afterClipShown(maxWaitMs: number): Promise<void> {
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
