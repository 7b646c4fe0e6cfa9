// When a watched worker (watchedWorker.ts) has been silent too long: the clock half of the
// watchdog. While requests wait it checks now and then how long ago the worker was last heard;
// the worker and its requests are the caller's.
import type { Timers } from '../clock';

export class SilenceWatch {
  private heardAt = 0;
  private checkedAt = 0;
  private checkEveryMs = 0;
  private timer: number | undefined;

  constructor(
    private readonly timers: Timers,
    /** The limit now (the page's may change between requests). */
    private readonly limit: () => number,
    /** Whether requests still wait: the watch judges only then. */
    private readonly waiting: () => boolean,
    /** Silent for `limitMs` while requests waited. */
    private readonly silent: (limitMs: number) => void,
  ) {}

  /** The first request starts to wait: the silence counts from now, and checks begin. */
  start(): void {
    this.heardAt = this.timers.now();
    this.arm();
  }

  /** Any word from the worker (a beat, a reply, a notice). */
  heard(): void {
    this.heardAt = this.timers.now();
  }

  /** No more checks (the worker ended). */
  stop(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.timer !== undefined) return;
    this.checkedAt = this.timers.now();
    this.checkEveryMs = Math.min(1000, this.limit() / 4);
    this.timer = this.timers.setTimeout(() => this.check(), this.checkEveryMs);
  }

  private check(): void {
    this.timer = undefined;
    if (!this.waiting()) return;
    const now = this.timers.now();
    const limitMs = this.limit();
    // A check that ran late means the page itself was held: the worker's beats may be queued
    // behind it, so they get one more round before the worker is judged.
    const late = now - this.checkedAt > 2 * this.checkEveryMs;
    if (!late && now - this.heardAt >= limitMs) this.silent(limitMs);
    else this.arm();
  }
}
