// One controller per player: the clip commands shared by its transport buttons, its timeline and
// the keymap's clip actions. The domain is integer frames: every command computes a frame and
// seeks to it. The state (frame on screen, frame count, playing…) lives in a store the owner
// gives (Annotate's store, or a small one of the controller's own).
import { createStore } from 'zustand/vanilla';
import { clampFrame, clipFrameCount, clipTimeline } from '../../../shared/frames/frames';
import { copyFrameToClipboard } from './copyFrame';
import { traceClip } from './clipTrace';
import type { VideoHandle, VideoMeta } from './videoPlayerTypes';

export interface ClipState {
  /** The frame on screen (presented, checked with requestVideoFrameCallback). */
  frame: number;
  frameCount: number;
  /** The frame rate measured from the media when the task declares none. */
  mediaFps: number | null;
  playing: boolean;
  rate: number;
  /** Inclusive frame range to loop while playing. */
  loop: { start: number; end: number } | null;
  clipError: string | null;
  /** The clip's file ends (seconds; 0: right after its header) before the duration it declares: it is cut short. */
  clipCutShort: { end: number; declared: number } | null;
  /** The clip has presented its first frame. */
  clipShown: boolean;
  /** When the clip's first frame (frame 0) is presented, in media seconds: 0 but for a clip that starts later (its packets say so). */
  clipStart: number;
  /** The clip's own rate, from its packets (null: not read), which a task's declared fps may contradict. */
  clipPacketFps: number | null;
  /** How many frames the clip's file holds, every packet counted (null: not counted), to compare with the frame count. */
  clipFileFrames: number | null;
}

/** What the last "copy the frame" did, for the transport to say. */
export type CopyOutcome = { frame: number; ok: true } | { frame: number; ok: false; message: string };

export interface ClipStateStore {
  getState(): ClipState;
  setState(patch: Partial<ClipState>): void;
  subscribe(listener: (state: ClipState) => void): () => void;
}

export const initialClipState: ClipState = { frame: 0, frameCount: 0, mediaFps: null, playing: false, rate: 1, loop: null, clipError: null, clipCutShort: null, clipShown: false, clipStart: 0, clipPacketFps: null, clipFileFrames: null };

/** A store of the controller's own (Replay, Adjudicate). */
export function createClipStateStore(): ClipStateStore {
  const store = createStore<ClipState>()(() => initialClipState);
  return { getState: store.getState, setState: (patch) => store.setState(patch), subscribe: store.subscribe };
}

export const playbackRates = [0.1, 0.25, 0.5, 1, 1.5, 2, 4];

/** How long work that waits for the clip's first frame waits at most. */
const CLIP_SHOWN_MAX_WAIT_MS = 1500;
/** Quiet time without a step, seek or play that work holding the main thread waits for... */
const CLIP_QUIET_MS = 300;
/** ...at most this long. */
const CLIP_QUIET_MAX_WAIT_MS = 4000;

export class ClipController {
  private handle: VideoHandle | null = null;
  /** The frame last asked for: steps add to it, so quick presses never wait for presentation. */
  private target: number | null = null;
  /** Seeks asked so far: the latest one's end (alone) clears `target`. */
  private seeks = 0;
  /** When the user last stepped, sought or played (performance.now()). */
  private lastCommandAt = -Infinity;
  /** The element the player draws into (for copying the frame on screen). */
  private host: HTMLElement | null = null;

  constructor(
    readonly store: ClipStateStore = createClipStateStore(),
    /** False while there is nothing to play (Annotate before a task is picked). */
    private readonly isOpen: () => boolean = () => true,
  ) {}

  /** The last copy of a frame to the clipboard (shown by the transport), and who listens. */
  copied: CopyOutcome | null = null;
  private readonly copyListeners = new Set<() => void>();

  attach = (next: VideoHandle | null): void => {
    this.handle = next;
  };

  /** The element around the player (a ref callback). */
  setHost = (element: HTMLElement | null): void => {
    this.host = element;
  };

  /** A new clip: steps start again from the presented frame. */
  sourceChanged(): void {
    this.target = null;
    // Said of one file: kept while it plays (its metadata is reported again once its rate is measured).
    // Its start comes with its metadata.
    this.store.setState({ clipCutShort: null, clipStart: 0, clipFileFrames: null });
  }

  /** The first frame is on screen: counts as activity, so that heavy work waits a moment in case stepping starts right away. */
  shownNow = (): void => {
    this.lastCommandAt = performance.now();
    this.store.setState({ clipShown: true });
  };

