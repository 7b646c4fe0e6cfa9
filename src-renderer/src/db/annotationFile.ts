// annotations/<annotator>.jsonl (SPEC §5) and the studio's rows: conversion both ways, and the
// plan of an export or import that never overwrites a change made on disk since it was read.
// Pure functions: the workspace reads and writes through window.studio and applies the plan.
import { parseJsonlLine } from '../../../shared/format/loader';
import { MergeConflictRanges } from '../../../shared/format/merge-conflict';
import { isValidPersonName } from '../../../shared/format/person-name';
import { annotationSchema } from '../../../shared/format/schemas';
import type { Annotation, JsonObject } from '../../../shared/format/types';
import { frameRangeToSeconds, secondsToFrameRange } from '../../../shared/frames/frames';
import type { AnnotationRecord, CallEntry, OutboxEntry, VisualRefEntry } from './schema';

export function annotationFilePath(annotator: string): string {
  return `annotations/${annotator}.jsonl`;
}

/** Annotator names become file names (shared/format/person-name.ts). */
export const isValidAnnotatorName = isValidPersonName;

/** cyrb53: a fast 53-bit string hash, to tell whether a file changed since it was read. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36) + `:${text.length}`;
}

/** Studio extras carried in each line (the loader keeps unknown keys): call ids, evidence frames, bindings. */
interface StudioExtras {
  calls: { id: string; frame: number | null }[];
  /**
   * A reference's frames, and the seconds the line held when they were written (`start`, `end`;
   * absent in lines written before 2026-12): frames name what the annotator marked even before the
   * clip's rate is known, and the seconds tell whether someone changed the line's times since.
   */
  refs: { id: string; start_frame: number; end_frame: number; start?: number; end?: number; binding: VisualRefEntry['binding'] }[];
}

/** A database row as a SPEC §5 line (studio extras dropped). */
export function recordToAnnotation(record: AnnotationRecord): Annotation {
  return {
    task_id: record.task,
    annotator: record.annotator,
    calls: record.calls.map((call) => ({ tool_name: call.tool_name, parameters: call.parameters })),
    visual_refs: record.visual_refs.map(({ id, description, entity, start, end, binding, param }) => withParam({ id, description, entity, start, end }, binding?.param ?? param)),
    status: record.status,
    revision: record.revision,
    updated_at: record.updated_at,
  };
}

/**
 * A reference with the parameter its entity fills (`param`), when known: the egobench profile's
 * perception class reads it (shared/eval/egobench/taxonomy.ts); the paper profile ignores it.
 */
export function withParam<R extends object>(ref: R, param: string | undefined): R & { param?: string } {
  return typeof param === 'string' && param !== '' ? { ...ref, param } : ref;
}

/**
 * A file line whose references say the parameter they fill (`param`), from its studio bindings
 * where a line written before references carried it has none (the egobench profile reads it once
 * the line becomes ground truth). The same line when there is nothing to add.
 */
export function lineWithParams(line: Annotation): Annotation {
  const extras = extrasOf(line);
  if (!extras || line.visual_refs.every((ref) => ref.param !== undefined)) return line;
  const visual_refs = line.visual_refs.map((ref, index) => (ref.param === undefined ? withParam(ref, bindingOf(extras, ref, index)?.param) : ref));
  return visual_refs.some((ref, index) => ref !== line.visual_refs[index]) ? { ...line, visual_refs } : line;
}

/** A reference's binding kept in the line's studio extras (at its position, under its id), or null. */
function bindingOf(extras: StudioExtras | null, ref: { id: string }, index: number): VisualRefEntry['binding'] {
  const extra = extras?.refs[index];
  return extra?.id === ref.id ? (extra.binding ?? null) : null;
}

/** One line of the annotator's file for a row. */
export function toAnnotationLine(record: AnnotationRecord): Annotation & { 'x-studio': StudioExtras } {
  return {
    ...recordToAnnotation(record),
    'x-studio': {
      calls: record.calls.map(({ id, frame }) => ({ id, frame })),
      refs: record.visual_refs.map(({ id, start_frame, end_frame, start, end, binding }) => ({ id, start_frame, end_frame, start, end, binding })),
    },
  };
}

