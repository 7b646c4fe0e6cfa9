// Task files of the release -> tasks.jsonl and ground_truth.jsonl records (SPEC §4, §5).
import type { GroundTruth, Json, JsonObject, Task, ToolCall } from '../../../shared/format/types';
import type { IssueLog, VariantRef } from './release';

type Obj = Record<string, unknown>;

/** A visual reference without times: the release names the entity but not when it is visible. */
export interface ImportedVisualRef {
  id: string;
  description: string;
  entity: string;
  /** The parameter that carries the entity in calls (the release's `key`). */
  param: string;
  start: null;
  end: null;
}

export interface ImportedTask {
  task: Task;
  groundTruth: Omit<GroundTruth, 'visual_refs'> & { visual_refs: ImportedVisualRef[] };
  /** The release's task object, for the lint. */
  raw: Obj;
  /** Task number in the release (`task_id` or `scenario_id`). */
  number: string;
  /** The line the task's object starts at in its release file (0: not known). */
  line: number;
}

const STRAY_PREFIX = /^\s*Results:\s*/i;

/** `User ID: alice_wong_456` (also `user ID is cook_009`), as the release writes it. */
export function parseUserId(instruction: string): string | undefined {
  const m = /user\s*id(?:\s*:\s*|\s+is\s+)["'“]?([A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9])/i.exec(instruction);
  return m ? m[1] : undefined;
}

export function stripStrayPrefix(instruction: string): { text: string; stripped: boolean } {
  return STRAY_PREFIX.test(instruction) ? { text: instruction.replace(STRAY_PREFIX, ''), stripped: true } : { text: instruction, stripped: false };
}

function toCall(raw: unknown): ToolCall | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Obj;
  if (typeof o.tool_name !== 'string' || o.tool_name === '') return null;
  const parameters = o.parameters && typeof o.parameters === 'object' && !Array.isArray(o.parameters) ? (o.parameters as JsonObject) : {};
  return { tool_name: o.tool_name, parameters };
}

/** The release's task number: `task_id`, else `scenario_id`, else the position (1-based). */
export function taskNumber(raw: Obj, index: number): string {
  const n = raw.task_id ?? raw.scenario_id;
  return typeof n === 'number' || (typeof n === 'string' && n.trim() !== '') ? String(n).trim() : String(index + 1);
}

/** The task's clip under videos/; none, said, for a path that would lead out of that folder. */
function videoOf(imagePath: unknown, id: string, file: string, log: IssueLog, line: number): string {
  if (typeof imagePath !== 'string' || imagePath === '') return '';
  if (imagePath.startsWith('/') || imagePath.includes('\\') || imagePath.split('/').includes('..')) {
    log.problem(file, `task ${id}: image_path "${imagePath}" leads outside videos/; imported without a clip`, line);
    return '';
  }
  return `videos/${imagePath}`;
}

/** `restaurant`: what the official analysis checks the last restaurant name against (order1, order2). */
export function convertTasks(ref: VariantRef, raw: unknown, file: string, log: IssueLog, facts: { restaurant?: string } = {}): ImportedTask[] {
  if (!Array.isArray(raw)) {
    log.problem(file, 'expected a JSON array of tasks');
    return [];
  }
  const out: ImportedTask[] = [];
  const ids = new Set<string>();
  raw.forEach((entry, index) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      log.problem(file, `task ${index + 1} is not an object; left out`, log.lineOf(file, [index]));
      return;
    }
    const o = entry as Obj;
    const number = taskNumber(o, index);
    const id = `${ref.variant}-${number}`;
    if (ids.has(id)) {
      log.problem(file, `task ${index + 1}: id ${id} repeats an earlier task; left out`, log.lineOf(file, [index]));
      return;
    }
    const rawInstruction = o.Instruction ?? o.instruction;
    // A task without its words or its key calls cannot be annotated or scored: said, not imported empty.
    if (typeof rawInstruction !== 'string') {
      log.problem(file, `task ${id}: Instruction is ${rawInstruction === undefined ? 'missing' : 'not text'}; left out`, log.lineOf(file, [index, 'Instruction']));
      return;
    }
    if (!Array.isArray(o.ground_truth)) {
      log.problem(file, `task ${id}: ground_truth is ${o.ground_truth === undefined ? 'missing' : 'not a list of calls'}; left out`, log.lineOf(file, [index, 'ground_truth']));
      return;
    }
    ids.add(id);
    const instruction = stripStrayPrefix(rawInstruction).text;
    const userId = parseUserId(instruction);
    const task: Task = {
      id,
      scenario: ref.variant,
      instruction,
      image_description: String(o.image_description ?? ''),
      video: videoOf(o.image_path, id, file, log, log.lineOf(file, [index, 'image_path'])),
      ...(userId ? { user_id: userId } : {}),
      ...(facts.restaurant ? { 'x-egobench': { restaurant: facts.restaurant } } : {}),
    };
    const calls: ToolCall[] = [];
    o.ground_truth.forEach((c, i) => {
      const call = toCall(c);
      if (call) calls.push(call);
      else log.problem(file, `task ${id}: ground-truth call ${i + 1} is malformed; left out`, log.lineOf(file, [index, 'ground_truth', i]));
    });
    const key = typeof o.key === 'string' ? o.key : '';
    const values = Array.isArray(o.value) ? o.value : o.value === undefined || o.value === null ? [] : [o.value];
    const visual_refs: ImportedVisualRef[] = values.map((v, i) => ({
      id: `${id}-ref${i + 1}`,
      description: key ? `${key}: ${String(v)}` : String(v),
      entity: typeof v === 'string' ? v : JSON.stringify(v as Json),
      param: key,
      start: null,
      end: null,
    }));
    out.push({ task, groundTruth: { task_id: id, calls, visual_refs, source: 'agreed', note: 'Imported from the EgoBench release.' }, raw: o, number, line: log.lineOf(file, [index]) });
  });
  return out;
}
