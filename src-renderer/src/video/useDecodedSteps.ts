// Decoded frames for steps, once the clip shows (it comes first) and when it is held in memory
// (frameStepper: a step to a decoded frame shows it at once, without waiting for a <video> seek).
import { useEffect } from 'react';
import { clipTimeline } from '../../../shared/frames/frames';
import { heldBlob } from './clipCache';
import type { PlayerParts } from './playerParts';

/** `ready`: the clip's first frame is shown and its metadata reported (with its start, read from its packets). */
export function useDecodedSteps(parts: PlayerParts, ready: boolean, src: string | null, fps: number): void {
  const { clockRef, stepperRef, sourceRef } = parts;
  useEffect(() => {
    const video = clockRef.current?.video;
    const blob = ready && src ? heldBlob(src) : null;
    if (!blob || !video || typeof VideoDecoder === 'undefined') return;
    stepperRef.current?.attach(blob, clipTimeline(fps, sourceRef.current.start), video.duration);
    // The stepper of the moment, read at cleanup on purpose: none once the player is torn down (its
    // dispose detached it already).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ref is read when the effect ends, not when it starts
    return () => stepperRef.current?.detach();
  }, [clockRef, stepperRef, sourceRef, ready, src, fps]);
}