function extrasOf(line: Annotation): StudioExtras | null {
  const extras = (line as unknown as Record<string, unknown>)['x-studio'] as StudioExtras | undefined;
  if (!extras || !Array.isArray(extras.calls) || !Array.isArray(extras.refs)) return null;
  return extras;
}

/** A file line as a row (base and editor text left to the caller). */
export function fromAnnotationLine(
  line: Annotation,
  dataset: string,
  fps: number,
): Omit<AnnotationRecord, 'base' | 'editor_text'> {
  const extras = extrasOf(line);
  const calls: CallEntry[] = line.calls.map((call, index) => {
    const extra = extras?.calls[index];
    return {
      id: typeof extra?.id === 'string' ? extra.id : `c${index + 1}`,
      tool_name: call.tool_name,
      parameters: call.parameters as JsonObject,
      frame: typeof extra?.frame === 'number' ? extra.frame : null,
    };
  });
  const visual_refs: VisualRefEntry[] = line.visual_refs.map((ref, index) => {
    const extra = extras?.refs[index];
    // A reference without times (copied from imported EgoBench ground truth) starts at the clip's
    // first frame until the annotator marks it.
    const start = ref.start ?? 0;
    const end = ref.end ?? start;
    const range = keptFrames(extra, ref.id, start, end) ?? secondsToFrameRange(start, end, fps);
    const binding = bindingOf(extras, ref, index);
    return withParam({ id: ref.id, description: ref.description, entity: ref.entity, start, end, start_frame: range.first, end_frame: range.last, binding }, binding ? undefined : ref.param);
  });
  return { dataset, task: line.task_id, annotator: line.annotator, calls, visual_refs, status: line.status, revision: line.revision, updated_at: line.updated_at };
}

/**
 * The frames the studio kept for a reference, while they still go with the line's seconds: null
 * when there are none, or when the seconds changed since they were written (the file is the
 * truth: a teammate's edit in git or a text editor moves the reference). A line written before
 * the extras held seconds keeps its frames, as it did.
 */
function keptFrames(extra: StudioExtras['refs'][number] | undefined, id: string, start: number, end: number): { first: number; last: number } | null {
  if (!extra || extra.id !== id || !Number.isInteger(extra.start_frame) || !Number.isInteger(extra.end_frame)) return null;
  const written = typeof extra.start === 'number' && typeof extra.end === 'number';
  if (written && (extra.start !== start || extra.end !== end)) return null;
  return { first: extra.start_frame, last: extra.end_frame };
}

/** Seconds of a reference from its frames. */
export function refSeconds(startFrame: number, endFrame: number, fps: number): { start: number; end: number } {
  return frameRangeToSeconds(startFrame, endFrame, fps);
}

export interface ParsedAnnotationFile {
  /** task id -> the winning line (highest revision, later line on a tie). */
  latest: Map<string, Annotation>;
  problems: { line: number; message: string }[];
}

export function parseAnnotationFile(text: string): ParsedAnnotationFile {
  const latest = new Map<string, Annotation>();
  const problems: ParsedAnnotationFile['problems'] = [];
  const conflicts = new MergeConflictRanges();
  text.split(/\r?\n/).forEach((raw, index) => {
    const parsed = parseJsonlLine(raw, index + 1, annotationSchema);
    const problem = parsed?.ok === false ? { line: index + 1, message: parsed.message } : undefined;
    if (problem) problems.push(problem);
    conflicts.see(index + 1, raw, problem);
    if (parsed === null || !parsed.ok) return;
    const line = parsed.value as Annotation;
    const previous = latest.get(line.task_id);
    if (!previous || line.revision >= previous.revision) latest.set(line.task_id, line);
  });
  return { latest, problems };
}

/**
 * Each task's winning line (write-through's view of the file): the highest revision, the later line
 * on a tie, of the lines that are SPEC §5 annotations, as every reader of the dataset takes them. A
 * line the schema refuses (listed among the dataset's problems) is no annotation: counted, it hid the
 * annotator's valid line below it (the task opened empty) and came back as a "changed on disk" version to keep.
 */
