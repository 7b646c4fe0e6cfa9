// Edits the Annotate view left before the browser would store them: IndexedDB refused the write
// (a full disk, a newer studio's database in another tab) and the annotator or dataset changed
// meanwhile, so no screen holds them any more. The store keeps them in memory, the sync bar shows
// them, and every flush tries them again: a switch never drops one.
import type { AnnotationEdit, AnnotationKey } from '../../db/annotationRepo';
import type { AnnotationRecord } from '../../db/schema';

export function sameRow(a: AnnotationKey, b: AnnotationKey): boolean {
  return a.dataset === b.dataset && a.task === b.task && a.annotator === b.annotator;
}

/** The list with `record` in place of any earlier edit of its row: an edit holds the whole row, so the newer one is all that is needed. */
export function withStranded(list: readonly AnnotationRecord[], record: AnnotationRecord): AnnotationRecord[] {
  return [...list.filter((held) => !sameRow(held, record)), record];
}

/** What a save of the row writes (the rest of the row is the stored one's). */
export function editOf(record: AnnotationRecord): AnnotationEdit {
  return { calls: record.calls, visual_refs: record.visual_refs, status: record.status, editor_text: record.editor_text };
}

/** The held edits as text for the clipboard, so that a person can keep them whatever the browser does. */
export function strandedText(list: readonly AnnotationRecord[]): string {
  return JSON.stringify(
    list.map(({ dataset, annotator, task, calls, visual_refs, status, editor_text }) => ({ dataset, annotator, task, status, calls, visual_refs, editor_text })),
    null,
    2,
  );
}
