// The clip: video.js around an HTML5 <video>, driven in integer frames. The parent owns the
// domain state (current frame, rate, loop); this component turns it into media operations and
// reports the frame actually presented (requestVideoFrameCallback) back.
//
// One video.js player lives as long as the component: a new task changes its source (from the
// in-memory clip cache when the clip is held there), it is never torn down and rebuilt.
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import videojs from 'video.js';
import { estimateFps } from '../../../shared/frames/frames';
import { clipMediaType, clipSource, heldBlob, heldClip } from './clipCache';
import { isCutShort, probeClipLength } from './frameCache';
import { FrameClock } from './frameClock';
import { FrameStepper } from './frameStepper';

type Player = ReturnType<typeof videojs>;

export interface VideoHandle {
  seekFrame(frame: number): Promise<number>;
  play(): void;
  pause(): void;
  isPaused(): boolean;
}

export interface VideoMeta {
  duration: number;
  width: number;
  height: number;
  /** Frame rate measured from presented frames while playing; null until known. */
  measuredFps: number | null;
}

export interface VideoPlayerProps {
  src: string | null;
  fps: number;
  rate: number;
  /** Inclusive frame range to loop while playing. */
  loop: { start: number; end: number } | null;
  onFrame(frame: number): void;
  onMeta(meta: VideoMeta): void;
  /** The first frame of the current source has been presented. */
  onShown?(): void;
  onPlayingChange(playing: boolean): void;
  onError(message: string): void;
  /** The file ends at `end` seconds, before the `declared` duration: it is cut short. */
  onCutShort?(end: number, declared: number): void;
}

/** What the player knows about the source it is showing; replaced on every source change. */
interface SourceState {
  src: string | null;
  /** The absolute URL handed to the player for it (a blob: URL or the clip's own). */
  loaded: string | null;
  times: number[];
  measured: number | null;
  shown: boolean;
  /**
   * Resolves once this source's metadata is in the element (or it failed, or was replaced): seeks
   * wait for it. A clip that is not in memory yet downloads first, and until then the element
   * still holds the clip before, which steps must not move.
   */
  ready: Promise<void>;
  markReady(): void;
}

/** A source's state, its readiness pending (resolved at once for no source). */
function sourceState(src: string | null): SourceState {
  let markReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  if (src === null) markReady();
  return { src, loaded: null, times: [], measured: null, shown: false, ready, markReady };
}

/** Longest a seek waits for its clip's metadata (a clip that never loads says so by its error). */
const READY_MAX_WAIT_MS = 5000;