export function latestByRevision(text: string): Map<string, Annotation> {
  const byTask = new Map<string, Annotation[]>();
  for (const raw of text.split(/\r?\n/)) {
    const line = lineOfTask(raw);
    if (!line) continue;
    const lines = byTask.get(line.task_id);
    if (lines) lines.push(line);
    else byTask.set(line.task_id, [line]);
  }
  const latest = new Map<string, Annotation>();
  for (const [task, lines] of byTask) {
    // The best first (highest revision, later line on a tie): the schema is asked of one line a task, mostly.
    const ranked = lines.map((line, at) => ({ line, at })).sort((x, y) => y.line.revision - x.line.revision || y.at - x.at);
    const winner = ranked.find(({ line }) => isAnnotationLine(line));
    if (winner) latest.set(task, winner.line);
  }
  return latest;
}

/**
 * A file line with a task id and a revision (null: none, or no JSON), to rank; whether it is an
 * annotation is isAnnotationLine's to say.
 */
export function lineOfTask(raw: string): Annotation | null {
  if (raw.trim() === '') return null;
  let value: Record<string, unknown>;
  try {
    // A file's first line may start with a byte-order mark (a Windows editor's save); JSON.parse refuses it.
    value = JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value.task_id !== 'string' || !Number.isInteger(value.revision)) return null;
  // References may be left out (SPEC §5's default); a `calls` or `visual_refs` of another type
  // stays as written, for the schema to refuse: made [], such a line won as an empty annotation.
  return { ...value, visual_refs: value.visual_refs ?? [] } as unknown as Annotation;
}

/**
 * Whether two rows make the same line but for revision and time, studio extras included (unlike
 * contentKey: a moved evidence frame is an edit): an edit of the editor's text alone (half-typed
 * JSON keeps the last calls) changes nothing the file holds.
 */
export function sameLineContent(a: AnnotationRecord, b: AnnotationRecord): boolean {
  const content = (record: AnnotationRecord) => JSON.stringify({ ...toAnnotationLine(record), revision: 0, updated_at: '' });
  return content(a) === content(b);
}

/** Whether a row makes a SPEC §5 line (no call without a tool name, ...): only those are written through. */
export function isValidLine(record: AnnotationRecord): boolean {
  return annotationSchema.safeParse(toAnnotationLine(record)).success;
}

/** Whether a file line is a SPEC §5 annotation (what pull may take into a row). */
export function isAnnotationLine(line: Annotation): boolean {
  return annotationSchema.safeParse(line).success;
}

/** What an annotation says, for "same annotation" checks: calls, references, status. */
export function contentKey(value: Pick<Annotation, 'calls' | 'visual_refs' | 'status'>): string {
  return JSON.stringify({
    calls: value.calls.map((call) => ({ tool_name: call.tool_name, parameters: call.parameters })),
    refs: value.visual_refs.map(({ id, description, entity, start, end }) => ({ id, description, entity, start, end })),
    status: value.status,
  });
}

/** What contentKey compares, as indented JSON: each side of a conflict as the user compares them. */
export function contentText(value: Pick<Annotation, 'calls' | 'visual_refs' | 'status'>): string {
  return `${JSON.stringify(JSON.parse(contentKey(value)), null, 2)}\n`;
}

/**
 * Revisions when the user keeps their version over a line of `theirs`: the waiting entries, in
 * order, above it (they win, SPEC §5) and never lower than they would be; the row's revision is its
 * last entry's when that entry is the row (it follows the file once sent), one more when the row
 * changed after it or nothing waits (its own line goes out under it, or, no valid line yet, it
 * stays unsent).
 */
export function keptRevisions(theirs: number, row: number, entryCount: number, rowIsLast: boolean): { entries: number[]; row: number } {
  const after = entryCount === 0 || !rowIsLast ? 1 : 0;
  const first = Math.max(theirs, row - entryCount - after) + 1;
  const entries = Array.from({ length: entryCount }, (_, k) => first + k);
  return { entries, row: first + entryCount - 1 + after };
}

