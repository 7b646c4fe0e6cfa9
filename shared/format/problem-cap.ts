// Problems listed per file: the first MAX_PROBLEMS_PER_FILE, then one that says how many more and
// from which line. A file of 4,000,000 bad lines made a report of half a gigabyte, which `--json`
// could not write and the host could not send, from records of about 2 GB: one mistake repeated,
// not news at each line. So the cap holds where problems are made too: a chunk's scoring counts
// its problems past it in one record (batch-evaluator.ts), and the hosts' stream of rows lists no
// more of a file than the report does.
import type { Problem } from './types';

export const MAX_PROBLEMS_PER_FILE = 10_000;

/** Stands for `omitted` problems of its file from its line on, counted where they were found, not listed. */
export type CountedProblems = Problem & { omitted: number };

/** The problem a record of counted problem lines becomes (its message says so, should it be shown as it is). */
export function countedProblems(file: string, line: number, omitted: number): CountedProblems {
  return { file, line, omitted, message: `${omitted.toLocaleString('en')} problem(s) from this line on, counted and not listed` };
}

const omittedOf = (problem: Problem): number | undefined => (problem as Partial<CountedProblems>).omitted;

function moreProblems(file: string, line: number, count: number, max: number): Problem {
  return { file, line, message: `${count.toLocaleString('en')} more problem(s) in this file from this line on are not listed (a report lists the first ${max.toLocaleString('en')} of each file)` };
}

/** The problems a report lists: each file's first `max`, then at most one saying how many more (counted ones included). */
export function capProblemsPerFile(problems: Problem[], max = MAX_PROBLEMS_PER_FILE): Problem[] {
  const totals = new Map<string, number>();
  let counted = false;
  for (const problem of problems) {
    const omitted = omittedOf(problem);
    if (omitted !== undefined) counted = true;
    totals.set(problem.file, (totals.get(problem.file) ?? 0) + (omitted ?? 1));
  }
  if (!counted && [...totals.values()].every((n) => n <= max)) return problems;
  const listed = new Map<string, number>();
  const summarized = new Set<string>();
  const kept: Problem[] = [];
  for (const problem of problems) {
    if (summarized.has(problem.file)) continue;
    const n = listed.get(problem.file) ?? 0;
    if (omittedOf(problem) === undefined && n < max) {
      listed.set(problem.file, n + 1);
      kept.push(problem);
    } else {
      summarized.add(problem.file);
      kept.push(moreProblems(problem.file, problem.line, totals.get(problem.file)! - n, max));
    }
  }
  return kept;
}

/**
 * The cap for problems that come file after file (the hosts' stream of rows): each file's first
 * `max` are passed on, the rest counted, and the count is said when the next file starts or at `end`.
 */
export class StreamedProblemCap {
  private current: { file: string; listed: number; more: number; from: number } | null = null;

  constructor(private readonly max = MAX_PROBLEMS_PER_FILE) {}

  /** Of these problems of `file`, the ones to pass on now (with the last file's count first, when `file` is another). */
  admit(file: string, problems: readonly Problem[]): Problem[] {
    const out = this.current && this.current.file !== file ? this.end() : [];
    const at = (this.current ??= { file, listed: 0, more: 0, from: 0 });
    for (const problem of problems) {
      const omitted = omittedOf(problem);
      if (omitted === undefined && at.more === 0 && at.listed < this.max) {
        at.listed++;
        out.push(problem);
      } else {
        if (at.more === 0) at.from = problem.line;
        at.more += omitted ?? 1;
      }
    }
    return out;
  }

  /** The current file's count of problems not passed on, if any; the next `admit` starts afresh. */
  end(): Problem[] {
    const at = this.current;
    this.current = null;
    return at && at.more > 0 ? [moreProblems(at.file, at.from, at.more, this.max)] : [];
  }
}

/**
 * Keeps the problem records of one file or chunk under the cap: past `max`, one record counts the
 * rest (`omitted`), made by `counter` from the first of them and placed where it was, so records
 * stay in line order. Scoring's records (batch-evaluator.ts) and the loader's problems use it.
 */
export class ChunkProblemCap<R extends { line: number; omitted?: number }> {
  private listed = 0;
  /** The record counting the problems past the cap, once there is one. */
  counting: R | null = null;

  constructor(
    private readonly records: R[],
    private readonly max = MAX_PROBLEMS_PER_FILE,
    private readonly counter: (first: R) => R = (first) => ({ line: first.line, omitted: 0 }) as R,
  ) {}

  push(record: R): void {
    if (this.listed < this.max) {
      this.listed++;
      this.records.push(record);
      return;
    }
    if (!this.counting) this.records.push((this.counting = this.counter(record)));
    this.counting.omitted = (this.counting.omitted ?? 0) + 1;
  }
}
