// Scenario lanes: with several scoring threads, each one scores the lines of its own scenarios
// first, so a scenario's replay memos and compiled statements warm up in one thread instead of
// in all of them (measured on the bench's distinct corpus, two threads: ~1,900 fewer memo misses
// than taking whole chunks in turn, ~6% less CPU, 12 alternating pairs). Every thread reads every
// chunk, finds each line's task in its bytes without parsing it, and parses only its own lines.
// The lane is a pure function of the line's bytes: whichever thread scores a (chunk, lane) job,
// each line is scored exactly once. A line whose task is not found where expected (no
// "task_id" key, an escape in the id, an unknown task) is lane 0's; its score is the same
// wherever it runs, only the memo warmth differs.
import type { LoadedDataset } from '../../../shared/format/loader';
import type { ChunkResult } from './batch-evaluator';
import { CHANGED_WHILE_SCORED } from './file-failures';

export interface Lanes {
  count: number;
  /** The lane of each scenario (small: it goes with every job). */
  laneOfScenario: Map<string, number>;
}

/** One (chunk, lane) job's lane: which lines of the chunk it scores. */
export interface LaneJob {
  index: number;
  lanes: Lanes;
}

/**
 * Scenarios to lanes, the largest first to the lane with the fewest tasks so far (tasks stand in
 * for work: how many runs each task has is not known before the files are read).
 */
export function planLanes(dataset: Pick<LoadedDataset, 'tasks'>, count: number): Lanes {
  const tasksOf = new Map<string, number>();
  for (const task of dataset.tasks.values()) tasksOf.set(task.scenario, (tasksOf.get(task.scenario) ?? 0) + 1);
  const load = new Array<number>(count).fill(0);
  const laneOfScenario = new Map<string, number>();
  const largestFirst = [...tasksOf].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  for (const [scenario, tasks] of largestFirst) {
    const lane = load.indexOf(Math.min(...load));
    load[lane] += tasks;
    laneOfScenario.set(scenario, lane);
  }
  return { count, laneOfScenario };
}

const KEY = Buffer.from('"task_id"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = new Set([0x20, 0x09, 0x0d, 0x0a]);

/**
 * Reads lines' lanes from their bytes. The next `"task_id"` in the chunk is searched once and
 * kept: a line without one costs no search of the lines after it.
 */
export class LaneReader {
  /** Where the next key starts; -1: none in the rest of the bytes; -2: not searched yet. */
  private keyAt = -2;

  constructor(
    private readonly bytes: Buffer,
    private readonly lanes: Lanes,
    private readonly tasks: LoadedDataset['tasks'],
  ) {}

  /** The lane of the line bytes[start, end); lines are asked in order. */
  laneOf(start: number, end: number): number {
    if (this.keyAt !== -1 && this.keyAt < start) this.keyAt = this.bytes.indexOf(KEY, start);
    if (this.keyAt === -1 || this.keyAt >= end) return 0;
    let at = this.keyAt + KEY.length;
    while (at < end && SPACE.has(this.bytes[at])) at++;
    if (this.bytes[at++] !== 0x3a) return 0; // ':'
    while (at < end && SPACE.has(this.bytes[at])) at++;
    if (this.bytes[at++] !== QUOTE) return 0;
    const close = this.bytes.indexOf(QUOTE, at);
    if (close === -1 || close >= end) return 0;
    if (this.bytes.subarray(at, close).includes(BACKSLASH)) return 0;
    const task = this.tasks.get(this.bytes.toString('utf8', at, close));
    return (task && this.lanes.laneOfScenario.get(task.scenario)) ?? 0;
  }
}

/** A scoring thread's next job: the lines of `lane` in chunk `chunk`. */
export interface LaneTask {
  chunk: number;
  lane: number;
}

/**
 * Which (chunk, lane) job each thread takes next: the next chunk of its own lane, in file order;
 * once its lane is done, the next chunk of the lane with the most left (a thread never idles
 * while there is work, at the cost of that scenario's memos warming in two threads). A chunk's
 * result is whole once each of its lanes is in.
 */
export class LaneSchedule {
  private readonly left: number[][];
  private readonly parts: ChunkResult[][];

  constructor(
    chunkCount: number,
    private readonly laneCount: number,
  ) {
    this.left = Array.from({ length: laneCount }, () => Array.from({ length: chunkCount }, (_, i) => i));
    this.parts = Array.from({ length: chunkCount }, () => []);
  }

  /** `lane` past the count (a kept pool that grew by a late replacement) counts round again. */
  take(lane: number): LaneTask | null {
    let from = lane % this.laneCount;
    if (this.left[from].length === 0) {
      from = this.left.reduce((most, list, i) => (list.length > this.left[most].length ? i : most), 0);
      if (this.left[from].length === 0) return null;
    }
    return { chunk: this.left[from].shift()!, lane: from };
  }

  /** Takes a job's result; returns the chunk's result once all its lanes are in. */
  done(task: LaneTask, result: ChunkResult): ChunkResult | null {
    const parts = this.parts[task.chunk];
    parts.push(result);
    if (parts.length < this.laneCount) return null;
    this.parts[task.chunk] = [];
    return mergeLanes(parts);
  }
}

/**
 * One chunk's lanes as one result: records in line order, every line counted once. Each lane read
 * the chunk itself: if they read different bytes (the file was cut or rewritten meanwhile), a line
 * could have been scored twice or not at all, so the file's result is its one problem
 * (CHANGED_WHILE_SCORED), as for any file changed while it was scored; so is a lane's failed read.
 */
export function mergeLanes(parts: readonly ChunkResult[]): ChunkResult {
  if (parts.length === 1) return parts[0]; // one scoring thread: nothing to merge
  const memo = parts.reduce((sum, part) => ({ hits: sum.hits + part.memo.hits, misses: sum.misses + part.memo.misses }), { hits: 0, misses: 0 });
  const failed = parts.find((part) => part.fileProblem !== undefined);
  if (failed) return { records: [], lineCount: 0, memo, read: null, fileProblem: failed.fileProblem };
  const readers = parts.filter((part) => part.read !== null);
  if (readers.some((part) => part.read !== readers[0].read || part.lineCount !== readers[0].lineCount))
    return { records: [], lineCount: 0, memo, read: null, fileProblem: CHANGED_WHILE_SCORED };
  const records = parts.flatMap((part) => part.records).sort((a, b) => a.line - b.line);
  return {
    records,
    lineCount: Math.max(...parts.map((part) => part.lineCount)),
    memo,
    read: readers[0]?.read ?? null,
  };
}
