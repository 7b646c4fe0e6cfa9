// One evaluated trajectory as the studio lists it, the same whoever scored it (the host's worker
// threads, streamed to the renderer, or the renderer for files the user imported).
import type { Problem } from '../format/types';
import type { LineRecord } from './evaluate';
import type { ScoredTrajectory } from './aggregate';
import type { Evidence, Label } from './profile';

/** One evaluated trajectory (SPEC §8 metrics, §9 label) and where it was read. */
export interface TrajectoryRow {
  id: string;
  task_id: string;
  model: string;
  mode: string;
  scenario: string;
  label: Label;
  evidence: Evidence;
  matched: number;
  gt_calls: number;
  /** Well-formed agent calls (|A|). */
  agent_calls: number;
  /** All call entries, malformed ones included. */
  calls: number;
  tool_succ: boolean;
  result_succ: boolean;
  joint_succ: boolean;
  /** rounds_count, or the agent's dialogue messages. */
  turns: number;
  tokens: number;
  file: string;
  line: number;
  /** Read from a file the user imported rather than from the dataset. */
  imported: boolean;
}

export function trajectoryRow(scored: ScoredTrajectory, calls: number, file: string, line: number, imported: boolean): TrajectoryRow {
  return {
    id: scored.id,
    task_id: scored.task_id,
    model: scored.model,
    mode: scored.mode,
    scenario: scored.scenario,
    label: scored.label,
    evidence: scored.evidence,
    matched: scored.matched,
    gt_calls: scored.gt_calls,
    agent_calls: scored.agent_calls,
    calls,
    tool_succ: scored.tool_succ,
    result_succ: scored.result_succ,
    joint_succ: scored.joint_succ,
    turns: scored.rounds,
    tokens: scored.tokens,
    file,
    line,
    imported,
  };
}

/**
 * Rows and problems of one file's records, in order, as `assembleReport` keeps them: a repeated
 * id (across all files seen so far, `seen`) is a problem and left out.
 */
export function rowsOfRecords(file: string, records: readonly LineRecord[], seen: Set<string>, imported = false) {
  const rows: TrajectoryRow[] = [];
  const problems: Problem[] = [];
  for (const record of records) {
    if (record.id !== undefined) {
      if (seen.has(record.id)) {
        problems.push({ file, line: record.line, message: `trajectory id "${record.id}" repeats an earlier one; left out` });
        continue;
      }
      seen.add(record.id);
    }
    if (record.problem) problems.push({ file, line: record.line, message: record.problem });
    else if (record.row) rows.push(trajectoryRow(record.row, record.calls ?? record.row.agent_calls, file, record.line, imported));
  }
  return { rows, problems };
}
