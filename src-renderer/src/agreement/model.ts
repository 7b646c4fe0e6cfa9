// Pure logic of the agreement views: which annotation of each annotator counts (this browser's
// rows or the files on disk), the task lifecycle, and ground_truth.jsonl lines (SPEC §5).
import stableStringify from 'fast-json-stable-stringify';
import { StudioError } from '../../../shared/api/studio-error';
import { setKeyedLines, type LineChange } from '../../../shared/format/keyed-lines';
import { parseJsonlLine } from '../../../shared/format/loader';
import { groundTruthSchema } from '../../../shared/format/schemas';
import { callsMayHoldWholeReals, stringifyKeepingWholeReals } from '../../../shared/format/whole-reals';
import type { Annotation, GroundTruth, ToolCall, VisualRef } from '../../../shared/format/types';
import { recordToAnnotation, withParam } from '../db/annotationFile';
import type { AnnotationRecord } from '../db/schema';

export type AnnotationsByAnnotator = Map<string, Map<string, Annotation>>;

/**
 * Whether this browser's row stands for the annotator's current work rather than the file's line:
 * it has edits not yet exported, or it is synchronised and the file has not moved on since.
 */
export function rowIsCurrent(record: AnnotationRecord, line: Annotation | undefined): boolean {
  if (record.revision === 0) return false;
  if (!line) return true;
  if (record.base === null || record.revision !== record.base.revision) return true; // local edits
  return line.revision <= record.base.revision;
}

/** The files' annotations with this browser's current rows laid over them. */
export function effectiveAnnotations(files: AnnotationsByAnnotator, rows: readonly AnnotationRecord[]): AnnotationsByAnnotator {
  const out: AnnotationsByAnnotator = new Map([...files].map(([name, byTask]) => [name, new Map(byTask)]));
  for (const row of rows) {
    const line = files.get(row.annotator)?.get(row.task);
    if (!rowIsCurrent(row, line)) continue;
    let byTask = out.get(row.annotator);
    if (!byTask) out.set(row.annotator, (byTask = new Map()));
    byTask.set(row.task, recordToAnnotation(row));
  }
  return out;
}

