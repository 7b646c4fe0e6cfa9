// The frame cache's policy (what it asks the decoder for, what it keeps, who waits for what),
// with the decoder's answers fed in by hand; the decoding itself runs in Chromium in the annotate
// e2e, where the frames drawn from the cache are read back against the clip's burned-in index.
import { describe, expect, it } from 'vitest';
import { clipTimeline } from '../../../shared/frames/frames';
import { FrameCache, isCutShort } from './frameCache';
import type { ClipMessage, ToFrameDecoder } from './frameDecoderProtocol';

const FPS = 30;

/** A decoder message without its clip number (the helper adds it). */
type Answer = ClipMessage extends infer M ? (M extends unknown ? Omit<M, 'clip'> : never) : never;

class FakeBitmap {
  closed = false;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  close() {
    this.closed = true;
  }
}

function openCache(frameCount: number, width = 480, height = 270, start = 0) {
  const sent: ToFrameDecoder[] = [];
  const cache = FrameCache.open(new Blob(['clip']), clipTimeline(FPS, start), frameCount, { postMessage: (message) => sent.push(message) });
  const answer = (message: Answer) => cache.receive({ ...message, clip: cache.clip } as ClipMessage);
  answer({ type: 'opened', width, height });
  const decodes = () => sent.filter((message) => message.type === 'decode');
  const lastRequest = () => {
    const last = decodes().at(-1);
    if (!last || last.type !== 'decode') throw new Error('no decode request');
    return last;
  };
  /** The decoder's frame n of the last request (timestamps as WebM rounds them, to the ms). */
  const frame = (n: number, request = lastRequest().request) => {
    const bitmap = new FakeBitmap(width, height);
    answer({ type: 'frame', request, timestamp: Math.round((start + n / FPS) * 1000) / 1000, bitmap: bitmap as unknown as ImageBitmap });
    return bitmap;
  };
  return { cache, sent, decodes, lastRequest, frame, answer };
}

const framesOf = (request: { start: number; end: number }) => ({ first: Math.round(request.start * FPS + 0.5), last: Math.round(request.end * FPS - 0.5) });

