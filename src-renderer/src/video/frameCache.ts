// Decoded frames around the playhead, so that a frame step draws a bitmap at once instead of
// waiting for a <video> seek (which re-decodes from the previous keyframe on every step: up to a
// whole group of pictures per step on real clips). The decoder runs in a worker; frames are kept
// within a memory budget, the farthest from the playhead dropped first.
import { mediaFrameStart, presentedFrameAt, type ClipTimeline } from '../../../shared/frames/frames';
import type { ClipLength, ClipMessage, FromFrameDecoder, ToFrameDecoder } from './frameDecoderProtocol';

/** Memory for decoded frames of one clip (RGBA bitmaps). */
const BUDGET_BYTES = 128 * 1024 * 1024;
/** Frames wider than this are scaled down (the player is rarely wider on screen). */
const MAX_WIDTH = 1280;
/** Decode from this many frames behind the playhead to this many ahead (steps go forward more). */
const BEHIND = 15;
const AHEAD = 60;
/** A step waits for a frame of the run in progress only this close ahead of what it has decoded. */
const WAIT_AHEAD = 8;
/** A new run starts when fewer than this many frames ahead (or behind) are held. */
const MARGIN_AHEAD = 30;
const MARGIN_BEHIND = 5;

let worker: Worker | null = null;
let lastClip = 0;
/** The cache of the clip open now (the worker serves one clip at a time). */
let active: FrameCache | null = null;

/** The decoder worker, started with the first clip and kept for the next ones. */
function decoder(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./frameDecoder.worker.ts', import.meta.url), { type: 'module', name: 'frame-decoder' });
    worker.onmessage = (event: MessageEvent<FromFrameDecoder>) => {
      const message = event.data;
      if (message.type === 'probed') {
        probes.answer(message.probe, { end: message.end, declared: message.declared, fps: message.fps, start: message.start });
      } else if (message.type === 'counted') {
        counts.answer(message.probe, message.frames);
      } else if (active && message.clip === active.clip) active.receive(message);
      else if (message.type === 'frame') message.bitmap.close();
    };
  }
  return worker;
}

/** Starts the decoder worker ahead of the first clip (while the annotator looks at the queue). */
export function warmFrameDecoder(): void {
  if (typeof VideoDecoder !== 'undefined') decoder();
}

let lastProbe = 0;

/** Questions the decoder worker answers of a clip's file without decoding it, asked once a clip (blob). */
class FileQuestion<A> {
  private readonly waiting = new Map<number, (answer: A) => void>();
  private readonly asked = new WeakMap<Blob, Promise<A>>();

  constructor(private readonly type: 'probe' | 'count') {}

  ask(blob: Blob): Promise<A> {
    let known = this.asked.get(blob);
    if (!known) {
      const probe = ++lastProbe;
      known = new Promise((resolve) => {
        this.waiting.set(probe, resolve);
        decoder().postMessage({ type: this.type, probe, blob } satisfies ToFrameDecoder);
      });
      this.asked.set(blob, known);
    }
    return known;
  }

  answer(probe: number, answer: A): void {
    this.waiting.get(probe)?.(answer);
    this.waiting.delete(probe);
  }
}

/** Its start and frame rate are asked when its metadata loads, its length just after. */
const probes = new FileQuestion<ClipLength>('probe');
const counts = new FileQuestion<number | null>('count');

/** How far the clip's packets reach, what it declares, its frame rate and when its first frame is presented (the decoder worker reads them; nothing is decoded). */
export const probeClipLength = (blob: Blob): Promise<ClipLength> => probes.ask(blob);

/** How many frames the clip's file holds (its video packets; null: not readable here). */
export const countClipFrames = (blob: Blob): Promise<number | null> => counts.ask(blob);

/**
 * Whether a clip ends before what it declares by more than its last frame's length (containers
 * round that) and a tenth of a second: past its end the player would count frames it cannot show.
 */
export function isCutShort({ end, declared }: Pick<ClipLength, 'end' | 'declared'>, fps: number): boolean {
  return end !== null && declared !== null && declared - end > Math.max(1 / fps, 0.1);
}

/** Where requests go: the decoder worker. */
export interface DecoderPort {
  postMessage(message: ToFrameDecoder): void;
}

export class FrameCache {
  readonly clip = ++lastClip;
  private readonly frames = new Map<number, ImageBitmap>();
  private capacity = 0;
  private request = 0;
  private running: { start: number; end: number; /** The last frame it produced. */ reached: number } | null = null;
  private playhead = 0;
  /** Steps waiting for a frame of the run in progress. */
  private waiting = new Map<number, ((bitmap: ImageBitmap | undefined) => void)[]>();
  private disposed = false;
  /** Why the clip cannot be decoded here (steps then use the <video> alone). */
  unavailable: string | null = null;

  private constructor(
    /** The clip's rate and the media time of its first frame: decoded timestamps count from it. */
    private readonly timeline: ClipTimeline,
    private readonly frameCount: number,
    private readonly port: DecoderPort,
  ) {}

