// Frames are integers in the domain (CVAT style); time is a detail of the media element.
// Frame n covers the half-open interval [n/fps, (n+1)/fps). Seeks aim at the middle of a frame,
// never at its edge, where rounding in the decoder could show the neighbour.

/** Frames per second used when neither the task nor the media says. */
export const DEFAULT_FPS = 30;

/** A usable frame rate: finite and positive (and not absurd), else null. */
export function validFps(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 1000 ? value : null;
}

/** The frame rate to use: the task's, else the media's (measured), else DEFAULT_FPS. */
export function resolveFps(taskFps: unknown, mediaFps?: unknown): number {
  return validFps(taskFps) ?? validFps(mediaFps) ?? DEFAULT_FPS;
}

// Times that are a whole number of frames come out of floating point a hair low (0.1 * 30 =
// 2.9999999999999996); a micro-frame tolerance puts them in the frame they name.
const EPSILON = 1e-6;

/** The frame shown at media time `seconds` (frame n covers [n/fps, (n+1)/fps)). */
export function timeToFrame(seconds: number, fps: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.floor(seconds * fps + EPSILON);
}

/**
 * The frame whose presentation timestamp is `mediaTime` (requestVideoFrameCallback's
 * metadata.mediaTime, the start of the frame, which browsers round to the millisecond:
 * frame 1 at 30 fps reads 0.033, a hair before 1/30). Nearest frame start, not floor.
 */
export function presentedFrame(mediaTime: number, fps: number): number {
  if (!Number.isFinite(mediaTime) || mediaTime <= 0) return 0;
  return Math.round(mediaTime * fps);
}

/** Where frame n starts: its presentation timestamp. */
export function frameStartTime(frame: number, fps: number): number {
  return frame / fps;
}

/** The time to seek to for frame n: the middle of the frame. */
export function frameSeekTime(frame: number, fps: number): number {
  return (Math.max(0, Math.trunc(frame)) + 0.5) / fps;
}

/** Number of whole frames in a clip of `duration` seconds (0 when unknown). */
export function frameCount(duration: number, fps: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.max(1, Math.round(duration * fps));
}

/**
 * A clip's frames on its media timeline. Frame n is the n-th frame in presentation order and
 * clip seconds count from the first frame shown (SPEC §5: 0 s is frame 0), but a file's first
 * frame need not be presented at media time 0 (a start offset, B-frames muxed without an edit
 * list): `start` is that frame's presentation time, which the <video> and the decoder count from.
 * Frame and clip-second arithmetic stays origin-free; these helpers add `start` where a frame
 * meets a media time, and only there.
 */
export interface ClipTimeline {
  readonly fps: number;
  /** Media seconds at which frame 0 is presented (0 for most clips). */
  readonly start: number;
}

/** The timeline of a clip at `fps` whose first frame is presented at `start` (a negative, absent or unusable start reads as 0). */
export function clipTimeline(fps: number, start?: unknown): ClipTimeline {
  return { fps, start: typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : 0 };
}

/** The frame presented at media time `mediaTime` (requestVideoFrameCallback's, or a decoded frame's timestamp). */
export function presentedFrameAt(timeline: ClipTimeline, mediaTime: number): number {
  return presentedFrame(mediaTime - timeline.start, timeline.fps);
}

/** The frame shown while the media element's currentTime is `mediaTime`. */
export function frameAtMediaTime(timeline: ClipTimeline, mediaTime: number): number {
  return timeToFrame(mediaTime - timeline.start, timeline.fps);
}

/** The media time to seek to for frame n (its middle). */
export function mediaSeekTime(timeline: ClipTimeline, frame: number): number {
  return timeline.start + frameSeekTime(frame, timeline.fps);
}

/** The media time at which frame n is presented (its start). */
export function mediaFrameStart(timeline: ClipTimeline, frame: number): number {
  return timeline.start + frameStartTime(frame, timeline.fps);
}

/** Whole frames of a clip whose media ends at `duration` seconds (the element's duration counts from media time 0, not from the first frame). */
export function clipFrameCount(timeline: ClipTimeline, duration: number): number {
  return frameCount(duration - timeline.start, timeline.fps);
}

/** Clamps to [0, count - 1] (to 0 when the count is unknown). */
export function clampFrame(frame: number, count: number): number {
  const whole = Math.trunc(Number.isFinite(frame) ? frame : 0);
  if (count <= 0) return Math.max(0, whole);
  return Math.min(count - 1, Math.max(0, whole));
}

