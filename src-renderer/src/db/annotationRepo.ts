// Reads and writes of annotation rows. Every save that changes the row's line bumps the revision
// inside one transaction, so two tabs of the same annotator never hand out the same revision twice.
import { type AnnotationDb, annotationDb, outboxEntryFor } from './annotationDb';
import { contentKey, isValidLine, movedSince, type RowVersion, sameLineContent, sameVersion } from './annotationFile';
import { stillAsSeen } from './outbox';
import type { AnnotationRecord, FileSyncRecord } from './schema';

export type AnnotationKey = Pick<AnnotationRecord, 'dataset' | 'task' | 'annotator'>;

/** The editable part of a row. */
export type AnnotationEdit = Partial<Pick<AnnotationRecord, 'calls' | 'visual_refs' | 'status' | 'editor_text'>>;

export function emptyAnnotation(key: AnnotationKey): AnnotationRecord {
  return { ...key, calls: [], visual_refs: [], status: 'draft', revision: 0, updated_at: new Date(0).toISOString(), base: null, editor_text: null };
}

export async function getAnnotation(key: AnnotationKey, db: AnnotationDb = annotationDb()): Promise<AnnotationRecord | undefined> {
  return db.annotations.get([key.dataset, key.task, key.annotator]);
}

/**
 * Applies an edit as a new revision and queues its line for the host (outbox); returns the saved
 * row. An edit that leaves the row's line as it was (the editor's text alone) is kept under the
 * same revision and sends nothing: the file gets no copy of its last line, and a task with no line
 * yet gets none (its row stays at revision 0 until its calls, references or status change).
 * `startedFrom`: the row as the screen showed it when the edit began. When the stored row moved
 * since (a file line taken by a pull, another tab's save), the edit was not made on it: the new
 * revision has no base, so the drain compares it with the file's line and asks the user when
 * they differ, instead of writing it over that line.
 */
export async function saveAnnotation(
  key: AnnotationKey,
  edit: AnnotationEdit,
  startedFrom?: RowVersion,
  db: AnnotationDb = annotationDb(),
): Promise<AnnotationRecord> {
  return db.transaction('rw', db.annotations, db.outbox, async () => {
    const stored = await getAnnotation(key, db);
    const next: AnnotationRecord = { ...(stored ?? emptyAnnotation(key)), ...edit };
    // A task's first edit that is text alone (not yet parsing) makes no line either: the file would
    // get an empty draft, which agreement counts as the annotator's calls (SPEC §11: any status).
    if (sameLineContent(stored ?? emptyAnnotation(key), next)) {
      await db.annotations.put(next);
      return next;
    }
    // A row that moved to a line with these very calls (the drain adopted one) keeps its base: the
    // edit overwrites nobody's calls, and its studio extras must go out rather than be adopted away.
    const moved = stored !== undefined && startedFrom !== undefined && movedSince(stored, startedFrom);
    return putRevision(moved && contentKey(stored) !== contentKey(next) ? { ...next, base: null } : next, db);
  });
}

/**
 * An edit saved long after it was made (held while the browser refused to store it, perhaps over
 * a reload): only on the row version it was made on. 'moved' (nothing written) when the row
 * changed since with other calls (another tab's edit, a line taken from the file): written then,
 * an older edit could win over a newer one.
 */
export async function saveHeldEdit(
  key: AnnotationKey,
  edit: AnnotationEdit,
  madeOn: RowVersion,
  /** An earlier edit the page was still saving when it held this one: the row one revision on with its content is that save's. */
  savingEdit?: AnnotationEdit,
  db: AnnotationDb = annotationDb(),
): Promise<AnnotationRecord | 'moved'> {
  return db.transaction('rw', db.annotations, db.outbox, async () => {
    const stored = await getAnnotation(key, db);
    if (stored && movedSince(stored, madeOn)) {
      const ownSave = savingEdit !== undefined && stored.revision === madeOn.revision + 1 && sameLineContent(stored, { ...stored, ...savingEdit });
      if (ownSave) return saveAnnotation(key, edit, { revision: stored.revision, updated_at: stored.updated_at }, db);
      return sameLineContent(stored, { ...stored, ...edit }) ? stored : 'moved';
    }
    return saveAnnotation(key, edit, madeOn, db);
  });
}

