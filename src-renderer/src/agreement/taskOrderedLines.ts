// The adjudicator's drafts file (draftFile.ts, correctionDraft.ts) is kept in task order, and teams
// keep it in git: a change replaces its line where it is, a new line goes to its task's place, and
// every other line (blank ones, unreadable ones, line endings) stays byte for byte, so a diff shows
// the lines changed and nothing else. It was sorted and rewritten whole on every write.
import { compareCodePoints } from '../../../shared/format/codepoint';
import { linesWithEndings, type Line } from '../../../shared/format/keyed-lines';

/** A line of the file and the task it is of (null: none, as a blank or unreadable line). */
export interface TaskLine extends Line {
  task: string | null;
}

export function taskLines(text: string | null, taskOf: (body: string) => string | null): TaskLine[] {
  return linesWithEndings(text ?? '').map((line) => ({ ...line, task: line.body.trim() === '' ? null : taskOf(line.body) }));
}

/** Puts `body` before the first line of a later task (else at the end), with the file's line ending. */
export function insertInTaskOrder(lines: TaskLine[], body: string, task: string): void {
  const eol = lines[0]?.end || '\n';
  const at = lines.findIndex((line) => line.task !== null && compareCodePoints(line.task, task) > 0);
  if (at !== -1) {
    lines.splice(at, 0, { body, end: eol, task });
    return;
  }
  const last = lines.length - 1;
  if (last >= 0 && lines[last].end === '') lines[last] = { ...lines[last], end: eol };
  lines.push({ body, end: eol, task });
}

export const joinLines = (lines: readonly Line[]): string => lines.map((line) => line.body + line.end).join('');
