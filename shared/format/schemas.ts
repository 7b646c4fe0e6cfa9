// zod schemas of the records in a dataset folder (SPEC §1-§6). Unknown extra fields are kept
// (loose objects) so newer files still load; missing or mistyped required fields are problems.
// A null in a field that may be left out reads as absent (`nullAsAbsent`); in a required one it is a problem.
import * as z from 'zod';
import { isJsonObject } from './own-data';

const nonEmpty = z.string().min(1, 'must be a non-empty string');
// The object itself, not a copy: zod's records copy by assignment, which drops a `__proto__` key.
const jsonObject = z.custom<Record<string, unknown>>(isJsonObject, 'expected an object');

/**
 * A field that may be left out (`schema` is optional or has a default): a JSON null there reads as
 * absent, as writers in Python emit null for "no value". A required field's null stays a problem.
 */
function nullAsAbsent<T extends z.ZodOptional | z.ZodDefault>(schema: T) {
  return z.preprocess((value) => (value === null ? undefined : value), schema);
}

/**
 * A record without the keys that `nullAsAbsent` made undefined, so a line with `"fps": null` reads
 * exactly as one without `fps`. (zod keeps a present key whose value came out undefined; a value
 * parsed from JSON has no other undefined field.) The object is zod's fresh copy.
 */
function withoutUndefined<T extends object>(value: T): T {
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return value;
}

export const datasetMetaSchema = z.looseObject({
  id: nonEmpty,
  name: z.string(),
  version: z.union([z.string(), z.number()]).transform(String),
  modes: nullAsAbsent(z.array(z.string()).default([])),
  profile: nullAsAbsent(z.enum(['paper', 'egobench']).optional()),
}).transform(withoutUndefined);

/**
 * A JSON object whose values each fit `values`, returned as the object itself: zod's records copy
 * by assignment, which drops a key named `__proto__` (here, a parameter of that name).
 */
function dataKeyedRecord(values: z.ZodType<unknown>) {
  return z.custom<Record<string, unknown>>(isJsonObject, 'expected an object').superRefine((value, ctx) => {
    for (const [key, item] of Object.entries(value)) {
      const result = values.safeParse(item);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
    }
  });
}

const paramSchema: z.ZodType<unknown> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: dataKeyedRecord(paramSchema).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.union([z.boolean(), paramSchema]).optional(),
    items: paramSchema.optional(),
    enum: z.array(z.unknown()).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    'x-ordered': z.boolean().optional(),
    'x-match': z.union([z.string(), z.looseObject({ entity: z.string().regex(/^[^.]+\.[^.]+$/, 'must be TABLE.COLUMN') })]).optional(),
  }),
);

export const toolStepSchema = z.looseObject({
  sql: nonEmpty,
  as: nonEmpty.optional(),
  expect: z.enum(['one', 'some', 'none']).optional(),
  error: z.string().optional(),
  bind: z.boolean().optional(),
});

export const toolDefSchema = z.looseObject({
  name: nonEmpty,
  description: z.string().default(''),
  parameters: paramSchema,
  effect: z.enum(['read', 'write']),
  steps: z.array(toolStepSchema),
  returns: z.unknown().optional(),
});

export const toolLibrarySchema = z.looseObject({
  state_tables: z.array(nonEmpty),
  tools: z.array(z.unknown()),
});

export const taskSchema = z.looseObject({
  id: nonEmpty,
  scenario: nonEmpty,
  instruction: z.string(),
  image_description: nullAsAbsent(z.string().default('')),
  video: nullAsAbsent(z.string().default('')),
  fps: nullAsAbsent(z.number().positive().optional()),
  user_id: nullAsAbsent(z.union([z.string(), z.number()]).transform(String).optional()),
}).transform(withoutUndefined);

export const toolCallSchema = z.looseObject({
  tool_name: nonEmpty,
  parameters: jsonObject,
});

