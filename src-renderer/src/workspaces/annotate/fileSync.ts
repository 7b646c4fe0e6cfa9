// Export to and import from annotations/<annotator>.jsonl through window.studio. Write-through
// (writeThrough.ts) already sends every saved edit; Export appends what is left (rows edited
// before write-through existed, a file replaced meanwhile), Import takes a file from elsewhere.
// The file is read with its hash right before writing and the append is conditional on it;
// whatever changed there since our last read is either merged (lines are only ever appended) or
// shown as a conflict to resolve.
import type { Annotation } from '../../../../shared/format/types';
import { resolveFps } from '../../../../shared/frames/frames';
import { studioApi } from '../../api/studio';
import {
  annotationFilePath,
  appendLines,
  hashText,
  parseAnnotationFile,
  planExport,
  planImport,
  type SyncConflict,
} from '../../db/annotationFile';
import { annotationDb } from '../../db/annotationDb';
import { listAnnotations, markSynced, putFileSync, takeFromFile } from '../../db/annotationRepo';
import type { AnnotationRecord } from '../../db/schema';
import { useAnnotateStore } from './annotateStore';
import { requestDrain } from './writeThrough';

export interface SyncReport {
  written: number;
  taken: number;
  conflicts: SyncConflict[];
  problems: string[];
}

function readDisk(datasetId: string, path: string): Promise<{ text: string | null; hash: string | null }> {
  return studioApi().datasets.readVersioned(datasetId, path);
}

function fpsOf(taskId: string): number {
  return resolveFps(useAnnotateStore.getState().dataset?.tasks.get(taskId)?.fps);
}

async function take(datasetId: string, lines: Annotation[]): Promise<void> {
  for (const line of lines) await takeFromFile(datasetId, line, fpsOf(line.task_id));
}

/** Export; `resolved` carries the user's choice for each conflicting task ('mine' | 'theirs'). */
export async function exportAnnotations(datasetId: string, annotator: string, resolved: Record<string, 'mine' | 'theirs'> = {}): Promise<SyncReport> {
  await useAnnotateStore.getState().flush();
  await requestDrain();
  const path = annotationFilePath(annotator);
  const { text: diskText, hash } = await readDisk(datasetId, path);
  const disk = parseAnnotationFile(diskText ?? '');
  const records = (await listAnnotations(datasetId, annotator)).filter((record) => record.revision > 0);
  const plan = planExport(records, disk.latest);
  const open = plan.conflicts.filter((conflict) => !resolved[conflict.task]);
  if (open.length > 0) return { written: 0, taken: 0, conflicts: open, problems: disk.problems.map((p) => `line ${p.line}: ${p.message}`) };
  const write: AnnotationRecord[] = [...plan.write];
  const adopt = [...plan.adopt];
  for (const conflict of plan.conflicts) {
    if (resolved[conflict.task] === 'mine') write.push({ ...conflict.mine, revision: Math.max(conflict.mine.revision, conflict.theirs.revision + 1) });
    else adopt.push(conflict.theirs);
  }
  const text = appendLines(diskText, write);
  // Refused ('conflict') when the file changed after the read above: nothing is written, the user exports again.
  if (write.length > 0) await studioApi().datasets.appendIfUnchanged(datasetId, path, appendLines('', write), hash);
  await take(datasetId, adopt);
  await markSynced(write.map((row) => ({ key: row, revision: row.revision })));
  await putFileSync({ dataset: datasetId, annotator, path, hash: hashText(text), at: new Date().toISOString() }, annotationDb());
  return { written: write.length, taken: adopt.length, conflicts: [], problems: disk.problems.map((p) => `line ${p.line}: ${p.message}`) };
}

export async function importAnnotations(datasetId: string, annotator: string, resolved: Record<string, 'mine' | 'theirs'> = {}): Promise<SyncReport> {
  await useAnnotateStore.getState().flush();
  const path = annotationFilePath(annotator);
  const { text: diskText } = await readDisk(datasetId, path);
  if (diskText === null) return { written: 0, taken: 0, conflicts: [], problems: [`${path} does not exist`] };
  const disk = parseAnnotationFile(diskText);
  const records = await listAnnotations(datasetId, annotator);
  const plan = planImport(records, disk.latest);
  const open = plan.conflicts.filter((conflict) => !resolved[conflict.task]);
  if (open.length > 0) return { written: 0, taken: 0, conflicts: open, problems: [] };
  const takeLines = [...plan.take];
  const rebase = [...plan.rebase];
  for (const conflict of plan.conflicts) {
    if (resolved[conflict.task] === 'theirs') takeLines.push(conflict.theirs);
    // Mine: keep the row, based on their line, so the next export writes it above theirs.
    else rebase.push({ record: { ...conflict.mine, revision: Math.max(conflict.mine.revision, conflict.theirs.revision + 1) }, revision: conflict.theirs.revision });
  }
  await take(datasetId, takeLines);
  const db = annotationDb();
  await db.transaction('rw', db.annotations, async () => {
    for (const { record, revision } of rebase) {
      await db.annotations.put({ ...record, base: { revision, at: new Date().toISOString() } });
    }
  });
  await putFileSync({ dataset: datasetId, annotator, path, hash: hashText(diskText), at: new Date().toISOString() }, db);
  return { written: 0, taken: takeLines.length, conflicts: [], problems: disk.problems.map((p) => `line ${p.line}: ${p.message}`) };
}
