// The task matrix (pure): one row per task, one column per (model, mode), each cell the runs of
// that task by that model in that mode; rows sortable by how many runs fail.
import type { Label } from '../../../../../shared/eval/profile';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { byNaturalName } from '../../../../../shared/format/natural-order';

export interface MatrixColumn {
  key: string;
  model: string;
  mode: string;
}

export interface MatrixRow {
  taskId: string;
  scenario: string;
  /** Column key -> the runs of that cell, in list order. */
  cells: Map<string, TrajectoryRow[]>;
  runs: number;
  failing: number;
}

export type MatrixSort = 'task' | 'failing-desc' | 'failing-asc';

export const LABEL_LETTERS: Record<Label, string> = {
  correct: 'C',
  syntactic: 'S',
  perception: 'P',
  hallucination: 'H',
  logic: 'L',
  memory: 'M',
  over_operation: 'O',
  unknown: 'U',
};

const columnKey = (model: string, mode: string) => `${model}\u0000${mode}`;

export interface Matrix {
  columns: MatrixColumn[];
  rows: MatrixRow[];
}

/**
 * Runs grouped into the matrix: columns by model then mode, rows in first-seen order
 * (sortMatrixRows orders them). `only`: the indexes of the runs to take (the list index's view of
 * the filters), in order; all runs without it.
 */
export function groupMatrix(rows: readonly TrajectoryRow[], only?: Int32Array): Matrix {
  const columns = new Map<string, MatrixColumn>();
  const tasks = new Map<string, MatrixRow>();
  const count = only ? only.length : rows.length;
  for (let i = 0; i < count; i++) {
    const row = rows[only ? only[i] : i];
    const key = columnKey(row.model, row.mode);
    if (!columns.has(key)) columns.set(key, { key, model: row.model, mode: row.mode });
    let task = tasks.get(row.task_id);
    if (!task) tasks.set(row.task_id, (task = { taskId: row.task_id, scenario: row.scenario, cells: new Map(), runs: 0, failing: 0 }));
    const cell = task.cells.get(key);
    if (cell) cell.push(row);
    else task.cells.set(key, [row]);
    task.runs++;
    if (!row.joint_succ) task.failing++;
  }
  const sortedColumns = [...columns.values()].sort((a, b) => byNaturalName(a.model, b.model) || byNaturalName(a.mode, b.mode));
  return { columns: sortedColumns, rows: [...tasks.values()] };
}

/** The rows in the asked order, task id breaking ties; a new sort re-orders rows, it does not regroup the runs. */
export function sortMatrixRows(rows: readonly MatrixRow[], sort: MatrixSort): MatrixRow[] {
  return [...rows].sort((a, b) => {
    if (sort === 'failing-desc' && a.failing !== b.failing) return b.failing - a.failing;
    if (sort === 'failing-asc' && a.failing !== b.failing) return a.failing - b.failing;
    return byNaturalName(a.taskId, b.taskId);
  });
}

export function buildMatrix(rows: readonly TrajectoryRow[], sort: MatrixSort): Matrix {
  const grouped = groupMatrix(rows);
  return { columns: grouped.columns, rows: sortMatrixRows(grouped.rows, sort) };
}

/** Pixels a character of a column header takes at most (11 px text, upright); the header is cut nowhere below its longest name. */
const HEADER_CHAR_PX = 7;
const HEADER_MIN_PX = 112;
const HEADER_MAX_PX = 320;

/** The header's height: the longest model or mode name, read upwards, whole (up to 320 px; past it, cut with an ellipsis and whole in its title). */
export function headerHeight(columns: readonly MatrixColumn[]): number {
  const longest = Math.max(0, ...columns.flatMap((column) => [column.model.length, column.mode.length]));
  return Math.min(HEADER_MAX_PX, Math.max(HEADER_MIN_PX, longest * HEADER_CHAR_PX + 16));
}

/** A cell's accessible name: the task, the column, and each run's label (and whether a reviewer overrode it). */
export function cellName(row: MatrixRow, column: MatrixColumn, runs: readonly TrajectoryRow[] | undefined, overridden: ReadonlySet<string> = new Set()): string {
  const where = `${row.taskId}, ${column.model} ${column.mode}`;
  if (!runs?.length) return `${where}: no run`;
  return `${where}: ${runs.map((r) => runLabel(r, overridden)).join(', ')}`;
}

/** A run's label in words, and whether a reviewer overrode it (a cell's name and its letters' titles). */
export function runLabel(run: TrajectoryRow, overridden: ReadonlySet<string>): string {
  return `${run.label.replace('_', ' ')}${overridden.has(run.id) ? ' (overridden by a reviewer)' : ''}`;
}

/** The list's filters that show one task's runs: exactly that task (a part would also match retail-030 for retail-03). */
export function taskRunsFilters<F extends { task?: string }>(filters: F, taskId: string): F {
  return { ...filters, task: `=${taskId}` };
}

/** The list's filters that show one cell's runs: its task, model and mode. */
export function cellRunsFilters<F extends { task?: string; model?: string; mode?: string }>(filters: F, taskId: string, column: MatrixColumn): F {
  return { ...taskRunsFilters(filters, taskId), model: column.model, mode: column.mode };
}