/**
 * Frame n as SMPTE non-drop timecode `HH:MM:SS:FF`, counted in whole frames at the nominal
 * rate (29.97 counts as 30: non-drop timecode runs slow against the clock by design; it names
 * frames, not seconds). `FF` is the frame within its second, so it never reads as a fraction.
 */
export function formatTimecode(frame: number, fps: number): string {
  const base = Math.max(1, Math.round(fps));
  const whole = Math.max(0, Math.trunc(Number.isFinite(frame) ? frame : 0));
  const seconds = Math.floor(whole / base);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const ff = pad(whole % base, String(base - 1).length);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}:${ff}`;
}

/** A frame rate for people: at most three decimals, no trailing zeros (`29.97`, `23.976`, `30`). */
export function formatFps(fps: number): string {
  if (!Number.isFinite(fps)) return '?';
  return fps.toFixed(3).replace(/\.?0+$/, '');
}

/** Clip seconds for people: always three decimals (`4.500 s`), so it never reads as frames. */
export function formatSeconds(seconds: number): string {
  return `${Number.isFinite(seconds) ? seconds.toFixed(3) : '?'} s`;
}

/**
 * What the user typed in "go to": `120`, `f120` or `frame 120` is a frame; `00:00:04:12` is
 * SMPTE timecode (as formatTimecode writes it); `4.5s`, `1:02.5` or `0:04` is a time, converted
 * to the frame shown then. Null when it is neither.
 */
export function parseFrameOrTime(input: string, fps: number): number | null {
  const text = input.trim().toLowerCase();
  let match = /^(?:f|frame)?\s*(\d+)$/.exec(text);
  if (match) return Number(match[1]);
  match = /^(\d+):(\d{1,2}):(\d{1,2})[:;](\d{1,3})$/.exec(text);
  if (match) {
    const [h, m, sec, ff] = match.slice(1).map(Number);
    return (h * 3600 + m * 60 + sec) * Math.max(1, Math.round(fps)) + ff;
  }
  match = /^(\d+(?:\.\d+)?)\s*s$/.exec(text);
  if (match) return timeToFrame(Number(match[1]), fps);
  match = /^(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(text);
  if (match) return timeToFrame(Number(match[1]) * 60 + Number(match[2]), fps);
  return null;
}

/** Seconds rounded to the millisecond, as written in annotation files. */
export function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * An inclusive frame range [first, last] as the clip seconds it covers (SPEC §5 visual
 * references): from the start of `first` to the end of `last`, rounded to milliseconds.
 */
export function frameRangeToSeconds(first: number, last: number, fps: number): { start: number; end: number } {
  const lo = Math.min(first, last);
  const hi = Math.max(first, last);
  return { start: roundSeconds(lo / fps), end: roundSeconds((hi + 1) / fps) };
}

/**
 * Seconds [start, end] back to the inclusive frame range they cover: every frame whose middle
 * lies inside. Inverse of frameRangeToSeconds for any frame range at rates up to 1000 fps.
 */
export function secondsToFrameRange(start: number, end: number, fps: number): { first: number; last: number } {
  const lo = Math.min(start, end);
  const hi = Math.max(start, end);
  const first = Math.max(0, Math.ceil(lo * fps - 0.5));
  const last = Math.max(first, Math.floor(hi * fps - 0.5));
  return { first, last };
}

/**
 * The frame rate a media element reveals through requestVideoFrameCallback: the smallest
 * positive step between distinct media times, snapped to a common rate when close. Null when
 * there are fewer than two distinct times.
 */
export function estimateFps(mediaTimes: readonly number[]): number | null {
  const sorted = [...new Set(mediaTimes.filter(Number.isFinite))].sort((a, b) => a - b);
  let step = Infinity;
  for (let i = 1; i < sorted.length; i++) {
    const delta = sorted[i] - sorted[i - 1];
    if (delta > 1e-4 && delta < step) step = delta;
  }
  if (!Number.isFinite(step)) return null;
  const raw = 1 / step;
  const common = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 120];
  const nearest = common.reduce((best, rate) => (Math.abs(rate - raw) < Math.abs(best - raw) ? rate : best));
  return Math.abs(nearest - raw) / nearest < 0.005 ? nearest : Math.round(raw * 1000) / 1000;
}
