// Decoded frames for steps, once the clip shows (it comes first) and when it is held in memory
// (frameStepper: a step to a decoded frame shows it at once, without waiting for a <video> seek).
import { useEffect } from 'react';
import { heldBlob } from './clipCache';
import type { PlayerParts } from './playerParts';

export function useDecodedSteps(parts: PlayerParts, shown: boolean, src: string | null, fps: number): void {
  const { clockRef, stepperRef } = parts;
  useEffect(() => {
    const video = clockRef.current?.video;
    const blob = shown && src ? heldBlob(src) : null;
    if (!blob || !video || typeof VideoDecoder === 'undefined') return;
    stepperRef.current?.attach(blob, fps, video.duration);
    // The stepper of the moment, read at cleanup on purpose: none once the player is torn down (its
    // dispose detached it already).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ref is read when the effect ends, not when it starts
    return () => stepperRef.current?.detach();
  }, [clockRef, stepperRef, shown, src, fps]);
}
