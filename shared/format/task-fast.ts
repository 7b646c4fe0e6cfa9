// Fast paths for the commonest lines of tasks.jsonl, ground_truth.jsonl and annotators' files, as
// trajectory-fast.ts is for trajectories: plain checks that accept only what `taskSchema`,
// `groundTruthSchema` and `annotationSchema` accept and build the same value, fields in the same
// order (the score cache hashes them). Anything unusual returns null and goes through zod, which
// also words the problem. zod took about 70 ms of a 40,000-trajectory reopen for the 1,667 tasks
// and their ground truth, and about 0.7 s of the page's thread as Adjudicate opened 19,080 tasks
// with two annotators on each.
import type { z } from 'zod';
import { isJsonObject } from './own-data';
import type { annotationSchema, groundTruthSchema, taskSchema } from './schemas';

type JsonObject = Record<string, unknown>;
type TaskLine = z.infer<typeof taskSchema>;
type TruthLine = z.infer<typeof groundTruthSchema>;
type AnnotationLine = z.infer<typeof annotationSchema>;
type ToolCall = TruthLine['calls'][number];
type VisualRef = TruthLine['visual_refs'][number];

const isText = (v: unknown): v is string => typeof v === 'string';
const isNonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isOptional = (v: unknown, is: (v: unknown) => boolean) => v === undefined || is(v);
const isIdLike = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
const isTimeOrNull = (v: unknown) => v === null || typeof v === 'number';

/**
 * `out` with the fields of `value` it does not have yet, in their order: zod's loose objects keep
 * unknown fields after the known ones. A `__proto__` field (zod drops it) is left to zod.
 */
function withRest<T>(out: JsonObject, value: JsonObject, known: ReadonlySet<string>): T | null {
  for (const key of Object.keys(value)) {
    if (known.has(key)) continue;
    if (key === '__proto__') return null;
    out[key] = value[key];
  }
  return out as T;
}

const TASK_KEYS = new Set(['id', 'scenario', 'instruction', 'image_description', 'video', 'fps', 'user_id']);

export function fastTask(value: unknown): TaskLine | null {
  if (!isJsonObject(value)) return null;
  const { id, scenario, instruction, image_description, video, fps, user_id } = value;
  if (!isNonEmpty(id) || !isNonEmpty(scenario) || !isText(instruction)) return null;
  if (!isOptional(image_description, isText) || !isOptional(video, isText)) return null;
  if (!isOptional(fps, (v) => typeof v === 'number' && v > 0 && Number.isFinite(v)) || !isOptional(user_id, isIdLike)) return null;
  const out: JsonObject = { id, scenario, instruction, image_description: image_description ?? '', video: video ?? '' };
  if (fps !== undefined) out.fps = fps;
  if (user_id !== undefined) out.user_id = String(user_id);
  return withRest<TaskLine>(out, value, TASK_KEYS);
}

const CALL_KEYS = new Set(['tool_name', 'parameters']);

function fastCall(value: unknown): ToolCall | null {
  if (!isJsonObject(value) || !isNonEmpty(value.tool_name) || !isJsonObject(value.parameters)) return null;
  return withRest<ToolCall>({ tool_name: value.tool_name, parameters: value.parameters }, value, CALL_KEYS);
}

const REF_KEYS = new Set(['id', 'description', 'entity', 'start', 'end']);

function fastRef(value: unknown): VisualRef | null {
  if (!isJsonObject(value)) return null;
  const { id, description, entity, start, end } = value;
  if (!isIdLike(id) || !isOptional(description, isText) || !isText(entity)) return null;
  if (!isOptional(start, isTimeOrNull) || !isOptional(end, isTimeOrNull)) return null;
  const out: JsonObject = { id: String(id), description: description ?? '', entity };
  if (start !== undefined) out.start = start;
  if (end !== undefined) out.end = end;
  return withRest<VisualRef>(out, value, REF_KEYS);
}

/** Each item through `fast`, or null when one is not its common shape. */
function allOf<T>(items: unknown, fast: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(items)) return null;
  const out: T[] = [];
  for (const item of items) {
    const ok = fast(item);
    if (ok === null) return null;
    out.push(ok);
  }
  return out;
}

const TRUTH_KEYS = new Set(['task_id', 'calls', 'visual_refs', 'source', 'adjudicator', 'note']);

export function fastGroundTruth(value: unknown): TruthLine | null {
  if (!isJsonObject(value)) return null;
  const { task_id, source, adjudicator, note } = value;
  if (!isNonEmpty(task_id)) return null;
  if (!isOptional(source, (v) => v === 'agreed' || v === 'adjudicated') || !isOptional(adjudicator, isText) || !isOptional(note, isText)) return null;
  const calls = allOf(value.calls, fastCall);
  const refs = value.visual_refs === undefined ? [] : allOf(value.visual_refs, fastRef);
  if (calls === null || refs === null) return null;
  const out: JsonObject = { task_id, calls, visual_refs: refs };
  if (source !== undefined) out.source = source;
  if (adjudicator !== undefined) out.adjudicator = adjudicator;
  if (note !== undefined) out.note = note;
  return withRest<TruthLine>(out, value, TRUTH_KEYS);
}

const ANNOTATION_KEYS = new Set(['task_id', 'annotator', 'calls', 'visual_refs', 'status', 'revision', 'updated_at']);

export function fastAnnotation(value: unknown): AnnotationLine | null {
  if (!isJsonObject(value)) return null;
  const { task_id, annotator, status, revision, updated_at } = value;
  if (!isNonEmpty(task_id) || !isOptional(annotator, isText) || !isOptional(updated_at, isText)) return null;
  if ((status !== 'draft' && status !== 'submitted') || !Number.isSafeInteger(revision)) return null;
  const calls = allOf(value.calls, fastCall);
  const refs = value.visual_refs === undefined ? [] : allOf(value.visual_refs, fastRef);
  if (calls === null || refs === null) return null;
  const out: JsonObject = { task_id };
  if (annotator !== undefined) out.annotator = annotator;
  Object.assign(out, { calls, visual_refs: refs, status, revision, updated_at: updated_at ?? '' });
  return withRest<AnnotationLine>(out, value, ANNOTATION_KEYS);
}
