import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampFrame,
  clipFrameCount,
  clipTimeline,
  estimateFps,
  formatFps,
  formatSeconds,
  formatTimecode,
  frameAtMediaTime,
  frameCount,
  frameRangeToSeconds,
  frameSeekTime,
  frameStartTime,
  mediaFrameStart,
  mediaSeekTime,
  parseFrameOrTime,
  presentedFrame,
  presentedFrameAt,
  resolveFps,
  secondsToFrameRange,
  timeToFrame,
} from './frames';

const rates = fc.constantFrom(10, 23.976, 24, 25, 29.97, 30, 50, 59.94, 60, 120);

describe('frame <-> time', () => {
  it('maps the start, the middle and the last instant of a frame to that frame', () => {
    expect(timeToFrame(0, 30)).toBe(0);
    expect(timeToFrame(0.1, 30)).toBe(3); // 0.1 * 30 is 2.9999999999999996 in floating point
    expect(timeToFrame(frameStartTime(7, 30), 30)).toBe(7);
    expect(timeToFrame(frameSeekTime(7, 30), 30)).toBe(7);
    expect(timeToFrame(8 / 30 - 1e-4, 30)).toBe(7);
    expect(timeToFrame(-1, 30)).toBe(0);
    expect(timeToFrame(Number.NaN, 30)).toBe(0);
  });

  it('seeks inside the frame, never on its edge', () => {
    expect(frameSeekTime(0, 30)).toBeCloseTo(1 / 60, 12);
    expect(frameSeekTime(10, 25)).toBeCloseTo(0.42, 12);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), rates, (frame, fps) => {
        const t = frameSeekTime(frame, fps);
        expect(t).toBeGreaterThan(frameStartTime(frame, fps));
        expect(t).toBeLessThan(frameStartTime(frame + 1, fps));
        expect(timeToFrame(t, fps)).toBe(frame);
        expect(timeToFrame(frameStartTime(frame, fps), fps)).toBe(frame);
      }),
    );
  });

  it('reads presented frames from millisecond-rounded presentation timestamps', () => {
    expect(presentedFrame(0.033, 30)).toBe(1);
    expect(presentedFrame(0.067, 30)).toBe(2);
    expect(presentedFrame(0, 30)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), rates, (frame, fps) => {
        expect(presentedFrame(Math.round((frame / fps) * 1000) / 1000, fps)).toBe(frame);
      }),
    );
  });

  it('counts and clamps frames', () => {
    expect(frameCount(10.5, 30)).toBe(315);
    expect(frameCount(Number.NaN, 30)).toBe(0);
    expect(clampFrame(-3, 315)).toBe(0);
    expect(clampFrame(400, 315)).toBe(314);
    expect(clampFrame(12.7, 315)).toBe(12);
    expect(clampFrame(50, 0)).toBe(50);
  });

  it('takes fps from the task, else the media, else 30', () => {
    expect(resolveFps(25, 30)).toBe(25);
    expect(resolveFps(undefined, 24)).toBe(24);
    expect(resolveFps(0, Number.NaN)).toBe(30);
    expect(resolveFps('30', null)).toBe(30);
  });
});

describe('visual reference ranges', () => {
  it('covers the frames from the start of the first to the end of the last', () => {
    expect(frameRangeToSeconds(30, 60, 30)).toEqual({ start: 1, end: 2.033 });
    expect(frameRangeToSeconds(60, 30, 30)).toEqual({ start: 1, end: 2.033 });
    expect(secondsToFrameRange(1, 2.033, 30)).toEqual({ first: 30, last: 60 });
    expect(secondsToFrameRange(1.2, 3.4, 30)).toEqual({ first: 36, last: 101 });
  });

  it('round-trips any frame range through seconds written to the millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 500 }), rates, (first, length, fps) => {
        const { start, end } = frameRangeToSeconds(first, first + length, fps);
        expect(secondsToFrameRange(start, end, fps)).toEqual({ first, last: first + length });
      }),
    );
  });
});

