// Blind annotation on a team host: which tasks an annotator has submitted (their own file, SPEC §5:
// the line with the highest revision of a task wins, on a tie the later one), and another
// annotator's file cut down to the lines of those tasks.
import { parseJsonlLine } from '../../../shared/format/loader';
import { annotationSchema } from '../../../shared/format/schemas';
import { fastAnnotation } from '../../../shared/format/task-fast';

interface LineHead {
  task_id?: unknown;
}

function parseLine(raw: string): LineHead | null {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LineHead) : null;
  } catch {
    return null;
  }
}

/**
 * Only lines the studio reads as annotations count: `{"task_id": T, "status": "submitted"}`, which
 * the studio passes over, showed the annotator everyone's work and left no submitted line behind.
 */
export function submittedTasks(ownText: string): Set<string> {
  const winning = new Map<string, { revision: number; submitted: boolean }>();
  ownText.split('\n').forEach((raw, index) => {
    // Read as the loader reads an annotator's line: the fast check, else the schema.
    const parsed = parseJsonlLine(raw, index + 1, annotationSchema, fastAnnotation);
    if (!parsed?.ok) return;
    const { task_id, revision, status } = parsed.value;
    const held = winning.get(task_id);
    if (!held || revision >= held.revision) winning.set(task_id, { revision, submitted: status === 'submitted' });
  });
  return new Set([...winning].filter(([, line]) => line.submitted).map(([task]) => task));
}

/** The lines of `text` whose task is in `tasks`; lines that name no task are left out too. */
export function filterToTasks(text: string, tasks: ReadonlySet<string>): string {
  const kept = text.split('\n').filter((raw) => {
    const line = raw.trim() ? parseLine(raw) : null;
    return line !== null && typeof line.task_id === 'string' && tasks.has(line.task_id);
  });
  return kept.length > 0 ? `${kept.join('\n')}\n` : '';
}
