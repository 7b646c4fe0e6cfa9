// @vitest-environment happy-dom
// The order of a frame stepper's answers: a clock whose <video> seeks the test settles by hand, and
// a cache that holds the frames the test names. The real <video> and decoder run in the annotate
// e2e (annotate-mp4.spec.ts), where this order went wrong under load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clipTimeline } from '../../../shared/frames/frames';
import { FrameStepper, type StepCache, type StepClock } from './frameStepper';

const SYNC_DELAY_MS = 150;

function setUp(held: number[]) {
  const seeks: { frame: number; settle: (presented: number) => void }[] = [];
  const clock: StepClock = {
    frame: 0,
    asked: null,
    video: { paused: true },
    seek: (frame) => {
      clock.asked = frame;
      return new Promise<number>((resolve) => seeks.push({ frame, settle: resolve }));
    },
  };
  const cache: StepCache = {
    want: () => undefined,
    getSoon: (frame) => Promise.resolve(held.includes(frame) ? ({ width: 4, height: 4 } as ImageBitmap) : undefined),
    dispose: () => undefined,
  };
  const reports: number[] = [];
  const stepper = new FrameStepper(document.body, () => clock, (frame) => reports.push(frame), () => cache);
  stepper.attach(new Blob(['clip']), clipTimeline(30), 10);
  /** What the clock's listener does when the <video> presents `frame` while paused. */
  const presents = (frame: number) => {
    if (stepper.presented(frame, false)) reports.push(frame);
  };
  const overlayShown = () => !document.querySelector<HTMLCanvasElement>('canvas.frame-overlay')!.hidden;
  return { seeks, reports, stepper, presents, overlayShown };
}

/** After steps 148, 138, 148: the second 148's own sync still runs, seeks the <video> to 148 and, once it presents, ends the canvas there. */
async function secondSyncEndsTheCanvas({ seeks, reports, presents, overlayShown }: ReturnType<typeof setUp>) {
  await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
  expect(seeks.map((seek) => seek.frame)).toEqual([148, 138, 148]);
  presents(148);
  seeks[2].settle(148);
  await vi.advanceTimersByTimeAsync(0);
  expect(reports.at(-1)).toBe(148);
  expect(overlayShown()).toBe(false);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as unknown as CanvasRenderingContext2D);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('FrameStepper', () => {
  it('draws a held frame at once and brings the <video> to it once the steps pause', async () => {
    const { seeks, reports, stepper, overlayShown } = setUp([5]);
    await stepper.seek(5);
    expect(reports).toEqual([5]);
    expect(overlayShown()).toBe(true);
    expect(seeks).toEqual([]);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(seeks.map((seek) => seek.frame)).toEqual([5]);
    seeks[0].settle(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(overlayShown()).toBe(false);
    expect(reports).toEqual([5, 5]);
  });

  it('a sync answered after later steps that came back to its frame does not report the stale frame', async () => {
    // Held: 148; not held: 138. Steps 148, 138, 148 as in the e2e: the sync of the first 148 starts
    // while 138 waits for the decoder, and ends (on a busy machine) at 138, after the second 148.
    const stepping = setUp([148]);
    const { seeks, reports, stepper, presents, overlayShown } = stepping;
    await stepper.seek(148);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    const firstSync = seeks[0];
    expect(firstSync.frame).toBe(148);
    const to138 = stepper.seek(138);
    await vi.advanceTimersByTimeAsync(0);
    expect(seeks.map((seek) => seek.frame)).toEqual([148, 138]);
    presents(138);
    seeks[1].settle(138);
    await to138;
    expect(reports.at(-1)).toBe(138);
    expect(overlayShown()).toBe(false);

    await stepper.seek(148);
    expect(reports.at(-1)).toBe(148);
    // The first sync's seek gives up at the frame the <video> is at: 138.
    presents(138);
    firstSync.settle(138);
    await vi.advanceTimersByTimeAsync(0);
    expect(reports.at(-1), 'the counter keeps the drawn frame').toBe(148);
    expect(overlayShown()).toBe(true);

    await secondSyncEndsTheCanvas(stepping);
  });

  it('a <video> seek answered after later steps is not reported, even when they came back to its frame', async () => {
    // The overlay shows 20; 10 and 12 are not held, so each is a <video> seek.
    const { seeks, reports, stepper, overlayShown } = setUp([20]);
    await stepper.seek(20);
    const first10 = stepper.seek(10);
    await vi.advanceTimersByTimeAsync(0);
    const to12 = stepper.seek(12);
    await vi.advanceTimersByTimeAsync(0);
    const second10 = stepper.seek(10);
    await vi.advanceTimersByTimeAsync(0);
    expect(seeks.map((seek) => seek.frame)).toEqual([10, 12, 10]);
    // The first seek to 10 gives up where the <video> is after the seek to 12.
    seeks[0].settle(12);
    await first10;
    expect(reports).toEqual([20]);
    expect(overlayShown()).toBe(true);
    seeks[1].settle(12);
    await to12;
    seeks[2].settle(10);
    await second10;
    expect(reports).toEqual([20, 10]);
    expect(overlayShown()).toBe(false);
  });

  it("a late presentation of an older seek's frame does not take the canvas away while a newer seek is on its way", async () => {
    // Steps 148 (held), 138 (not held), 148: the first 148's sync seeks the <video>, the step to
    // 138 seeks it again, and the first seek's 148 is presented only after the second 148 is drawn.
    const stepping = setUp([148]);
    const { seeks, reports, stepper, presents, overlayShown } = stepping;
    await stepper.seek(148);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    const to138 = stepper.seek(138);
    await vi.advanceTimersByTimeAsync(0);
    await stepper.seek(148);
    presents(148);
    expect(overlayShown(), 'the canvas stays: the <video> was last asked for 138').toBe(true);
    presents(138);
    seeks[1].settle(138);
    await to138;
    seeks[0].settle(148);
    await vi.advanceTimersByTimeAsync(0);
    expect(reports.at(-1)).toBe(148);
    expect(overlayShown()).toBe(true);
    await secondSyncEndsTheCanvas(stepping);
  });
});
