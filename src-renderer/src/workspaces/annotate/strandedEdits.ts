// Edits the browser refused to store (IndexedDB failed: a full disk, a newer studio's database in
// another tab). The one on screen stays there as "Not saved!"; one the view left (the annotator or
// dataset changed) is held by the store, shown in the bar and tried again on every flush. Both are
// also written to localStorage, a second store beside IndexedDB, so that a reload or a closed tab
// does not take them: the next page holds them again. Tabs share that list; each changes only the
// entries of rows it edits.
import type { AnnotationEdit, AnnotationKey } from '../../db/annotationRepo';
import type { AnnotationRecord } from '../../db/schema';

const STORAGE_KEY = 'egobench-studio.unsaved-edits';

/**
 * An edit the browser refused to store. `moved`: its row changed in this browser since the edit was
 * made (another tab, a line from the file), so it is not saved over it: it stays to be copied or discarded.
 */
export type HeldEdit = AnnotationRecord & {
  moved?: true;
  /**
   * Written down while this page was still saving an earlier edit of the row (a reload right after
   * typing): that edit's content. The stored row holding it one revision on is the page's own save,
   * not someone else's change, and the held edit goes on top of it.
   */
  savingEdit?: AnnotationEdit;
};

export function sameRow(a: AnnotationKey, b: AnnotationKey): boolean {
  return a.dataset === b.dataset && a.task === b.task && a.annotator === b.annotator;
}

/** The list with `record` in place of any earlier edit of its row: an edit holds the whole row, so the newer one is all that is needed. */
export function withStranded(list: readonly HeldEdit[], record: HeldEdit): HeldEdit[] {
  return [...list.filter((held) => !sameRow(held, record)), record];
}

/** What a save of the row writes (the rest of the row is the stored one's). */
export function editOf(record: AnnotationRecord): AnnotationEdit {
  return { calls: record.calls, visual_refs: record.visual_refs, status: record.status, editor_text: record.editor_text };
}

/** The held edits as text for the clipboard, so that a person can keep them whatever the browser does. */
export function strandedText(list: readonly HeldEdit[]): string {
  return JSON.stringify(
    list.map(({ dataset, annotator, task, calls, visual_refs, status, editor_text }) => ({ dataset, annotator, task, status, calls, visual_refs, editor_text })),
    null,
    2,
  );
}

const isEdit = (value: unknown): value is HeldEdit => {
  const row = value as Partial<AnnotationRecord> | null;
  return typeof row === 'object' && row !== null && typeof row.dataset === 'string' && typeof row.task === 'string' && typeof row.annotator === 'string' && Array.isArray(row.calls) && typeof row.revision === 'number';
};

const pageStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The unsaved edits this browser's pages wrote down (none when localStorage cannot be read). */
export function writtenDown(storage = pageStorage()): HeldEdit[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEdit) : [];
  } catch {
    return [];
  }
}

function rewrite(list: readonly HeldEdit[], storage: Storage | undefined): void {
  try {
    if (list.length === 0) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // localStorage refuses too: the edit is still held in memory and shown.
  }
}

/**
 * The edits, of those the browser refused to store, that are not written down as they are now
 * (localStorage refused them too, or the person typed since): only this page holds them.
 */
export function onlyInMemory(held: readonly AnnotationRecord[], storage = pageStorage()): AnnotationRecord[] {
  if (held.length === 0) return [];
  const written = writtenDown(storage);
  const text = (edit: AnnotationRecord) => JSON.stringify(editOf(edit));
  return held.filter((edit) => !written.some((entry) => sameRow(entry, edit) && text(entry) === text(edit)));
}

/** Writes down an edit the browser refused to store, in place of its row's earlier one. */
export function writeDown(record: HeldEdit, storage = pageStorage()): void {
  rewrite(withStranded(writtenDown(storage), record), storage);
}

/** An edit of the row is stored now (the newest this page has): the row's entry goes. */
export function crossOut(row: AnnotationKey, storage = pageStorage()): void {
  const list = writtenDown(storage);
  const kept = list.filter((held) => !sameRow(held, row));
  if (kept.length !== list.length) rewrite(kept, storage);
}