/** What identifies a stored row's state: a save, a line taken or a base moved changes one of these. */
export type RowVersion = Pick<AnnotationRecord, 'revision' | 'updated_at'>;

/** Whether the stored row is another revision than `from` (the one an edit started from). */
export function movedSince(row: RowVersion, from: RowVersion): boolean {
  return row.revision !== from.revision || row.updated_at !== from.updated_at;
}

/** Whether `row` (read from the database) is still the version `seen` (read earlier, or shown). */
export function sameVersion(row: AnnotationRecord | undefined, seen: AnnotationRecord | undefined): boolean {
  if (!row || !seen) return row === seen;
  return !movedSince(row, seen) && row.base?.revision === seen.base?.revision && row.editor_text === seen.editor_text;
}

/** True when the row has edits not yet in the file (or was never synchronised). */
export function changedSinceBase(record: AnnotationRecord): boolean {
  return record.base === null || record.revision !== record.base.revision;
}

/**
 * True when a file line taken over the row would drop something of the user's: edits not yet in
 * the file, or text in the editor that is no calls yet (saved under the row's revision). Export
 * and Import ask the user then; the pull queues such a row's line again for the drain to ask.
 */
export function holdsLocalWork(record: AnnotationRecord): boolean {
  return changedSinceBase(record) || record.editor_text !== null;
}

export interface SyncConflict {
  task: string;
  mine: AnnotationRecord;
  theirs: Annotation;
}

/**
 * Which conflict this is: the dataset, annotator and task, our revision and their whole line. The
 * same conflict found again (a later drain, an Export planned anew) is the same question; either
 * side moved on, another line at the same revision (another machine's) or another dataset's task
 * is a new one.
 */
function conflictKey({ task, mine, theirs }: SyncConflict): string {
  return JSON.stringify([mine.dataset, mine.annotator, task, mine.revision, theirs]);
}

/** The user's pick for a task's conflict, and the conflict it was made on (conflictKey). */
export interface ConflictPick {
  side: 'mine' | 'theirs';
  on: string;
}

export type ConflictPicks = Record<string, ConflictPick>;

/** A pick made on this very conflict; none when it is another since (it is asked again). */
export function pickFor(picks: ConflictPicks, conflict: SyncConflict): ConflictPick['side'] | undefined {
  const pick = picks[conflict.task];
  return pick && pick.on === conflictKey(conflict) ? pick.side : undefined;
}

export function pickOn(conflict: SyncConflict, side: ConflictPick['side']): ConflictPick {
  return { side, on: conflictKey(conflict) };
}

/** Which conflicts these are (conflictKey), in any order: the same ones put aside stay aside. */
export function conflictsKey(conflicts: readonly SyncConflict[]): string {
  return conflicts.map(conflictKey).sort().join('\n');
}

export interface ExportPlan {
  /** Rows whose line is appended (with the revision it is written with). */
  write: AnnotationRecord[];
  /** Disk lines that replace unchanged local rows (someone else moved on; nothing of ours is lost). */
  adopt: Annotation[];
  conflicts: SyncConflict[];
}

/**
 * Export: for each local row, compare with the file's winning line for the task.
 * - no line, or the line is the one we based on: write ours if it has edits;
 * - the line changed since our base: same content -> nothing; ours unchanged (no text being
 *   typed either) -> adopt theirs; both changed -> conflict (the user picks).
 */
export function planExport(records: AnnotationRecord[], disk: Map<string, Annotation>): ExportPlan {
  const plan: ExportPlan = { write: [], adopt: [], conflicts: [] };
  for (const record of records) {
    const line = disk.get(record.task);
    const local = changedSinceBase(record);
    if (!line) {
      if (local || record.base !== null) plan.write.push(record);
      continue;
    }
    const diskMoved = record.base === null || line.revision !== record.base.revision;
    if (contentKey(line) === contentKey(record)) continue;
    if (!diskMoved) {
      if (local) plan.write.push(record.revision > line.revision ? record : { ...record, revision: line.revision + 1 });
    } else if (!holdsLocalWork(record)) plan.adopt.push(line);
    else plan.conflicts.push({ task: record.task, mine: record, theirs: line });
  }
  return plan;
}

