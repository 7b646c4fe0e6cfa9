// The Annotate workspace's clip controller (video/clipController.ts) over its store, and the
// commands the rest of the workspace uses (transport, timeline, hotkeys, references, calls).
import { ClipController } from '../../video/clipController';
import { useAnnotateStore } from './annotateStore';

export const annotateClip = new ClipController(
  { getState: useAnnotateStore.getState, setState: (patch) => useAnnotateStore.getState().clipChanged(patch), subscribe: useAnnotateStore.subscribe },
  // The player is mounted (empty) before a task is picked.
  () => useAnnotateStore.getState().taskId !== null,
);

export const seekFrame = annotateClip.seekFrame;
export const stepFrames = annotateClip.stepFrames;
export const togglePlay = annotateClip.togglePlay;

/**
 * Resolves once the open task's clip has presented its first frame or failed (or after
 * `maxWaitMs`). Heavy work of a task open (Monaco's first evaluation, the editor) waits for it,
 * so the main thread is free while the clip's first frame is decoded and shown.
 */
export const afterClipShown = (maxWaitMs?: number): Promise<void> => annotateClip.afterShown(maxWaitMs);

/** Resolves once the annotator has left the clip alone for a moment (ClipController.afterQuiet). */
export const afterClipQuiet = (quietMs?: number, maxWaitMs?: number): Promise<void> => annotateClip.afterQuiet(quietMs, maxWaitMs);
