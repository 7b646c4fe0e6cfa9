// The outbox of write-through: saved edits waiting to be appended to annotations/<annotator>.jsonl
// on the host, in the order they were saved. Everything here is one dexie transaction, so a tab
// closed halfway leaves either the entry or the synchronised row, never neither.
import { Dexie } from 'dexie';
import type { Annotation } from '../../../shared/format/types';
import { type AnnotationDb, annotationDb, outboxEntryFor } from './annotationDb';
import { contentKey, fromAnnotationLine, isValidLine, keptRevisions, sameVersion } from './annotationFile';
import type { AnnotationKey } from './annotationRepo';
import type { AnnotationRecord, OutboxEntry } from './schema';

export function pendingEntries(dataset: string, annotator: string, db: AnnotationDb = annotationDb()): Promise<OutboxEntry[]> {
  // The primary key (seq) orders the compound-index query's results within equal keys.
  return db.outbox.where('[dataset+annotator]').equals([dataset, annotator]).sortBy('seq');
}

/** Annotators of the dataset with entries waiting: the one signed in, and any who signed in here before. */
export async function annotatorsWithPending(dataset: string, db: AnnotationDb = annotationDb()): Promise<string[]> {
  const keys = await db.outbox.where('[dataset+annotator]').between([dataset, Dexie.minKey], [dataset, Dexie.maxKey], true, true).uniqueKeys();
  return keys.map((key) => (key as unknown as [string, string])[1]);
}

export function countPending(dataset: string, annotator: string, db: AnnotationDb = annotationDb()): Promise<number> {
  return db.outbox.where('[dataset+annotator]').equals([dataset, annotator]).count();
}

/** The entries were appended to the file: drop them and base each task's row on the last revision sent. */
export async function markSent(sent: OutboxEntry[], db: AnnotationDb = annotationDb()): Promise<void> {
  const at = new Date().toISOString();
  const lastByTask = new Map<string, OutboxEntry>();
  for (const entry of sent) lastByTask.set(entry.task, entry);
  await db.transaction('rw', db.outbox, db.annotations, async () => {
    await db.outbox.bulkDelete(sent.map((entry) => entry.seq!));
    for (const entry of lastByTask.values()) {
      const row = await db.annotations.get([entry.dataset, entry.task, entry.annotator]);
      if (row && (row.base === null || row.base.revision < entry.revision)) await db.annotations.put({ ...row, base: { revision: entry.revision, at } });
    }
  });
}

/**
 * The user keeps their version of a task whose line someone else changed: the waiting entries
 * are renumbered above that line's revision (so they win, SPEC §5) and the row is based on it.
 * With nothing waiting (kept on Import or Export: edits from before write-through, text being
 * typed over the last line sent), the row's line is queued above theirs, or the file would keep
 * theirs. True when the row's own line is on its way; false when the row is no SPEC §5 line yet
 * (a call without a tool name): it stays unsent, above theirs, and its next valid save goes out.
 */
export async function keepMine(row: AnnotationRecord, theirs: Annotation, db: AnnotationDb = annotationDb()): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.annotations, async () => {
    const entries = await db.outbox.where('[dataset+annotator+task]').equals([row.dataset, row.annotator, row.task]).sortBy('seq');
    const current = (await db.annotations.get([row.dataset, row.task, row.annotator])) ?? row;
    const base = { revision: theirs.revision, at: new Date().toISOString() };
    const rowIsLast = entries.length > 0 && contentKey(JSON.parse(entries[entries.length - 1].line) as Annotation) === contentKey(current);
    const revisions = keptRevisions(theirs.revision, current.revision, entries.length, rowIsLast);
    for (const [k, entry] of entries.entries()) {
      const revision = revisions.entries[k];
      const line = { ...(JSON.parse(entry.line) as Record<string, unknown>), revision };
      await db.outbox.put({ ...entry, revision, line: JSON.stringify(line) });
    }
    const kept: AnnotationRecord = { ...current, revision: revisions.row, base };
    await db.annotations.put(kept);
    if (rowIsLast) return true;
    if (!isValidLine(kept)) return false;
    await db.outbox.add(outboxEntryFor(kept));
    return true;
  });
}

/**
 * The file's line replaces the task's row, its waiting entries dropped, only while the row is still
 * `seen` (the one the decision was made on): an edit saved since (a new revision and its entry) is
 * kept, and the next drain decides again. `keepText`: text being typed stays (adopting a line that
 * says what the row says); false: the line is taken as it is (the user chose theirs).
 */
