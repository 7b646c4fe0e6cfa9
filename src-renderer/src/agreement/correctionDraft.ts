// A ground-truth correction in progress (GroundTruthEditor: a task with ground truth but not two
// annotations), kept as it is typed: in this browser at once, and in the dataset within about a
// second, in the adjudicator's file of drafts (adjudication/<adjudicator>.jsonl, draftFile.ts) as
// the task's line {"task_id", "correction": {"text", "note", "truth"}, "adjudicator", "updated_at"}.
// `truth` is the ground-truth line the edit began from, so a reopened edit still writes only over
// that line. Of the browser's copy and the file's, the later wins; the line goes when the
// correction is written or cancelled. Two browsers editing one task's correction at once: the
// later write wins (Write itself still refuses a ground truth changed since the edit began).
import { isJsonObject } from '../../../shared/format/own-data';
import { safeJsonParse } from '../../../shared/format/safe-json';
import { readBrowserJson, writeBrowserJson } from '../state/tabStorage';
import { changeTime, newerThan } from './adjudicationDrafts';
import { insertInTaskOrder, joinLines, taskLines } from './taskOrderedLines';

export interface Correction {
  /** The calls as typed (JSON text, perhaps not valid yet). */
  text: string;
  note: string;
  /** The ground-truth line (JSON) the edit began from. */
  truth: string;
  /** ISO-8601. */
  updatedAt: string;
}

/** A line's correction and its task, or null when the line is none (an adjudication draft, or unreadable). */
export function readCorrectionLine(raw: string): { taskId: string; correction: Correction } | null {
  const parsed = safeJsonParse(raw);
  return parsed.ok ? correctionOfLine(parsed.value) : null;
}

/** readCorrectionLine of a line already parsed. */
export function correctionOfLine(line: unknown): { taskId: string; correction: Correction } | null {
  if (!isJsonObject(line)) return null;
  const { task_id, correction, updated_at } = line;
  if (typeof task_id !== 'string' || !isJsonObject(correction) || typeof updated_at !== 'string' || Number.isNaN(Date.parse(updated_at))) return null;
  const { text, note, truth } = correction;
  if (typeof text !== 'string' || typeof note !== 'string' || typeof truth !== 'string') return null;
  return { taskId: task_id, correction: { text, note, truth, updatedAt: updated_at } };
}

/** Whether a line of the drafts' file is a correction (draftFile.ts keeps such lines as they are, and says nothing of them). */
export const isCorrectionLine = (line: Record<string, unknown>): boolean => 'correction' in line && !('annotations' in line);

export const correctionLine = (taskId: string, adjudicator: string, c: Correction): string =>
  JSON.stringify({ task_id: taskId, correction: { text: c.text, note: c.note, truth: c.truth }, adjudicator, updated_at: c.updatedAt });

/** The task's correction in the file's text (the latest of its lines), or null. */
export function correctionIn(text: string | null, taskId: string): Correction | null {
  let found: Correction | null = null;
  for (const raw of (text ?? '').split('\n')) {
    if (!raw.includes('"correction"')) continue;
    const read = readCorrectionLine(raw);
    if (read?.taskId === taskId && (found === null || !newerThan(found.updatedAt, read.correction.updatedAt))) found = read.correction;
  }
  return found;
}

/** The file's text with the task's correction set (null: removed): its line replaced where it is, or put in task order; other lines kept byte for byte (taskOrderedLines.ts). */
export function withCorrection(text: string | null, adjudicator: string, taskId: string, c: Correction | null): string {
  let placed = false;
  const lines = taskLines(text, (body) => {
    const parsed = safeJsonParse(body);
    return parsed.ok && isJsonObject(parsed.value) && typeof parsed.value.task_id === 'string' ? parsed.value.task_id : null;
  }).flatMap((line) => {
    if (line.task !== taskId || readCorrectionLine(line.body) === null) return [line];
    if (!c || placed) return [];
    placed = true;
    return [{ ...line, body: correctionLine(taskId, adjudicator, c) }];
  });
  if (c && !placed) insertInTaskOrder(lines, correctionLine(taskId, adjudicator, c), taskId);
  return joinLines(lines);
}

const browserKey = (datasetId: string, taskId: string) => `egobench-studio.ground-truth-correction\u0000${JSON.stringify([datasetId, taskId])}`;

/**
 * This browser's copy of a task's correction (whoever's name it was typed under), or when this
 * browser last cancelled or wrote it (a copy in a file from before then is over).
 */
export function browserCorrection(datasetId: string, taskId: string): { correction: Correction | null; removedAt?: string } {
  const stored = readBrowserJson(browserKey(datasetId, taskId));
  if (!isJsonObject(stored)) return { correction: null };
  if (typeof stored.removedAt === 'string') return { correction: null, removedAt: stored.removedAt };
  const { text, note, truth, updatedAt } = stored;
  return { correction: typeof text === 'string' && typeof note === 'string' && typeof truth === 'string' && typeof updatedAt === 'string' ? { text, note, truth, updatedAt } : null };
}

/** Keeps this browser's copy, or (null) when it was cancelled or written. */
export const keepInBrowser = (datasetId: string, taskId: string, c: Correction | null): void => writeBrowserJson(browserKey(datasetId, taskId), c ?? { removedAt: changeTime() });

/** Of two copies, the later one (a copy with an equal time: the first). */
export const laterCorrection = (a: Correction | null, b: Correction | null): Correction | null => (a === null ? b : b === null || !newerThan(b.updatedAt, a.updatedAt) ? a : b);
