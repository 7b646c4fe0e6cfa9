// A ground-truth correction as it is being edited (useGroundTruthCorrection): the text and note,
// the line it began from and the last calls the text held; and such an edit taken up again from a
// kept correction (correctionDraft.ts).
import type { GroundTruth, ToolCall } from '../../../shared/format/types';
import { isJsonObject } from '../../../shared/format/own-data';
import { safeJsonParse } from '../../../shared/format/safe-json';
import type { Correction } from './correctionDraft';
import { parseCallsText } from './GroundTruthEditor';
import { isToolCall } from './mergeCalls';

/** The text and note being edited, the line it began from (what a write must still find), and the last calls the text held. */
export interface Editing {
  text: string;
  note: string;
  base: GroundTruth;
  calls: ToolCall[];
}

/** Editing as a kept correction was left, or null when its line is no ground-truth line of this task (a file edited by hand). */
export function editingOf(correction: Correction, taskId: string): Editing | null {
  const base = safeJsonParse(correction.truth);
  if (!base.ok || !isJsonObject(base.value)) return null;
  const truth = base.value as Partial<Record<keyof GroundTruth, unknown>>;
  const fits =
    truth.task_id === taskId &&
    Array.isArray(truth.calls) &&
    truth.calls.every(isToolCall) &&
    (truth.note === undefined || typeof truth.note === 'string') &&
    (truth.visual_refs === undefined || Array.isArray(truth.visual_refs));
  if (!fits) return null;
  const parsed = parseCallsText(correction.text);
  return { text: correction.text, note: correction.note, base: truth as GroundTruth, calls: 'calls' in parsed ? parsed.calls : (truth as GroundTruth).calls };
}