export function replaceRowIfSeen(key: AnnotationKey, seen: AnnotationRecord | undefined, line: Annotation, fps: number, keepText: boolean, db: AnnotationDb = annotationDb()): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.annotations, async () => {
    if (!sameVersion(await db.annotations.get([key.dataset, key.task, key.annotator]), seen)) return false;
    await replaceRow(key.dataset, key.annotator, line, fps, keepText, db);
    return true;
  });
}

async function replaceRow(dataset: string, annotator: string, line: Annotation, fps: number, keepText: boolean, db: AnnotationDb): Promise<void> {
  await db.transaction('rw', db.outbox, db.annotations, async () => {
    await db.outbox.where('[dataset+annotator+task]').equals([dataset, annotator, line.task_id]).delete();
    const editorText = keepText ? ((await db.annotations.get([dataset, line.task_id, annotator]))?.editor_text ?? null) : null;
    await db.annotations.put(rowOfLine(dataset, annotator, line, fps, editorText));
  });
}

/** The row a file line becomes, based on it; the row is the file's annotator's, whatever name the line carries. */
function rowOfLine(dataset: string, annotator: string, line: Annotation, fps: number, editorText: string | null): AnnotationRecord {
  const row = { ...fromAnnotationLine(line, dataset, fps), annotator };
  return { ...row, base: { revision: line.revision, at: new Date().toISOString() }, editor_text: editorText };
}

/**
 * Inside a transaction of the caller's: whether the task's row is still `seen` (undefined: none)
 * with no entry waiting. The pull acts on rows it read earlier; another tab may have taken a line
 * or saved since.
 */
export async function stillAsSeen(key: AnnotationKey, seen: AnnotationRecord | undefined, db: AnnotationDb): Promise<boolean> {
  if (!sameVersion(await db.annotations.get([key.dataset, key.task, key.annotator]), seen)) return false;
  return (await db.outbox.where('[dataset+annotator+task]').equals([key.dataset, key.annotator, key.task]).count()) === 0;
}

/** A line of the file to take in place of the row read as `seen` (undefined: none). `keepText`: text being typed stays. */
export interface LineTake {
  seen: AnnotationRecord | undefined;
  line: Annotation;
  fps: number;
  keepText: boolean;
}

/** Lines taken in one transaction: a few hundred at a time, so a tab's own saves are not held up long. */
const TAKES_PER_TRANSACTION = 250;

/**
 * The pull's take: each file line replaces its task's row only while the row is still `seen` with
 * nothing waiting (as stillAsSeen), and `skip` (asked right before: an edit begun on the task
 * since) says no. A few transactions of many lines, each reading its rows and the waiting tasks
 * at once and writing at once: a transaction per line, each read and write in turn, made a first
 * pull of 4,770 lines take 22 s. Returns the tasks whose row was replaced.
 */
export async function takeLinesIfUnchanged(dataset: string, annotator: string, takes: readonly LineTake[], skip: (task: string) => boolean = () => false, db: AnnotationDb = annotationDb()): Promise<string[]> {
  const replaced: string[] = [];
  for (let from = 0; from < takes.length; from += TAKES_PER_TRANSACTION) {
    const batch = takes.slice(from, from + TAKES_PER_TRANSACTION);
    const done = await db.transaction('rw', db.outbox, db.annotations, async () => {
      const waiting = await tasksWithPending(dataset, annotator, db);
      const rows = await db.annotations.bulkGet(batch.map(({ line }) => [dataset, line.task_id, annotator] as [string, string, string]));
      const tasks = new Set<string>();
      const puts: AnnotationRecord[] = [];
      batch.forEach(({ seen, line, fps, keepText }, i) => {
        const task = line.task_id;
        // A task twice in the batch: its row is no longer as read once the first is taken.
        if (tasks.has(task) || waiting.has(task) || !sameVersion(rows[i], seen) || skip(task)) return;
        puts.push(rowOfLine(dataset, annotator, line, fps, keepText ? (rows[i]?.editor_text ?? null) : null));
        tasks.add(task);
      });
      await db.annotations.bulkPut(puts);
      return [...tasks];
    });
    replaced.push(...done);
  }
  return replaced;
}

/** Tasks of the annotator with entries waiting, from the outbox's index alone (the entries are not read). */
export async function tasksWithPending(dataset: string, annotator: string, db: AnnotationDb = annotationDb()): Promise<Set<string>> {
  const keys = await db.outbox.where('[dataset+annotator+task]').between([dataset, annotator, Dexie.minKey], [dataset, annotator, Dexie.maxKey], true, true).keys();
  return new Set(keys.map((key) => (key as unknown as [string, string, string])[2]));
}