export interface ImportPlan {
  /** Lines that become (or replace) local rows. */
  take: Annotation[];
  /** Local rows whose base moves to the file's line (same content). */
  rebase: { record: AnnotationRecord; revision: number }[];
  conflicts: SyncConflict[];
}

/** Import: lines replace local rows that have no edits (nor text being typed) of their own; both changed -> conflict. */
export function planImport(records: AnnotationRecord[], disk: Map<string, Annotation>): ImportPlan {
  const byTask = new Map(records.map((record) => [record.task, record]));
  const plan: ImportPlan = { take: [], rebase: [], conflicts: [] };
  for (const [task, line] of disk) {
    const record = byTask.get(task);
    if (!record) plan.take.push(line);
    else if (contentKey(line) === contentKey(record)) plan.rebase.push({ record, revision: line.revision });
    else if (!holdsLocalWork(record)) plan.take.push(line);
    else if (record.base !== null && line.revision === record.base.revision) continue; // file unchanged for this task; ours is newer
    else plan.conflicts.push({ task, mine: record, theirs: line });
  }
  return plan;
}

/** The file's new text: what is on disk, untouched, then one line per written row. */
export function appendLines(diskText: string | null, rows: AnnotationRecord[]): string {
  const head = diskText ?? '';
  const separator = head === '' || head.endsWith('\n') ? '' : '\n';
  return head + separator + rows.map((row) => `${JSON.stringify(toAnnotationLine(row))}\n`).join('');
}

export interface SendPlan {
  /** Entries to append now, in save order. */
  send: OutboxEntry[];
  /**
   * Entries the file already holds: an append that reached the file while its answer was lost
   * (the host stopped). They are dropped from the outbox, the row based on the line.
   */
  sent: OutboxEntry[];
  /** File lines that already say what the row says: adopted, their entries dropped. */
  adopt: Annotation[];
  /** Tasks whose line someone else wrote since this client last read it, while ours changed too. */
  conflicts: SyncConflict[];
}

/**
 * Write-through: which waiting entries may be appended to the file as last read (`latest`). A
 * task's line that is one of our own waiting entries (same revision, same content) was sent:
 * it and the entries before it are done, the later ones go out. A line that moved away from the
 * row's base otherwise was written by someone else since: the same content is adopted, anything
 * else is a conflict for the user; its entries wait meanwhile.
 */
export function planSend(entries: readonly OutboxEntry[], rows: ReadonlyMap<string, AnnotationRecord>, latest: ReadonlyMap<string, Annotation>): SendPlan {
  const plan: SendPlan = { send: [], sent: [], adopt: [], conflicts: [] };
  const sendable = new Set<string>();
  /** Per task whose line is ours: the revision up to which its entries are in the file. */
  const inFile = new Map<string, number>();
  for (const task of new Set(entries.map((entry) => entry.task))) {
    const row = rows.get(task);
    const line = latest.get(task);
    const foreign = row !== undefined && line !== undefined && (row.base === null || line.revision !== row.base.revision);
    if (!foreign) sendable.add(task);
    else if (entries.some((entry) => entry.task === task && isEntryOf(entry, line))) {
      sendable.add(task);
      inFile.set(task, line.revision);
    } else if (contentKey(line) === contentKey(row)) plan.adopt.push(line);
    else plan.conflicts.push({ task, mine: row, theirs: line });
  }
  for (const entry of entries) {
    if (!sendable.has(entry.task)) continue;
    const upTo = inFile.get(entry.task);
    (upTo !== undefined && entry.revision <= upTo ? plan.sent : plan.send).push(entry);
  }
  return plan;
}

/** The file's line is this waiting entry's (the same revision and content). */
function isEntryOf(entry: OutboxEntry, line: Annotation): boolean {
  if (entry.revision !== line.revision) return false;
  try {
    return contentKey(JSON.parse(entry.line) as Annotation) === contentKey(line);
  } catch {
    return false;
  }
}
