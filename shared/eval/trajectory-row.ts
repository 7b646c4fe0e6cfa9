// One evaluated trajectory as the studio lists it, the same whoever scored it (the host's worker
// threads, streamed to the renderer, or the renderer for files the user imported).
import type { Problem } from '../format/types';
import { keepRecords, type LineRecord } from './evaluate';
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

/**
 * A listed row (streamed without its evidence) with the evidence of the same trajectory scored
 * again: only when that score gave the same label (the files changed since, otherwise), so a row
 * never shows another label's evidence.
 */
export function withEvidenceOf<T extends { label: Label; evidence: Evidence }>(row: T, scored: { label: Label; evidence: Evidence } | undefined): T {
  return { ...row, evidence: scored?.label === row.label ? scored.evidence : null };
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

/** Rows and problems of one file's records, in order, as `assembleReport` keeps them (keepRecords). */
export function rowsOfRecords(file: string, records: readonly LineRecord[], seen: Set<string>, imported = false) {
  const rows: TrajectoryRow[] = [];
  const problems: Problem[] = [];
  keepRecords(file, records, seen, problems, (row, record) => rows.push(trajectoryRow(row, record.calls ?? row.agent_calls, file, record.line, imported)));
  return { rows, problems };
}

/**
 * Rows as the hosts stream them (evaluation.rows): one array per field instead of one object per
 * row, the repeated strings (task, model, mode, scenario, label, file) once each. A 40,000-row
 * reopen sent ~500 bytes of JSON per row, most of it field names and repeats, serialized on the
 * host and parsed in the renderer on every open.
 */
export interface PackedRows {
  /** Distinct values of the repeated string fields; their columns hold indexes into it. */
  strings: string[];
  id: string[];
  task_id: number[];
  model: number[];
  mode: number[];
  scenario: number[];
  label: number[];
  file: number[];
  /** [row index, evidence] of the rows whose evidence is not null. */
  evidence: [number, Evidence][];
  matched: number[];
  gt_calls: number[];
  agent_calls: number[];
  calls: number[];
  turns: number[];
  tokens: number[];
  line: number[];
  /** Bits: tool_succ 1, result_succ 2, joint_succ 4, imported 8. */
  flags: number[];
}

export function packRows(rows: readonly TrajectoryRow[]): PackedRows {
  const index = new Map<string, number>();
  const strings: string[] = [];
  const intern = (s: string) => {
    let i = index.get(s);
    if (i === undefined) index.set(s, (i = strings.push(s) - 1));
    return i;
  };
  const n = rows.length;
  const column = () => new Array<number>(n);
  const packed: PackedRows = {
    strings,
    id: new Array<string>(n),
    task_id: column(),
    model: column(),
    mode: column(),
    scenario: column(),
    label: column(),
    file: column(),
    evidence: [],
    matched: column(),
    gt_calls: column(),
    agent_calls: column(),
    calls: column(),
    turns: column(),
    tokens: column(),
    line: column(),
    flags: column(),
  };
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    packed.id[i] = row.id;
    packed.task_id[i] = intern(row.task_id);
    packed.model[i] = intern(row.model);
    packed.mode[i] = intern(row.mode);
    packed.scenario[i] = intern(row.scenario);
    packed.label[i] = intern(row.label);
    packed.file[i] = intern(row.file);
    if (row.evidence != null) packed.evidence.push([i, row.evidence]);
    packed.matched[i] = row.matched;
    packed.gt_calls[i] = row.gt_calls;
    packed.agent_calls[i] = row.agent_calls;
    packed.calls[i] = row.calls;
    packed.turns[i] = row.turns;
    packed.tokens[i] = row.tokens;
    packed.line[i] = row.line;
    packed.flags[i] = (row.tool_succ ? 1 : 0) | (row.result_succ ? 2 : 0) | (row.joint_succ ? 4 : 0) | (row.imported ? 8 : 0);
  }
  return packed;
}

export function unpackRows(packed: PackedRows): TrajectoryRow[] {
  const { strings } = packed;
  const evidence = new Map(packed.evidence);
  return packed.id.map((id, i) => ({
    id,
    task_id: strings[packed.task_id[i]],
    model: strings[packed.model[i]],
    mode: strings[packed.mode[i]],
    scenario: strings[packed.scenario[i]],
    label: strings[packed.label[i]] as Label,
    evidence: evidence.get(i) ?? null,
    matched: packed.matched[i],
    gt_calls: packed.gt_calls[i],
    agent_calls: packed.agent_calls[i],
    calls: packed.calls[i],
    tool_succ: (packed.flags[i] & 1) !== 0,
    result_succ: (packed.flags[i] & 2) !== 0,
    joint_succ: (packed.flags[i] & 4) !== 0,
    turns: packed.turns[i],
    tokens: packed.tokens[i],
    file: strings[packed.file[i]],
    line: packed.line[i],
    imported: (packed.flags[i] & 8) !== 0,
  }));
}