export const VideoPlayer = forwardRef<VideoHandle, VideoPlayerProps>(function VideoPlayer(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<Player | null>(null);
  const clock = useRef<FrameClock | null>(null);
  const stepper = useRef<FrameStepper | null>(null);
  /** Points the clock at the player's current <video> (set up with the player). */
  const bindClock = useRef<() => void>(() => undefined);
  const source = useRef<SourceState>(sourceState(null));
  const latest = useRef(props);
  // The source whose metadata is loaded / whose first frame has been presented (keyed by source,
  // so nothing reads as ready between a source change and the effect that loads it).
  const [metaOf, setMetaOf] = useState<string | null>(null);
  const [shownOf, setShownOf] = useState<string | null>(null);
  const meta = props.src !== null && metaOf === props.src;
  const shown = props.src !== null && shownOf === props.src;
  useEffect(() => {
    latest.current = props;
  });

  useImperativeHandle(ref, () => ({
    seekFrame: async (frame) => {
      const state = source.current;
      await state.ready;
      // A seek asked for a clip that has been replaced meanwhile is not the new clip's.
      if (source.current !== state) return frame;
      return (await stepper.current?.seek(frame)) ?? frame;
    },
    play: () => {
      // From the frame on screen: the <video> may not have caught up with decoded steps yet.
      void (stepper.current?.sync() ?? Promise.resolve()).then(() => player.current?.play()?.catch(() => undefined));
    },
    pause: () => {
      // Already paused (the usual case while stepping): nothing to do.
      if (player.current && !player.current.paused()) player.current.pause();
    },
    isPaused: () => player.current?.paused() ?? true,
  }));

  // The one player (StrictMode mounts twice: a fresh element per mount, as video.js replaces it).
  // Layout effects, this one and the source change: the clip starts loading in the commit that
  // shows the task, before the passive effects of the rest of the workspace run.
  useLayoutEffect(() => {
    const container = host.current;
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
    player.current = instance;
    // video.js replaces its <video> when it resets (no source): the clock follows the element.
    const videoNow = () => container.querySelector('video')!;
    const onPresented = (frame: number, mediaTime: number) => {
      const current = latest.current;
      const state = source.current;
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
        if (state.times.length >= 12) {
          state.measured = estimateFps(state.times);
          current.onMeta({ duration: video.duration, width: video.videoWidth, height: video.videoHeight, measuredFps: state.measured });
        }
      }
      if (current.loop && !video.paused && frame > current.loop.end) void clock.current?.seek(current.loop.start);
      if (stepper.current?.presented(frame, !video.paused) ?? true) current.onFrame(frame);
    };
    bindClock.current = () => {
      const video = videoNow();
      if (clock.current?.video === video) return;
      clock.current?.dispose();
      clock.current = new FrameClock(video, latest.current.fps, onPresented);
    };
    bindClock.current();
    const frameStepper = new FrameStepper(container, () => clock.current, (frame) => latest.current.onFrame(frame));
    stepper.current = frameStepper;
    instance.on('loadedmetadata', () => {
      const video = videoNow();
      // A late event of the source before (a quick switch): the new one's metadata comes with its own.
      if (video.currentSrc !== source.current.loaded) return;
      latest.current.onMeta({ duration: video.duration, width: video.videoWidth, height: video.videoHeight, measuredFps: source.current.measured });
      setMetaOf(source.current.src);
      source.current.markReady();
    });
    instance.on('play', () => latest.current.onPlayingChange(true));
    instance.on('pause', () => latest.current.onPlayingChange(false));
    instance.on('ended', () => latest.current.onPlayingChange(false));
    instance.on('error', () => {
      source.current.markReady();
      if (source.current.src !== null) latest.current.onError(instance.error()?.message || 'The clip cannot be played.');
    });
    return () => {
      frameStepper.dispose();
      stepper.current = null;
      clock.current?.dispose();
      clock.current = null;
      bindClock.current = () => undefined;
      player.current = null;
      instance.dispose();
    };
  }, []);

  // A new source for the same player.
  useLayoutEffect(() => {
    const instance = player.current;
    if (!instance) return;
    const src = props.src;
    const hadSource = source.current.loaded !== null;
    const previous = source.current;
    const state = sourceState(src);
    source.current = state;
    previous.markReady(); // its waiting seeks end (they see the source was replaced)
    clock.current?.reset();
    // The clip before stops: its frames are no longer shown as this one's.
    if (!instance.paused()) instance.pause();
    const giveUp = window.setTimeout(() => state.markReady(), READY_MAX_WAIT_MS);
    void state.ready.then(() => window.clearTimeout(giveUp));
    if (!src) {
      // Nothing to clear on the first mount (a reset would rebuild the <video> for nothing).
      if (hadSource) {
        instance.reset();
        bindClock.current();
      }
      return;
    }
    let cancelled = false;
    const load = (url: string) => {
      if (cancelled || instance.isDisposed()) return;
      if (!instance.paused()) instance.pause();
      state.loaded = new URL(url, window.location.href).href;
      const type = clipMediaType(src);
      instance.src(type ? { src: url, type } : { src: url });
      bindClock.current();
    };
    const held = heldClip(src);
    if (held) load(held);
    else void clipSource(src).then(load);
    return () => {
      cancelled = true;
    };
  }, [props.src]);

  useEffect(() => {
    clock.current?.setFps(props.fps);
  }, [props.fps]);

  // Once the metadata is known, whether the file holds what it declares: a copy broken off plays
  // (black, with no error, when it ends right after its header) while the counter runs to the end.
  useEffect(() => {
    const blob = meta && props.src ? heldBlob(props.src) : null;
    if (!blob) return;
    let current = true;
    void probeClipLength(blob).then((length) => {
      if (current && isCutShort(length, latest.current.fps)) latest.current.onCutShort?.(length.end!, length.declared!);
    });
    return () => {
      current = false;
    };
  }, [meta, props.src]);

  // Decoded frames for steps, once the clip shows (it comes first) and when it is held in memory.
  useEffect(() => {
    const video = clock.current?.video;
    const blob = shown && props.src ? heldBlob(props.src) : null;
    if (!blob || !video || typeof VideoDecoder === 'undefined') return;
    stepper.current?.attach(blob, props.fps, video.duration);
    return () => stepper.current?.detach();
  }, [shown, props.src, props.fps]);

  useEffect(() => {
    player.current?.playbackRate(props.rate);
  }, [props.rate, meta]);

  // data-ready: the first frame of the current source has been presented; data-meta: its metadata is known.
  return <div ref={host} className="video-host" data-src={props.src ?? ''} data-meta={meta ? 'true' : 'false'} data-ready={shown ? 'true' : 'false'} />;
});