// Imported EgoBench references carry no times (SPEC §13): start/end may be null or absent.
export const visualRefSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  description: nullAsAbsent(z.string().default('')),
  entity: z.string(),
  start: z.number().nullable().optional(),
  end: z.number().nullable().optional(),
});

export const annotationSchema = z.looseObject({
  task_id: nonEmpty,
  annotator: nullAsAbsent(z.string().optional()),
  calls: z.array(toolCallSchema),
  visual_refs: nullAsAbsent(z.array(visualRefSchema).default([])),
  status: z.enum(['draft', 'submitted']),
  revision: z.number().int(),
  updated_at: nullAsAbsent(z.string().default('')),
}).transform(withoutUndefined);

export const groundTruthSchema = z.looseObject({
  task_id: nonEmpty,
  calls: z.array(toolCallSchema),
  visual_refs: nullAsAbsent(z.array(visualRefSchema).default([])),
  source: nullAsAbsent(z.enum(['agreed', 'adjudicated']).optional()),
  adjudicator: nullAsAbsent(z.string().optional()),
  note: nullAsAbsent(z.string().optional()),
}).transform(withoutUndefined);

const dialogueMessageSchema = z.looseObject({
  role: z.string(),
  turn: nullAsAbsent(z.number().optional()),
  content: z.unknown().transform((c) => (typeof c === 'string' ? c : c == null ? '' : JSON.stringify(c))),
}).transform(withoutUndefined);

// Calls are kept as written, malformed or not (SPEC §6); legacy items carry `call`/`result`.
const toolCallItemSchema = z
  .looseObject({
    turn: nullAsAbsent(z.number().optional()),
    calls: nullAsAbsent(z.array(z.unknown()).optional()),
    call: z.unknown().optional(),
    results: z.unknown().optional(),
    result: z.unknown().optional(),
  })
  .refine((item) => item.calls !== undefined || 'call' in item, { message: 'needs a "calls" array', path: ['calls'] })
  .transform((item) => {
    if (item.calls !== undefined) return { turn: item.turn, calls: item.calls, results: item.results };
    return { turn: item.turn, calls: [item.call], results: item.result === undefined ? undefined : [item.result] };
  });

const count = nullAsAbsent(z.number().nonnegative().optional());

/** An item without a turn takes its predecessor's (items are in order), the first one 0. */
function fillTurns<T extends { turn?: number }>(items: T[]): (T & { turn: number })[] {
  let previous = 0;
  return items.map((item) => ({ ...item, turn: (previous = item.turn ?? previous) }));
}

export const trajectorySchema = z.looseObject({
  id: z.union([nonEmpty, z.number()]).transform(String),
  task_id: z.union([nonEmpty, z.number()]).transform(String),
  model: nonEmpty,
  mode: nonEmpty,
  dialogue: nullAsAbsent(z.array(dialogueMessageSchema).default([])),
  tool_calls: nullAsAbsent(z.array(toolCallItemSchema).default([])).transform(fillTurns),
  rounds_count: count,
  input_tokens: count,
  output_tokens: count,
  tool_calls_count: count,
}).transform(withoutUndefined);

/** `calls[2].tool_name: expected string` — the field path and reason of each zod issue. */
export function describeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((issue) => fieldMessage(formatPath(issue.path), issue));
  if (error.issues.length > max) parts.push(`and ${error.issues.length - max} more`);
  return parts.join('; ');
}

/**
 * A problem's words for one issue at `path` (formatted): zod's "Invalid input: expected string,
 * received undefined" says that a field is missing in a way a dataset's author may not read so.
 */
export function fieldMessage(path: string, issue: Pick<z.core.$ZodIssue, 'code' | 'message'>): string {
  const absent = issue.code === 'invalid_type' ? /^Invalid input: expected (\w+), received (undefined|null)$/.exec(issue.message) : null;
  const message = absent ? (absent[2] === 'undefined' ? `missing (${article(absent[1])} is required)` : `null (${article(absent[1])} is required)`) : issue.message;
  return path ? `field ${path}: ${message}` : message;
}

const article = (type: string) => `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
