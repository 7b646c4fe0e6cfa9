// The one video.js player of a VideoPlayer, with the clock that reports each presented frame and
// the stepper that draws decoded frames for steps; built once, torn down when the player unmounts.
import { useLayoutEffect } from 'react';
import videojs from 'video.js';
import { estimateFps } from '../../../shared/frames/frames';
import { heldBlob } from './clipCache';
import { probeClipLength } from './frameCache';
import { FrameClock } from './frameClock';
import { FrameStepper } from './frameStepper';
import type { PlayerParts } from './playerParts';
import type { VideoMeta } from './videoPlayerTypes';

/** Presented frames counted before the frame rate is measured from their media times (when the packets did not give it). */
const FRAMES_TO_MEASURE = 12;
/** How long steps wait for the clip's rate from its packets; past it they go on at the fallback rate. */
const PROBE_WAIT_MS = 1500;

/**
 * Builds the player into `parts.hostRef` and sets the parts' player, clock, stepper and bindClock.
 * `setMetaOf` / `setShownOf` receive the source whose metadata is loaded / first frame presented.
 */
export function useVideoJsPlayer(parts: PlayerParts, setMetaOf: (src: string | null) => void, setShownOf: (src: string | null) => void): void {
  const { hostRef, playerRef, clockRef, stepperRef, bindClockRef, sourceRef, latestRef } = parts;
  // The one player (StrictMode mounts twice: a fresh element per mount, as video.js replaces it).
  // Layout effects, this one and the source change: the clip starts loading in the commit that
  // shows the task, before the passive effects of the rest of the workspace run.
  useLayoutEffect(() => {
    const container = hostRef.current;
    if (!container) return;
    const element = document.createElement('video-js');
    element.classList.add('vjs-fill');
    container.appendChild(element);
    const instance = videojs(element, {
      controls: false,
      preload: 'auto',
      muted: true,
      loop: false,
      fill: true,
      // The studio draws its own transport: without these video.js would still build its hidden
      // control bar and caption-settings dialog, focusable menus under aria-hidden (axe: serious).
      controlBar: false,
      textTrackSettings: false,
      bigPlayButton: false,
    });
    playerRef.current = instance;
    // video.js replaces its <video> when it resets (no source): the clock follows the element.
    const videoNow = () => container.querySelector('video')!;
    const onPresented = (frame: number, mediaTime: number) => {
      const current = latestRef.current;
      const state = sourceRef.current;
      const video = videoNow();
      // The clip before is still in the element until the new one is loaded: its frames are not this clip's.
      if (state.loaded === null || video.currentSrc !== state.loaded) return;
      if (!state.shown) {
        state.shown = true;
        setShownOf(state.src);
        current.onShown?.();
      }
      if (!video.paused && state.measured === null) {
        state.times.push(mediaTime);
        if (state.times.length >= FRAMES_TO_MEASURE) {
          state.measured = estimateFps(state.times);
          current.onMeta(videoMeta(video, state.measured));
        }
      }
      if (current.loop && !video.paused && frame > current.loop.end) void clockRef.current?.seek(current.loop.start);
      if (stepperRef.current?.presented(frame, !video.paused) ?? true) current.onFrame(frame);
    };
    bindClockRef.current = () => {
      const video = videoNow();
      if (clockRef.current?.video === video) return;
      clockRef.current?.dispose();
      clockRef.current = new FrameClock(video, latestRef.current.fps, onPresented);
    };
    bindClockRef.current();
    const frameStepper = new FrameStepper(container, () => clockRef.current, (frame) => latestRef.current.onFrame(frame));
    stepperRef.current = frameStepper;
    instance.on('loadedmetadata', () => {
      const video = videoNow();
      const state = sourceRef.current;
      // A late event of the source before (a quick switch): the new one's metadata comes with its own.
      if (video.currentSrc !== state.loaded) return;
      const report = () => {
        if (sourceRef.current !== state) return;
        latestRef.current.onMeta(videoMeta(video, state.measured));
        setMetaOf(state.src);
        // Steps wait for this: after the render that takes a rate read from the packets.
        if (state.measured === null) state.markReady();
        else setTimeout(() => state.markReady(), 0);
      };
      // The clip's rate from its packets, before any step: measured only while it played, a task
      // without fps was stepped, and its references written, at 30 fps until then (an exploratory review).
      const blob = latestRef.current.readsRate && state.src !== null && state.measured === null ? heldBlob(state.src) : null;
      if (!blob) return report();
      void Promise.race([probeClipLength(blob), new Promise<null>((resolve) => setTimeout(() => resolve(null), PROBE_WAIT_MS))]).then((length) => {
        if (state.measured === null && length?.fps) state.measured = length.fps;
        report();
      });
    });
    instance.on('play', () => latestRef.current.onPlayingChange(true));
    instance.on('pause', () => latestRef.current.onPlayingChange(false));
    instance.on('ended', () => latestRef.current.onPlayingChange(false));
    instance.on('error', () => {
      sourceRef.current.markReady();
      if (sourceRef.current.src !== null) latestRef.current.onError(instance.error()?.message || 'The clip cannot be played.');
    });
    return () => {
      frameStepper.dispose();
      stepperRef.current = null;
      clockRef.current?.dispose();
      clockRef.current = null;
      bindClockRef.current = () => undefined;
      playerRef.current = null;
      instance.dispose();
    };
    // Every dependency is a ref or a state setter: the same for the player's whole life.
  }, [hostRef, playerRef, clockRef, stepperRef, bindClockRef, sourceRef, latestRef, setMetaOf, setShownOf]);
}

/** What the player reports of the media in `video`. */
function videoMeta(video: HTMLVideoElement, measuredFps: number | null): VideoMeta {
  return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, measuredFps };
}
