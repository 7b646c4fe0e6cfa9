// A branch switch, a checkout of an old commit or a removed file takes the annotator's whole file
// (or most of it) away at once. Writing those tasks back by itself left a new untracked file that
// then blocked the switch back ("untracked working tree files would be overwritten"): such a loss
// is held in the browser until the annotator says (writeThrough.ts). A task or two gone while the
// rest stays (a reset of one line) is still written back at once.
import { recordToAnnotation } from '../../db/annotationFile';
import type { Annotation } from '../../../../shared/format/types';
import type { AnnotationRecord } from '../../db/schema';

/**
 * The tasks the file held as last read (`before`) and holds no line of now, when that is the whole
 * file (it is gone, `exists` false, or none is left) or most of it; otherwise null.
 */
export function vanishedAtOnce(before: ReadonlyMap<string, unknown>, now: ReadonlyMap<string, unknown>, exists: boolean): string[] | null {
  const gone = [...before.keys()].filter((task) => !now.has(task));
  if (gone.length === 0) return null;
  return !exists || gone.length * 2 > before.size ? gone : null;
}

/**
 * The file as this browser last had it, from its rows: each task synchronised with the file, as
 * its line was then. A page opened anew (a reload) has no read of the file before its first; a
 * file gone meanwhile is held on this as it is on a read (the header said "Saved" for it).
 */
export function fileAsRowsLastHadIt(rows: readonly AnnotationRecord[]): Map<string, Annotation> {
  const lines = new Map<string, Annotation>();
  for (const row of rows) if (row.base !== null) lines.set(row.task, { ...recordToAnnotation(row), revision: row.base.revision });
  return lines;
}
