// Export to and import from annotations/<annotator>.jsonl through window.studio. Write-through
// (writeThrough.ts) already sends every saved edit; Export appends what is left (rows edited
// before write-through existed, a file replaced meanwhile), Import takes a file from elsewhere.
// The file is read with its hash right before writing and the append is conditional on it;
// whatever changed there since our last read is either merged (lines are only ever appended) or
// shown as a conflict to resolve.
import type { Annotation } from '../../../../shared/format/types';
import { markNotUtf8Lines } from '../../../../shared/format/jsonl';
import { resolveFps } from '../../../../shared/frames/frames';
import { studioApi } from '../../api/studio';
import {
  annotationFilePath,
  appendLines,
  hashText,
  parseAnnotationFile,
  pickFor,
  planExport,
  planImport,
  type ConflictPicks,
  type SyncConflict,
} from '../../db/annotationFile';
import { annotationDb } from '../../db/annotationDb';
import { markedTasks, type MarkedTask } from '../../db/conflictMarks';
import { listAnnotations, markSynced, putFileSync, rebaseIfUnchanged } from '../../db/annotationRepo';
import { takeLinesIfUnchanged } from '../../db/outbox';
import type { AnnotationRecord } from '../../db/schema';
import { editsNotStored, useAnnotateStore } from './annotateStore';
import { requestDrain, resolveConflicts } from './writeThrough';

export interface SyncReport {
  written: number;
  taken: number;
  /** Conflicts resolved as mine whose line is queued above the file's, to be written through. */
  kept: number;
  conflicts: SyncConflict[];
  problems: string[];
}

/** The file's text and hash, and its lines that are not UTF-8 marked for the parse (which names them). */
async function readDisk(datasetId: string, path: string): Promise<{ text: string | null; hash: string | null; marked: string }> {
  const { text, hash, notUtf8Lines } = await studioApi().datasets.readVersioned(datasetId, path);
  return { text, hash, marked: markNotUtf8Lines(text ?? '', notUtf8Lines) };
}

function fpsOf(taskId: string): number {
  return resolveFps(useAnnotateStore.getState().dataset?.tasks.get(taskId)?.fps);
}

/** The file's lines that are no annotation, as the status line reports them. */
function problemLines(disk: ReturnType<typeof parseAnnotationFile>): string[] {
  return disk.problems.map((p) => `line ${p.line}: ${p.message}`);
}

/**
 * Tasks in a git conflict block of the file (both sides hold a version) are set aside: every reader
 * takes the block's later side, so Import took it over ours without a word. Write-through's own
 * conflict dialog asks about them; Export and Import leave them to it and say so.
 */
function setAsideMarked(disk: ReturnType<typeof parseAnnotationFile>, marked: string): { latest: Map<string, Annotation>; marks: Map<string, MarkedTask>; problems: string[] } {
  const marks = markedTasks(marked);
  const latest = new Map([...disk.latest].filter(([task]) => !marks.has(task)));
  const problems = [...marks.keys()].map((task) => `${task}: in a git conflict block of the file, left for you to pick a version in the bar's conflict dialog`);
  return { latest, marks, problems };
}

/**
 * The file's lines become the rows that were read as `seen` (none: a task new here), each only
 * while its row is still as read: an edit saved meanwhile is not overwritten, it goes out itself.
 * Returns how many were taken.
 */
async function takeUnchanged(datasetId: string, annotator: string, lines: Annotation[], seen: AnnotationRecord[]): Promise<number> {
  const rows = new Map(seen.map((record) => [record.task, record]));
  const takes = lines.map((line) => ({ seen: rows.get(line.task_id), line, fps: fpsOf(line.task_id), keepText: false }));
  return (await takeLinesIfUnchanged(datasetId, annotator, takes)).length;
}

/** Export and Import cannot see the edits the browser refused to store: one problem each. */
function unstoredProblems(datasetId: string, annotator: string): string[] {
  return editsNotStored(datasetId, annotator).map((edit) => `${edit.task}: this browser refused to store the edit, so it was left out`);
}

/** Export; `resolved` carries the user's picks (a conflict whose versions moved on since its pick is asked again). */
export async function exportAnnotations(datasetId: string, annotator: string, resolved: ConflictPicks = {}): Promise<SyncReport> {
  await useAnnotateStore.getState().flush();
  await requestDrain();
  const path = annotationFilePath(annotator);
  const { text: diskText, hash, marked } = await readDisk(datasetId, path);
  const disk = parseAnnotationFile(marked);
  const aside = setAsideMarked(disk, marked);
  const records = (await listAnnotations(datasetId, annotator)).filter((record) => record.revision > 0 && !aside.marks.has(record.task));
  const plan = planExport(records, aside.latest);
  const open = plan.conflicts.filter((conflict) => !pickFor(resolved, conflict));
  if (open.length > 0) return { written: 0, taken: 0, kept: 0, conflicts: open, problems: [...aside.problems, ...problemLines(disk)] };
  const write: AnnotationRecord[] = plan.write;
  const text = appendLines(diskText, write);
  // Refused ('conflict') when the file changed after the read above: nothing is written, the user exports again.
  if (write.length > 0) await studioApi().datasets.appendIfUnchanged(datasetId, path, appendLines('', write), hash);
  const adopted = await takeUnchanged(datasetId, annotator, plan.adopt, records);
  await markSynced(write.map((row) => ({ key: row, revision: row.revision })));
  await putFileSync({ dataset: datasetId, annotator, path, hash: hashText(text), at: new Date().toISOString() }, annotationDb());
  // Conflicts are resolved as write-through resolves its own: mine queued above their line, theirs taken.
  const { kept, taken } = plan.conflicts.length > 0 ? await resolveConflicts(resolved, plan.conflicts, { datasetId, annotator }) : { kept: 0, taken: 0 };
  return { written: write.length, taken: adopted + taken, kept, conflicts: [], problems: [...unstoredProblems(datasetId, annotator), ...aside.problems, ...problemLines(disk)] };
}

export async function importAnnotations(datasetId: string, annotator: string, resolved: ConflictPicks = {}): Promise<SyncReport> {
  await useAnnotateStore.getState().flush();
  const path = annotationFilePath(annotator);
  const { text: diskText, marked } = await readDisk(datasetId, path);
  if (diskText === null) return { written: 0, taken: 0, kept: 0, conflicts: [], problems: [`${path} does not exist`] };
  const disk = parseAnnotationFile(marked);
  const aside = setAsideMarked(disk, marked);
  const records = await listAnnotations(datasetId, annotator);
  const plan = planImport(records, aside.latest);
  const open = plan.conflicts.filter((conflict) => !pickFor(resolved, conflict));
  if (open.length > 0) return { written: 0, taken: 0, kept: 0, conflicts: open, problems: [] };
  const taken = await takeUnchanged(datasetId, annotator, plan.take, records);
  // Same calls as the file's line: the row is based on it, unless it changed since it was read (an edit then goes out itself).
  for (const { record, revision } of plan.rebase) await rebaseIfUnchanged(record, revision);
  await putFileSync({ dataset: datasetId, annotator, path, hash: hashText(diskText), at: new Date().toISOString() }, annotationDb());
  const settled = plan.conflicts.length > 0 ? await resolveConflicts(resolved, plan.conflicts, { datasetId, annotator }) : { kept: 0, taken: 0 };
  return { written: 0, taken: taken + settled.taken, kept: settled.kept, conflicts: [], problems: [...unstoredProblems(datasetId, annotator), ...aside.problems, ...problemLines(disk)] };
}