describe('frame cache', () => {
  it('opens the clip, then decodes from the playhead ahead', () => {
    const { sent, lastRequest } = openCache(300);
    expect(sent[0]).toMatchObject({ type: 'open', maxWidth: 1280 });
    expect(framesOf(lastRequest())).toEqual({ first: 0, last: 60 });
  });

  it('counts frames from the first presented one when the clip starts after media time 0', () => {
    // A clip whose first frame is presented at 0.5 s (`-output_ts_offset 0.5`): frame 0 is that one,
    // its decode request starts there, and the frame stamped 0.833 is frame 10, not 25.
    const { cache, frame, lastRequest } = openCache(150, 480, 270, 0.5);
    expect(lastRequest().start).toBeCloseTo(0.5 - 0.5 / FPS, 9);
    expect(lastRequest().end).toBeCloseTo(0.5 + (60 + 0.5) / FPS, 9);
    for (let n = 0; n <= 10; n++) frame(n);
    expect(cache.get(0)).toBeDefined();
    expect(cache.get(10)).toBeDefined();
    expect(cache.get(11)).toBeUndefined();
    expect(cache.size).toBe(11);
  });

  it('maps ms-rounded timestamps to frames and serves them', () => {
    const { cache, frame } = openCache(300);
    for (let n = 0; n <= 10; n++) frame(n);
    expect(cache.get(1)).toBeDefined();
    expect(cache.get(10)).toBeDefined();
    expect(cache.get(11)).toBeUndefined();
    expect(cache.size).toBe(11);
  });

  it('asks for nothing while the run in progress covers the margin, then from the first frame not held', () => {
    const { cache, decodes, lastRequest, frame, answer } = openCache(300);
    for (let n = 0; n <= 60; n++) frame(n);
    answer({ type: 'decoded', request: lastRequest().request });
    cache.want(20);
    expect(decodes()).toHaveLength(1);
    cache.want(31);
    expect(decodes()).toHaveLength(2);
    expect(framesOf(lastRequest())).toEqual({ first: 61, last: 91 });
  });

  it('decodes behind the playhead when stepping back past what is held', () => {
    const { cache, lastRequest, frame, answer } = openCache(300);
    cache.want(100);
    for (let n = 100; n <= 160; n++) frame(n);
    answer({ type: 'decoded', request: lastRequest().request });
    cache.want(101);
    expect(framesOf(lastRequest())).toEqual({ first: 86, last: 99 });
  });

  it('never asks past the last frame of the clip', () => {
    const { cache, lastRequest } = openCache(100);
    cache.want(90);
    expect(framesOf(lastRequest()).last).toBe(99);
  });

  it('keeps the frames nearest the playhead within its memory budget', () => {
    // 3840x2160 RGBA: 128 MiB holds 4 frames, so the floor of 16 applies.
    const { cache, frame } = openCache(300, 3840, 2160);
    const bitmaps = Array.from({ length: 30 }, (_, n) => frame(n));
    expect(cache.size).toBe(16);
    expect(cache.get(0)).toBeDefined();
    expect(cache.get(15)).toBeDefined();
    expect(bitmaps.slice(0, 8).every((bitmap) => !bitmap.closed)).toBe(true);
    expect(bitmaps.slice(16).every((bitmap) => bitmap.closed)).toBe(true);
  });

  it('lets a step wait for a frame the run is about to produce, and not for one it will not', async () => {
    const { cache, frame } = openCache(300);
    const soon = cache.getSoon(5, 1000);
    frame(5);
    expect(await soon).toBeDefined();
    const started = Date.now();
    expect(await cache.getSoon(200, 1000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('does not wait for a frame far ahead of what the run has decoded (the <video> seek is quicker)', async () => {
    const { cache, frame } = openCache(300);
    for (let n = 0; n <= 2; n++) frame(n);
    const started = Date.now();
    expect(await cache.getSoon(30, 1000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(50);
    const near = cache.getSoon(9, 1000);
    frame(9);
    expect(await near).toBeDefined();
  });

  it('releases waiting steps when the run ends without their frame', async () => {
    const { cache, lastRequest, answer } = openCache(300);
    const soon = cache.getSoon(7, 10_000);
    answer({ type: 'decoded', request: lastRequest().request });
    expect(await soon).toBeUndefined();
  });

  it('a file that ends before the duration it declares is cut short; a frame\'s rounding is not', () => {
    expect(isCutShort({ end: 12, declared: 12 }, FPS)).toBe(false);
    expect(isCutShort({ end: 12 - 1 / FPS, declared: 12 }, FPS)).toBe(false); // the last frame's length, as containers round it
    expect(isCutShort({ end: null, declared: 12 }, FPS)).toBe(false);
    expect(isCutShort({ end: 2, declared: null }, FPS)).toBe(false);
    expect(isCutShort({ end: 2, declared: 12 }, FPS)).toBe(true);
    expect(isCutShort({ end: 0, declared: 10.5 }, FPS)).toBe(true); // nothing after the header
    expect(isCutShort({ end: 11.85, declared: 12 }, 5)).toBe(false); // under one frame at 5 fps
  });

  it('a clip cannot be decoded: no requests, steps use the <video>', () => {
    const sent: ToFrameDecoder[] = [];
    const cache = FrameCache.open(new Blob(['x']), clipTimeline(FPS), 300, { postMessage: (message) => sent.push(message) });
    cache.receive({ clip: cache.clip, type: 'unavailable', reason: 'no decoder for hevc here' });
    cache.want(10);
    expect(sent.filter((message) => message.type === 'decode')).toHaveLength(0);
    expect(cache.unavailable).toBe('no decoder for hevc here');
  });

  it('closes what it holds, and what arrives for it later, once disposed', () => {
    const { cache, frame, sent } = openCache(300);
    const held = frame(0);
    cache.dispose();
    expect(held.closed).toBe(true);
    expect(sent.at(-1)).toEqual({ type: 'close' });
  });
});