/**
 * The row's line queued again under a new revision, for the drain to decide against the file (a
 * conflict when someone else's line arrived since the row's base): what a row with text being
 * typed needs when the file moves under it. Only while the row is still `seen` with nothing
 * waiting (another tab may have done it, or saved, since); true when queued.
 */
export async function queueAgain(seen: AnnotationRecord, db: AnnotationDb = annotationDb()): Promise<boolean> {
  return db.transaction('rw', db.annotations, db.outbox, async () => {
    if (!(await stillAsSeen(seen, seen, db))) return false;
    await putRevision(seen, db);
    return true;
  });
}

/** The row under the next revision, its line queued when it is one (inside the caller's transaction). */
async function putRevision(row: AnnotationRecord, db: AnnotationDb): Promise<AnnotationRecord> {
  const next: AnnotationRecord = { ...row, revision: row.revision + 1, updated_at: new Date().toISOString() };
  await db.annotations.put(next);
  // A half-typed call (no tool name yet) is no SPEC §5 line: the row keeps it, the next valid save goes out.
  if (isValidLine(next)) await db.outbox.add(outboxEntryFor(next));
  return next;
}

export async function listAnnotations(dataset: string, annotator: string, db: AnnotationDb = annotationDb()): Promise<AnnotationRecord[]> {
  return db.annotations.where('[dataset+annotator]').equals([dataset, annotator]).toArray();
}

/** Removes this annotator's rows of the dataset from the browser (the file is untouched; unsent edits are dropped). */
export async function clearAnnotations(dataset: string, annotator: string, db: AnnotationDb = annotationDb()): Promise<number> {
  return db.transaction('rw', db.annotations, db.fileSync, db.outbox, async () => {
    await db.fileSync.delete([dataset, annotator]);
    await db.outbox.where('[dataset+annotator]').equals([dataset, annotator]).delete();
    return db.annotations.where('[dataset+annotator]').equals([dataset, annotator]).delete();
  });
}

/**
 * Bases the row on the file's line of these very calls (revision), only while it is still `seen`:
 * an edit since goes out itself. The row's revision is raised to the line's, as markSynced does,
 * or its next edits would be numbered below the line and lose to it (SPEC §5).
 */
export async function rebaseIfUnchanged(seen: AnnotationRecord, revision: number, db: AnnotationDb = annotationDb()): Promise<boolean> {
  return db.transaction('rw', db.annotations, async () => {
    const row = await getAnnotation(seen, db);
    if (!row || !sameVersion(row, seen)) return false;
    await db.annotations.put({ ...row, revision: Math.max(row.revision, revision), base: { revision, at: new Date().toISOString() } });
    return true;
  });
}

/** Marks rows as synchronised with the file at the given revisions. */
export async function markSynced(rows: { key: AnnotationKey; revision: number }[], db: AnnotationDb = annotationDb()): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction('rw', db.annotations, async () => {
    for (const { key, revision } of rows) {
      const current = await getAnnotation(key, db);
      if (!current) continue;
      await db.annotations.put({ ...current, revision: Math.max(current.revision, revision), base: { revision, at } });
    }
  });
}

export async function getFileSync(dataset: string, annotator: string, db: AnnotationDb = annotationDb()): Promise<FileSyncRecord | undefined> {
  return db.fileSync.get([dataset, annotator]);
}

export async function putFileSync(record: FileSyncRecord, db: AnnotationDb = annotationDb()): Promise<void> {
  await db.fileSync.put(record);
}

export async function rememberAnnotator(name: string, db: AnnotationDb = annotationDb()): Promise<void> {
  const now = new Date().toISOString();
  const existing = await db.annotators.get(name);
  await db.annotators.put({ name, created_at: existing?.created_at ?? now, last_used_at: now });
}

export async function knownAnnotators(db: AnnotationDb = annotationDb()): Promise<string[]> {
  return (await db.annotators.orderBy('last_used_at').reverse().toArray()).map((row) => row.name);
}