describe('parsing and formatting', () => {
  it('reads frames and times typed in "go to"', () => {
    expect(parseFrameOrTime('120', 30)).toBe(120);
    expect(parseFrameOrTime('f 12', 30)).toBe(12);
    expect(parseFrameOrTime('4.5s', 30)).toBe(135);
    expect(parseFrameOrTime('1:02.5', 30)).toBe(1875);
    expect(parseFrameOrTime('0:04', 25)).toBe(100);
    expect(parseFrameOrTime('abc', 30)).toBeNull();
    expect(parseFrameOrTime('', 30)).toBeNull();
  });

  it('formats SMPTE non-drop timecode HH:MM:SS:FF, the frame within its second last', () => {
    expect(formatTimecode(0, 30)).toBe('00:00:00:00');
    expect(formatTimecode(12, 30)).toBe('00:00:00:12');
    expect(formatTimecode(75, 30)).toBe('00:00:02:15');
    expect(formatTimecode(30 * 61 + 29, 30)).toBe('00:01:01:29');
    expect(formatTimecode(30 * 3600 * 2 + 30 * 60 * 3 + 30 * 4 + 5, 30)).toBe('02:03:04:05');
    expect(formatTimecode(9, 10)).toBe('00:00:00:9'); // one digit is enough below 10 fps
    expect(formatTimecode(119, 120)).toBe('00:00:00:119');
    // Non-drop at 29.97 counts frames at the nominal 30: frame 30 is 00:00:01:00, though it
    // starts at 1.001 s on the clock.
    expect(formatTimecode(30, 30000 / 1001)).toBe('00:00:01:00');
    expect(formatTimecode(1799, 30000 / 1001)).toBe('00:00:59:29');
    expect(formatTimecode(25 * 10 + 3, 25)).toBe('00:00:10:03');
    expect(formatTimecode(-3, 30)).toBe('00:00:00:00');
  });

  it('reads back its own timecode in "go to", at any rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), rates, (frame, fps) => {
        expect(parseFrameOrTime(formatTimecode(frame, fps), fps)).toBe(frame);
      }),
    );
    expect(parseFrameOrTime('frame 12', 30)).toBe(12);
    expect(parseFrameOrTime('00:00:01;02', 30)).toBe(32);
  });

  it('writes frame rates with at most three decimals and no trailing zeros', () => {
    expect(formatFps(30000 / 1001)).toBe('29.97');
    expect(formatFps(29.97002997002997)).toBe('29.97');
    expect(formatFps(24000 / 1001)).toBe('23.976');
    expect(formatFps(60000 / 1001)).toBe('59.94');
    expect(formatFps(30)).toBe('30');
    expect(formatFps(12.5)).toBe('12.5');
    expect(formatFps(Number.NaN)).toBe('?');
  });

  it('writes seconds with three decimals', () => {
    expect(formatSeconds(4.5)).toBe('4.500 s');
    expect(formatSeconds(0.4)).toBe('0.400 s');
    expect(formatSeconds(1 / 3)).toBe('0.333 s');
  });

  it('estimates the frame rate from presented media times', () => {
    expect(estimateFps([0, 1 / 30, 2 / 30, 4 / 30])).toBe(30);
    expect(estimateFps([0.5, 0.5 + 1 / 25])).toBe(25);
    expect(estimateFps([1])).toBeNull();
  });
});

describe('a clip timeline whose first frame is not at media time 0', () => {
  // VP9 or MP4 with `-output_ts_offset 0.5`: frame 0 is presented at 0.5 s; H.264 with B-frames
  // muxed without an edit list: at 2/30 s. Chromium's rVFC mediaTime is rounded to the millisecond.
  const offset = clipTimeline(30, 0.5);
  const noEditList = clipTimeline(30, 1024 / 15360);

  it('names the first presented frame 0, and each later presentation by its place after it', () => {
    expect(presentedFrameAt(offset, 0.5)).toBe(0);
    expect(presentedFrameAt(offset, 0.533)).toBe(1);
    expect(presentedFrameAt(offset, 5.467)).toBe(149);
    expect(presentedFrameAt(noEditList, 0.067)).toBe(0);
    expect(presentedFrameAt(noEditList, 0.1)).toBe(1);
    // Before the first frame there is none: it reads as frame 0, not a negative frame.
    expect(presentedFrameAt(offset, 0.2)).toBe(0);
  });

  it('seeks to the middle of frame n after the start, and reads it back as n', () => {
    expect(mediaSeekTime(offset, 0)).toBeCloseTo(0.5 + 0.5 / 30, 9);
    expect(mediaFrameStart(offset, 15)).toBeCloseTo(1, 9);
    fc.assert(
      fc.property(rates, fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 30, noNaN: true }), (fps, frame, start) => {
        const timeline = clipTimeline(fps, start);
        expect(frameAtMediaTime(timeline, mediaSeekTime(timeline, frame))).toBe(frame);
        expect(presentedFrameAt(timeline, Math.round(mediaFrameStart(timeline, frame) * 1000) / 1000)).toBe(frame);
      }),
    );
  });

  it('counts the frames from the first one, not from media time 0', () => {
    expect(clipFrameCount(offset, 5.5)).toBe(150);
    expect(clipFrameCount(clipTimeline(30), 5)).toBe(150);
    expect(clipFrameCount(offset, Number.NaN)).toBe(0);
  });

  it('reads a negative, absent or unusable start as 0', () => {
    for (const start of [undefined, null, -0.1, Number.NaN, Infinity, '0.5']) expect(clipTimeline(25, start)).toEqual({ fps: 25, start: 0 });
    expect(clipTimeline(25, 0.04)).toEqual({ fps: 25, start: 0.04 });
  });
});