/** Annotators with work on a task (or on any task), in code-point order. */
export function annotatorsOf(annotations: AnnotationsByAnnotator, taskId?: string): string[] {
  return [...annotations]
    .filter(([, byTask]) => (taskId === undefined ? byTask.size > 0 : byTask.has(taskId)))
    .map(([name]) => name)
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

/** The pair to compare: the preferred names when they have work, else the first two with work. */
export function choosePair(available: readonly string[], preferred: readonly (string | null | undefined)[] = []): [string, string] | null {
  const picked: string[] = [];
  for (const name of [...preferred, ...available]) if (name && available.includes(name) && !picked.includes(name)) picked.push(name);
  return picked.length >= 2 ? [picked[0], picked[1]] : null;
}

export type Lifecycle = 'unannotated' | 'annotating' | 'agreed' | 'disputed' | 'adjudicated' | 'disputed_gt';
export const lifecycleOrder: readonly Lifecycle[] = ['unannotated', 'annotating', 'agreed', 'disputed', 'adjudicated', 'disputed_gt'];
export const lifecycleLabels: Record<Lifecycle, string> = {
  unannotated: 'unannotated',
  annotating: 'annotating',
  agreed: 'agreed',
  disputed: 'disputed',
  adjudicated: 'adjudicated',
  disputed_gt: 'disputed (GT exists)',
};

/** Whether a ground-truth line settled these annotations as they are (Finalize and Accept agreed record the revisions). */
function settles(truth: GroundTruth, annotations: readonly Annotation[]): boolean {
  const settled = truth.settled;
  return typeof settled === 'object' && settled !== null && annotations.every((a) => settled[a.annotator] === a.revision);
}

/**
 * A task's stage. With a ground_truth.jsonl line: 'disputed_gt' when the pair's annotations
 * do not agree (agreeAsIs, whatever their status: the dashboard lists that disagreement, so the
 * task list must reach it) and the line did not settle them as they are now (written before, by
 * another tool, or before a new revision), else 'adjudicated' (whatever the line's source). Without one:
 * 'agreed' or 'disputed' once both annotators of the pair submitted; 'annotating' while anyone
 * has work on it; else 'unannotated'.
 */
export function lifecycleOf(
  taskId: string,
  annotations: AnnotationsByAnnotator,
  pair: readonly [string, string] | null,
  groundTruth: ReadonlyMap<string, GroundTruth>,
  agree: ReadonlyMap<string, boolean>,
): Lifecycle {
  const a = pair ? annotations.get(pair[0])?.get(taskId) : undefined;
  const b = pair ? annotations.get(pair[1])?.get(taskId) : undefined;
  const truth = groundTruth.get(taskId);
  if (truth) return a && b && agree.get(taskId) === false && !settles(truth, [a, b]) ? 'disputed_gt' : 'adjudicated';
  if (a?.status === 'submitted' && b?.status === 'submitted' && agree.has(taskId)) return agree.get(taskId) ? 'agreed' : 'disputed';
  for (const byTask of annotations.values()) if (byTask.has(taskId)) return 'annotating';
  return 'unannotated';
}

export function lifecycleCounts(stages: Iterable<Lifecycle>): Record<Lifecycle, number> {
  const counts = Object.fromEntries(lifecycleOrder.map((s) => [s, 0])) as Record<Lifecycle, number>;
  for (const stage of stages) counts[stage]++;
  return counts;
}

/** A ground-truth line's text, a call's `1.0` written so (it scores apart from `1` in the egobench profile). */
export const groundTruthText = (line: GroundTruth | null): string => stringifyKeepingWholeReals(line, { deep: true });

/** The ground-truth lines of a file (the first valid line of a task wins, as the loader reads). */
export function parseGroundTruth(text: string | null): Map<string, GroundTruth> {
  const out = new Map<string, GroundTruth>();
  (text ?? '').split(/\r?\n/).forEach((raw, index) => {
    // A call's `1.0` is kept (whole-reals.ts): a line corrected or compared here is written as it was read.
    const parsed = parseJsonlLine(raw, index + 1, groundTruthSchema, undefined, callsMayHoldWholeReals);
    if (parsed && parsed.ok && !out.has((parsed.value as GroundTruth).task_id)) out.set((parsed.value as GroundTruth).task_id, parsed.value as GroundTruth);
  });
  return out;
}

/** The task a line names; the file's first line may open with a byte-order mark, as the loader allows. */
function taskIdOfLine(raw: string, index: number): string | null {
  try {
    const value = JSON.parse(index === 0 ? raw.replace(/^\uFEFF/, '') : raw) as { task_id?: unknown } | null;
    return value && typeof value.task_id === 'string' ? value.task_id : null;
  } catch {
    return null;
  }
}

/**
 * ground_truth.jsonl with the given tasks' lines replaced in place, or appended: every other line,
 * unparseable and blank ones included, keeps its place and its ending (a CRLF file stays CRLF), so a
 * finalize changes one line in a diff. Refused ('unresolved') when a task written has two lines in
 * the file or its line is inside a git merge conflict: the adjudicator saw one of them, and writing
 * would drop the other unseen.
 */
export function replaceGroundTruthLines(text: string | null, lines: readonly GroundTruth[]): string {
  const changes = new Map(lines.map((line): [string, LineChange] => [line.task_id, () => groundTruthText(line)]));
  const result = setKeyedLines(text, taskIdOfLine, changes, (task) => `task "${task}"`);
  if (!result.ok) throw new StudioError('unresolved', `${result.conflict}; nothing was written`);
  return result.text;
}

/** A call as a key, the same whatever the order of its parameters' keys (a line written by another tool may order them otherwise); shared/eval's callKey is the scorer's memo key, in written order. */
export const sameCallKey = (call: ToolCall) => stableStringify({ tool_name: call.tool_name, parameters: call.parameters ?? null });

/** A call as a person reads it (tool, then its parameters), keys in the same order whoever wrote it. */
export const callText = (call: ToolCall) => `${call.tool_name} ${stableStringify(call.parameters ?? null)}`;

/** The same calls in the same order, parameters equal as JSON values (key order aside). */
export function callsEqualJson(a: readonly ToolCall[], b: readonly ToolCall[]): boolean {
  return a.length === b.length && a.every((call, i) => sameCallKey(call) === sameCallKey(b[i]));
}

/** A SPEC §5 ground-truth line: `agreed` when the annotators agree (agreeAsIs) and A's calls are kept, else `adjudicated`. */
export function groundTruthLine(input: {
  taskId: string;
  calls: ToolCall[];
  visualRefs: VisualRef[];
  agree: boolean;
  callsA: ToolCall[];
  adjudicator: string;
  note: string;
  /** The annotations settled (their revisions are recorded, `settled`). */
  settles?: readonly Annotation[];
}): GroundTruth {
  const agreed = input.agree && callsEqualJson(input.calls, input.callsA);
  const line: GroundTruth = {
    task_id: input.taskId,
    calls: input.calls.map((c) => ({ tool_name: c.tool_name, parameters: c.parameters })),
    visual_refs: input.visualRefs.map(({ id, description, entity, start, end, param }) => withParam({ id, description, entity, start, end }, param)),
    source: agreed ? 'agreed' : 'adjudicated',
  };
  if (input.adjudicator.trim()) line.adjudicator = input.adjudicator.trim();
  if (input.note.trim()) line.note = input.note.trim();
  if (input.settles?.length) line.settled = Object.fromEntries(input.settles.map((a) => [a.annotator, a.revision]));
  return line;
}

/**
 * The line "Accept agreed" writes for a task both annotators agree on: A's calls, and the
 * references of both as Finalize takes them by default (one per entity, A's where both marked it;
 * it took A's alone, and B's references were lost).
 */
export function agreedLine(taskId: string, a: Annotation, b: Annotation | undefined, adjudicator: string): GroundTruth {
  const visualRefs = mergedReferences(referenceRows(a.visual_refs, b?.visual_refs ?? [], []), {});
  return groundTruthLine({ taskId, calls: a.calls, visualRefs, agree: true, callsA: a.calls, adjudicator, note: '', settles: b ? [a, b] : [a] });
}

/** What a reference row of the adjudication contributes: A's, B's, the ground truth's as it is, or nothing. */
export type RefChoice = 'a' | 'b' | 'keep' | 'drop';

/** One entity's visual references side by side: annotator A's, B's and the existing ground truth's. */
export interface ReferenceRow {
  key: string;
  entity: string;
  a: VisualRef | null;
  b: VisualRef | null;
  kept: VisualRef | null;
}

/** An entity's name as references are aligned by it (and Finalize finds it among the calls' values): case and spacing aside. */
export const entityKey = (entity: string) => entity.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The references of A, B and the existing ground truth, aligned by entity (case and spacing
 * aside; a second reference to the same entity gets a row of its own), in order of appearance:
 * the ground truth's first.
 */
export function referenceRows(a: readonly VisualRef[], b: readonly VisualRef[], kept: readonly VisualRef[]): ReferenceRow[] {
  const rows = new Map<string, ReferenceRow>();
  const place = (refs: readonly VisualRef[], side: 'a' | 'b' | 'kept') => {
    const seen = new Map<string, number>();
    for (const ref of refs) {
      const entity = entityKey(ref.entity);
      const n = (seen.get(entity) ?? 0) + 1;
      seen.set(entity, n);
      const key = n === 1 ? entity : `${entity}#${n}`;
      const row = rows.get(key) ?? { key, entity: ref.entity, a: null, b: null, kept: null };
      row[side] = ref;
      rows.set(key, row);
    }
  };
  place(kept, 'kept');
  place(a, 'a');
  place(b, 'b');
  return [...rows.values()];
}

/** Finalizing drops nothing it was not asked to: the ground truth's reference stays unless removed. */
export function defaultRefChoice(row: ReferenceRow): RefChoice {
  return row.kept ? 'keep' : row.a ? 'a' : 'b';
}

/**
 * The references chosen, each with an id of its own: references taken from different sources may
 * share one (each annotator numbers their own). The ground truth's references kept keep theirs; any
 * other whose id is taken gets the first free `<id>-<n>`, so the line never holds two of one id.
 */
export function mergedReferences(rows: readonly ReferenceRow[], choices: Readonly<Record<string, RefChoice>>): VisualRef[] {
  const chosen: { ref: VisualRef; kept: boolean }[] = [];
  for (const row of rows) {
    const choice = choices[row.key] ?? defaultRefChoice(row);
    const ref = choice === 'a' ? row.a : choice === 'b' ? row.b : choice === 'keep' ? row.kept : null;
    if (ref) chosen.push({ ref, kept: choice === 'keep' });
  }
  const ids = new Set(chosen.map(({ ref }) => ref.id));
  const claimed = new Set<string>();
  const claim = (ref: VisualRef) => {
    let id = ref.id;
    for (let n = 2; claimed.has(id); n++) if (!ids.has(`${ref.id}-${n}`)) id = `${ref.id}-${n}`;
    claimed.add(id);
    ids.add(id);
    return id;
  };
  // The kept ones claim their ids first, wherever they are in the list.
  const keptIds = new Map(chosen.filter(({ kept }) => kept).map(({ ref }) => [ref, claim(ref)]));
  return chosen.map(({ ref }) => {
    const id = keptIds.get(ref) ?? claim(ref);
    return id === ref.id ? ref : { ...ref, id };
  });
}
