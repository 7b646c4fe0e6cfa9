// The one video.js player of a VideoPlayer, with the clock that reports each presented frame and
// the stepper that draws decoded frames for steps; built once, torn down when the player unmounts.
import { useLayoutEffect } from 'react';
import videojs from 'video.js';
import { estimateFps } from '../../../shared/frames/frames';
import { FrameClock } from './frameClock';
import { FrameStepper } from './frameStepper';
import type { PlayerParts } from './playerParts';
import type { VideoMeta } from './videoPlayerTypes';

/** Presented frames counted before the frame rate is measured from their media times. */
const FRAMES_TO_MEASURE = 12;

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
      // A late event of the source before (a quick switch): the new one's metadata comes with its own.
      if (video.currentSrc !== sourceRef.current.loaded) return;
      latestRef.current.onMeta(videoMeta(video, sourceRef.current.measured));
      setMetaOf(sourceRef.current.src);
      sourceRef.current.markReady();
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