  /** The media's metadata: the frame count, from the first frame (and the measured rate when the task declares none). */
  metaLoaded(meta: VideoMeta, declaredFps: number | undefined, fallbackFps: number): void {
    const measured = declaredFps ? null : meta.measuredFps;
    const timeline = clipTimeline(declaredFps ?? measured ?? fallbackFps, meta.start);
    this.store.setState({
      mediaFps: measured ?? this.store.getState().mediaFps,
      frameCount: clipFrameCount(timeline, meta.duration),
      clipStart: timeline.start,
      clipPacketFps: meta.packetFps,
      clipError: null,
    });
  }

  seekFrame = async (frame: number): Promise<void> => {
    // The player is mounted (empty) before there is a clip, and a clip that cannot be shown has no
    // frames: nothing to seek (the counter moved on a missing clip, "frame 11 / –").
    if (!this.isOpen() || this.store.getState().clipError !== null) return;
    const next = clampFrame(frame, this.store.getState().frameCount);
    this.lastCommandAt = performance.now();
    this.handle?.pause();
    this.target = next;
    const seek = ++this.seeks;
    // The counter follows the presented frame (requestVideoFrameCallback), not this request.
    const presented = await this.handle?.seekFrame(next);
    traceClip('seeked', next, presented, this.target, this.store.getState().frame);
    // Only the latest seek's end clears the target. Comparing frames was not enough: F-V-V-C from 3
    // asks 13, 23, then 13 again, and the first 13 ending late cleared the third one's target while
    // 23 was on screen, so the next step counted from 23 (a lost C, seen in CI by the clip trace).
    if (seek === this.seeks) this.target = null;
  };

  /**
   * The frame the user's commands have asked for: a step or seek still on its way to the screen
   * (a clip just opened, a jump back past the decoded frames), else the frame on screen. A mark
   * pressed right after steps is the frame those steps asked for, not the one they left.
   */
  intendedFrame = (): number => this.target ?? this.store.getState().frame;

  stepFrames = (delta: number): Promise<void> => {
    traceClip('step', delta, this.target, this.store.getState().frame);
    return this.seekFrame((this.target ?? this.store.getState().frame) + delta);
  };

  /**
   * A loop was just switched on: while paused, it plays from its start (the user asked to see the
   * range; it waited for Space, the frame still at Out). While playing the player keeps to it already.
   */
  loopStarted = (loop: { start: number; end: number }): void => {
    if (!this.handle || !this.isOpen() || !this.handle.isPaused()) return;
    const seeking = this.seekFrame(loop.start);
    const seek = this.seeks;
    // Not when the loop was switched off, or another step or seek came, before the seek ended.
    void seeking.then(() => {
      if (seek === this.seeks && this.store.getState().loop === loop) this.handle?.play();
    });
  };

  togglePlay = (): void => {
    if (!this.handle || !this.isOpen()) return;
    this.lastCommandAt = performance.now();
    if (this.handle.isPaused()) this.handle.play();
    else this.handle.pause();
  };

  /** Copies the frame on screen to the clipboard as a PNG. */
  copyFrame = async (): Promise<void> => {
    const frame = this.store.getState().frame;
    try {
      if (!this.host || !this.isOpen()) throw new Error('no clip is shown');
      await copyFrameToClipboard(this.host);
      this.copied = { frame, ok: true };
    } catch (error) {
      this.copied = { frame, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    for (const listener of this.copyListeners) listener();
  };

  onCopied = (listener: () => void): (() => void) => {
    this.copyListeners.add(listener);
    return () => this.copyListeners.delete(listener);
  };

  /** Resolves once the clip has presented its first frame or failed (or after `maxWaitMs`). */
  afterShown(maxWaitMs = CLIP_SHOWN_MAX_WAIT_MS): Promise<void> {
    const settled = (state: ClipState) => state.clipShown || state.clipError !== null || !this.isOpen();
    if (settled(this.store.getState())) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = window.setTimeout(done, maxWaitMs);
      const unsubscribe = this.store.subscribe((state) => {
        if (settled(state)) done();
      });
    });
  }

  /**
   * Resolves once the user has left the clip alone (no step, seek or play) for `quietMs` and it is
   * not playing, or after `maxWaitMs`: work that holds the main thread then does not land in the
   * middle of a run of frame steps.
   */
  afterQuiet(quietMs = CLIP_QUIET_MS, maxWaitMs = CLIP_QUIET_MAX_WAIT_MS): Promise<void> {
    const started = performance.now();
    return new Promise((resolve) => {
      const check = () => {
        const now = performance.now();
        const quietFor = now - this.lastCommandAt;
        if ((quietFor >= quietMs && !this.store.getState().playing) || now - started >= maxWaitMs) resolve();
        else window.setTimeout(check, Math.max(20, quietMs - quietFor));
      };
      check();
    });
  }
}
