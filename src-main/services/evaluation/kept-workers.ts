// A studio host's scoring workers, kept between evaluations. A fresh worker costs its thread's
// start-up (module, SQLite) and then runs cold code until V8 has compiled the scoring functions
// again, on every re-score after an edit; a kept one only takes the next dataset. Idle workers
// do not keep the process alive and end after a while, giving their memory back.
import { scorerIdentity } from './score-cache';
import { WorkerPool, type PoolOptions } from './worker-pool';

/** How long idle workers are kept for the next evaluation. */
export const KEEP_IDLE_MS = 120_000;

export interface PoolLease {
  pool: WorkerPool;
  /** The evaluation is over: the pool is kept for the next one, or ended if it cannot serve again. */
  release(): Promise<void>;
}

export class KeptWorkers {
  private kept: WorkerPool | null = null;
  /** The scoring code's identity (the score cache's: the bundle's hash) the kept workers run. */
  private keptBuild: string | null = null;
  private leased = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: URL,
    private readonly options: PoolOptions & { idleMs?: number } = {},
  ) {}

  /** The worker bundle the kept workers run (its hash names scores in the cache). */
  get workerUrl(): URL {
    return this.url;
  }

  /**
   * A pool of at least `count` workers for one evaluation. While another evaluation holds the
   * kept one (two datasets scored at once), this one gets a pool of its own, ended after it.
   */
  async lease(count: number): Promise<PoolLease> {
    if (this.leased) {
      const own = await WorkerPool.start(count, this.url, this.options);
      return { pool: own, release: () => own.close() };
    }
    this.leased = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    try {
      // Scores are cached under the scorer's identity (the sources of the build on disk): workers
      // still running an older build (`npm run build` while the host runs) must not score under the new one's.
      const build = await scorerIdentity(this.url);
      if (this.kept?.reusable && build === this.keptBuild) await this.kept.resize(count);
      else {
        const stale = this.kept;
        this.kept = null;
        await stale?.close();
        this.keptBuild = build;
        this.kept = await WorkerPool.start(count, this.url, this.options);
      }
    } catch (error) {
      const failed = this.kept;
      this.kept = null;
      await failed?.close();
      this.leased = false;
      throw error;
    }
    const pool = this.kept;
    pool.hold(true);
    return { pool, release: () => this.giveBack(pool) };
  }

  /** Ends the kept workers now (a host closing). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const kept = this.kept;
    this.kept = null;
    await kept?.close();
  }

  private async giveBack(pool: WorkerPool): Promise<void> {
    this.leased = false;
    if (!pool.reusable) {
      if (this.kept === pool) this.kept = null;
      await pool.close();
      return;
    }
    pool.hold(false);
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs ?? KEEP_IDLE_MS);
    this.idleTimer.unref();
  }
}