  /** Starts decoding `blob` (the clip before it, if any, is closed); `port` is the worker unless a test says otherwise. */
  static open(blob: Blob, timeline: ClipTimeline, frameCount: number, port: DecoderPort = { postMessage: (message) => decoder().postMessage(message) }): FrameCache {
    active?.dispose();
    const cache = new FrameCache(timeline, frameCount, port);
    active = cache;
    cache.send({ type: 'open', clip: cache.clip, blob, maxWidth: MAX_WIDTH });
    return cache;
  }

  private send(message: ToFrameDecoder): void {
    if (!this.disposed) this.port.postMessage(message);
  }

  receive(message: ClipMessage): void {
    switch (message.type) {
      case 'opened':
        this.capacity = Math.max(16, Math.floor(BUDGET_BYTES / (message.width * message.height * 4)));
        this.want(this.playhead);
        break;
      case 'unavailable':
        this.unavailable = message.reason;
        break;
      case 'frame': {
        const frame = presentedFrameAt(this.timeline, message.timestamp);
        if (this.running && message.request === this.request) this.running.reached = frame;
        const held = this.frames.get(frame);
        if (held) message.bitmap.close();
        else {
          this.frames.set(frame, message.bitmap);
          this.evict();
        }
        this.settle(frame);
        break;
      }
      case 'decoded':
      case 'failed':
        if (message.request === this.request) {
          this.running = null;
          for (const frame of [...this.waiting.keys()]) this.settle(frame);
        }
        break;
    }
  }

  /** The decoded frame, if held. */
  get(frame: number): ImageBitmap | undefined {
    return this.frames.get(frame);
  }

  /**
   * The decoded frame, waiting up to `maxWaitMs` when the run in progress will produce it (right
   * after a clip opens, the first steps would otherwise each start a <video> seek that competes
   * with the decoder for the same cores).
   */
  getSoon(frame: number, maxWaitMs: number): Promise<ImageBitmap | undefined> {
    const held = this.frames.get(frame);
    // Far ahead of the decoder (a ten-frame jump right after opening): the <video> is quicker.
    if (held || !this.inRun(frame) || frame - this.running!.reached > WAIT_AHEAD) return Promise.resolve(held);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), maxWaitMs);
      const done = (bitmap: ImageBitmap | undefined) => {
        clearTimeout(timer);
        const list = this.waiting.get(frame)?.filter((entry) => entry !== done) ?? [];
        if (list.length > 0) this.waiting.set(frame, list);
        else this.waiting.delete(frame);
        resolve(bitmap);
      };
      this.waiting.set(frame, [...(this.waiting.get(frame) ?? []), done]);
    });
  }

  private settle(frame: number): void {
    for (const done of this.waiting.get(frame) ?? []) done(this.frames.get(frame));
  }

  /** How many frames are held. */
  get size(): number {
    return this.frames.size;
  }

  /** The playhead moved to `frame`: decode ahead of it (and a little behind) when needed. */
  want(frame: number): void {
    this.playhead = frame;
    if (this.capacity === 0 || this.unavailable !== null) return;
    const last = this.frameCount > 0 ? this.frameCount - 1 : Number.MAX_SAFE_INTEGER;
    const ahead = Math.min(AHEAD, Math.floor(this.capacity * 0.7));
    const behind = Math.min(BEHIND, Math.floor(this.capacity * 0.25));
    const missing = (f: number) => f >= 0 && f <= last && !this.frames.has(f) && !this.inRun(f);
    // Ahead first, from the first frame not held (held frames are not decoded again)...
    for (let f = frame; f <= frame + MARGIN_AHEAD; f++) {
      if (missing(f)) return this.run(f, Math.min(last, frame + ahead));
    }
    // ...then behind.
    for (let f = frame - 1; f >= frame - MARGIN_BEHIND; f--) {
      if (missing(f)) return this.run(Math.max(0, frame - behind), f);
    }
  }

  /** Decodes frames first..last (a new run replaces the one in progress). */
  private run(first: number, last: number): void {
    this.request++;
    this.running = { start: first, end: last, reached: first - 1 };
    // Timestamps are frame starts; half a frame of slack either side absorbs their rounding.
    const halfFrame = 0.5 / this.timeline.fps;
    this.send({ type: 'decode', clip: this.clip, request: this.request, start: mediaFrameStart(this.timeline, first) - halfFrame, end: mediaFrameStart(this.timeline, last) + halfFrame });
  }

  private inRun(frame: number): boolean {
    return this.running !== null && frame >= this.running.start && frame <= this.running.end;
  }

  private evict(): void {
    if (this.frames.size <= this.capacity) return;
    // Farthest first; a frame behind the playhead counts twice as far (steps go forward more).
    const distance = (frame: number) => (frame >= this.playhead ? frame - this.playhead : 2 * (this.playhead - frame));
    const byDistance = [...this.frames.keys()].sort((a, b) => distance(b) - distance(a));
    for (const frame of byDistance.slice(0, this.frames.size - this.capacity)) {
      this.frames.get(frame)!.close();
      this.frames.delete(frame);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    if (active === this) {
      active = null;
      this.send({ type: 'close' });
    }
    this.disposed = true;
    for (const frame of [...this.waiting.keys()]) for (const done of this.waiting.get(frame) ?? []) done(undefined);
    for (const bitmap of this.frames.values()) bitmap.close();
    this.frames.clear();
  }
}
