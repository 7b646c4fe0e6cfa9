// Git's conflict blocks in an annotator's file (`<<<<<<< HEAD`, ours, `=======`, theirs,
// `>>>>>>> other`; diff3's `||||||| base` part ignored): the marker lines are no JSON, so every
// reader skips them and takes the later of two lines of one revision, which would settle a
// two-sided change without a word. Write-through asks instead (writeThrough.ts).
import { mergeMarkerOf } from '../../../shared/format/merge-conflict';
import type { Annotation } from '../../../shared/format/types';
import { contentKey, isAnnotationLine, lineOfTask } from './annotationFile';

/** A task whose winning line is in a conflict block that holds another version of it on the other side. */
export interface MarkedTask {
  ours: Annotation;
  theirs: Annotation;
}

type Side = 'ours' | 'base' | 'theirs';

/** The side of a conflict block a marker line opens (null: no marker, or the block's end): shared/format's markers. */
function markerOf(raw: string): Side | 'end' | null {
  const marker = mergeMarkerOf(raw);
  return marker === null ? null : marker === 'begin' ? 'ours' : marker === 'between' ? 'theirs' : marker;
}

/**
 * Tasks of the file's conflict blocks that need the annotator's choice: the task has an annotation
 * line on both sides of a block, the two differ (calls, references, status: the best line of each
 * side), and the task's winning line (highest revision, later on a tie) is one of them. A line
 * after the block that wins (the choice written) settles it. Empty when the file has no marker.
 */
export function markedTasks(text: string): Map<string, MarkedTask> {
  const marked = new Map<string, MarkedTask>();
  if (!/^<{7}/m.test(text)) return marked;
  interface Placed { line: Annotation; block: number; side: Side | null }
  const byTask = new Map<string, Placed[]>();
  let side: Side | null = null;
  let block = -1;
  for (const raw of text.split(/\r?\n/)) {
    const marker = markerOf(raw);
    if (marker === 'end') side = null;
    else if (marker !== null) {
      if (marker === 'ours') block += 1;
      side = marker;
    }
    const line = marker === null ? lineOfTask(raw) : null;
    if (!line || !isAnnotationLine(line)) continue;
    const placed = { line, block: side === null ? -1 : block, side };
    const lines = byTask.get(line.task_id);
    if (lines) lines.push(placed);
    else byTask.set(line.task_id, [placed]);
  }
  // The best of some lines (in file order): the highest revision, the later on a tie.
  const best = (lines: Placed[]) => lines.reduce<Placed | undefined>((top, placed) => (!top || placed.line.revision >= top.line.revision ? placed : top), undefined);
  for (const [task, lines] of byTask) {
    const winner = best(lines)!;
    if (winner.side !== 'ours' && winner.side !== 'theirs') continue;
    const ours = best(lines.filter((placed) => placed.block === winner.block && placed.side === 'ours'));
    const theirs = best(lines.filter((placed) => placed.block === winner.block && placed.side === 'theirs'));
    if (ours && theirs && contentKey(ours.line) !== contentKey(theirs.line)) marked.set(task, { ours: ours.line, theirs: theirs.line });
  }
  return marked;
}
