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
import type { SourceState } from './sourceState';
import type { VideoMeta } from './videoPlayerTypes';

/** Presented frames counted before the frame rate is measured from their media times (when the packets did not give it). */
const FRAMES_TO_MEASURE = 12;
/** How long steps wait for the clip's start and rate from its packets; past it they go on from 0 at the fallback rate. */
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
          current.onMeta(videoMeta(video, state));
        }
      }
      if (current.loop && !video.paused && frame > current.loop.end) void clockRef.current?.seek(current.loop.start);
      if (stepperRef.current?.presented(frame, !video.paused) ?? true) current.onFrame(frame);
    };
    bindClockRef.current = () => {
      const video = videoNow();
      if (clockRef.current?.video === video) return;
      clockRef.current?.dispose();
      clockRef.current = new FrameClock(video, latestRef.current.fps, onPresented, sourceRef.current.start);
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
        clockRef.current?.setStart(state.start);
        latestRef.current.onMeta(videoMeta(video, state));
        setMetaOf(state.src);
        // Steps wait for this: after the render that takes a rate read from the packets.
        if (state.measured === null) state.markReady();
        else setTimeout(() => state.markReady(), 0);
      };
      // From the clip's packets, before any step: when its first frame is presented (frame 0 of a
      // clip with a start offset, or B-frames without an edit list, is not at media time 0: its
      // frames were counted, stepped and written from 0, 15 frames off at 0.5 s), and its rate when
      // the task declares none (measured only while it played, a task without fps was stepped, and
      // its references written, at 30 fps until then: an exploratory review). Only a clip held in
      // memory is probed: one streamed from its address keeps start 0 (and the rate measured in play).
      const blob = state.src !== null ? heldBlob(state.src) : null;
      if (!blob) return report();
      void Promise.race([probeClipLength(blob), new Promise<null>((resolve) => setTimeout(() => resolve(null), PROBE_WAIT_MS))]).then((length) => {
        if (latestRef.current.readsRate && state.measured === null && length?.fps) state.measured = length.fps;
        state.start = length?.start ?? 0;
        state.packetFps = length?.fps ?? null;
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

/** What the player reports of the media in `video` (its source's state: the rate measured, the start read). */
function videoMeta(video: HTMLVideoElement, { measured, start, packetFps }: Pick<SourceState, 'measured' | 'start' | 'packetFps'>): VideoMeta {
  return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, measuredFps: measured, start, packetFps };
}
