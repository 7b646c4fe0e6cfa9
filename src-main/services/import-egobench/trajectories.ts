// Result files of the release -> trajectories (SPEC §6). The official evaluator pairs the i-th
// trajectory of `<variant>_<mode>.json` with the i-th task of the variant's task file.
import type { DialogueMessage, ToolCallItem, Trajectory } from '../../../shared/format/types';
import type { ImportedTask } from './tasks';
import type { IssueLog } from './release';

type Obj = Record<string, unknown>;

/**
 * File-name mode -> dataset mode. `text` (the `mode` written inside older files, and the name of
 * some old result files) has no counterpart in the current modes, so it is kept as `text`.
 */
export const MODE_NAMES: Record<string, string> = { easy: 'dynamic_easy', hard: 'dynamic_hard', static: 'static', text: 'text' };

/** `retail1_easy.json` -> {variant: 'retail1', mode: 'easy'} */
export function parseResultFileName(name: string): { variant: string; mode: string } | null {
  const m = /^(.+)_([a-z]+)\.json$/i.exec(name);
  return m && MODE_NAMES[m[2].toLowerCase()] ? { variant: m[1], mode: m[2].toLowerCase() } : null;
}

function dialogueOf(raw: unknown): DialogueMessage[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((m): m is Obj => !!m && typeof m === 'object')
    .map((m) => ({
      role: m.role === 'user' ? 'user' : 'agent',
      turn: typeof m.turn === 'number' ? m.turn : 0,
      content: typeof m.content === 'string' ? m.content : m.content == null ? '' : JSON.stringify(m.content),
    }));
}

/**
 * Items as SPEC §6 wants them, as the official scripts read them: an item's `calls` when it is a
 * list, else its legacy `call` as one entry (so the entry count, `total_interaction_calls`, is
 * unchanged), else no entry. The official analysis counts an item with neither, or with a `calls`
 * that is not a list, as a syntax error: the first such shape is returned as `syntax` (the
 * dataset's items always hold a list, so the shape would otherwise be lost).
 */
function toolCallsOf(raw: unknown, where: string, file: string, log: IssueLog, index: number): { items: ToolCallItem[]; syntax?: string } {
  if (!Array.isArray(raw)) return { items: [] };
  let syntax: string | undefined;
  const items = raw.map((item, i): ToolCallItem => {
    const o = item && typeof item === 'object' && !Array.isArray(item) ? (item as Obj) : undefined;
    const turn = typeof o?.turn === 'number' ? o.turn : 0;
    if (o && Array.isArray(o.calls)) return { turn, calls: o.calls, ...(o.results !== undefined ? { results: o.results } : {}) };
    const problem = !o
      ? `tool_calls item ${i + 1} is not an object`
      : o.calls !== undefined && o.calls !== null
        ? `tool_calls item ${i + 1} has a "calls" that is not a list`
        : o.call === undefined || o.call === null
          ? `tool_calls item ${i + 1} has neither "calls" nor "call"`
          : undefined;
    if (problem) {
      syntax ??= problem;
      log.warn(file, `${where}: ${problem} (the official analysis counts this as a syntax error)`, log.lineOf(file, [index, 'tool_calls', i]));
    }
    if (o && o.call !== undefined && o.call !== null) {
      const results = o.result === undefined ? undefined : Array.isArray(o.result) || typeof o.result === 'string' ? o.result : [o.result];
      return { turn, calls: [o.call], ...(results !== undefined ? { results } : {}) };
    }
    return { turn, calls: [] };
  });
  return { items, syntax };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

export function convertResultFile(
  model: string,
  fileName: string,
  raw: unknown,
  tasks: ImportedTask[],
  file: string,
  log: IssueLog,
): Trajectory[] {
  const parsed = parseResultFileName(fileName);
  if (!parsed) return [];
  if (!Array.isArray(raw)) {
    log.problem(file, 'expected a JSON array of trajectories');
    return [];
  }
  // At the first of them.
  if (raw.length > tasks.length) log.warn(file, `${raw.length - tasks.length} trajectories beyond the ${tasks.length} tasks are ignored, as by the official evaluator`, log.lineOf(file, [tasks.length]));
  if (raw.length < tasks.length) log.warn(file, `${tasks.length - raw.length} tasks have no trajectory (the official evaluator marks them invalid)`);
  const out: Trajectory[] = [];
  raw.slice(0, tasks.length).forEach((entry, index) => {
    const task = tasks[index];
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      log.problem(file, `trajectory ${index + 1} is not an object; left out`, log.lineOf(file, [index]));
      return;
    }
    const o = entry as Obj;
    const own = o.task_id ?? o.scenario_id;
    if (own !== undefined && String(own) !== task.number) {
      log.warn(file, `trajectory ${index + 1} says task ${String(own)} but pairs by position with ${task.task.id}`, log.lineOf(file, [index, o.task_id !== undefined ? 'task_id' : 'scenario_id']));
    }
    const where = `${task.task.id}`;
    const { items, syntax } = toolCallsOf(o.tool_calls, where, file, log, index);
    const trajectory: Trajectory & { 'x-syntax-error'?: string } = {
      id: `${model}/${parsed.variant}_${parsed.mode}/${task.number}`,
      task_id: task.task.id,
      model,
      mode: MODE_NAMES[parsed.mode],
      dialogue: dialogueOf(o.dialogue),
      tool_calls: items,
      ...(syntax ? { 'x-syntax-error': syntax } : {}),
    };
    for (const key of ['rounds_count', 'input_tokens', 'output_tokens', 'tool_calls_count'] as const) {
      const v = num(o[key]);
      if (v !== undefined) trajectory[key] = v;
    }
    out.push(trajectory);
  });
  return out;
}
