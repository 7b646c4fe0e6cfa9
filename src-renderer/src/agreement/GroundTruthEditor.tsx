// Correcting a ground truth that has no two annotations to adjudicate (an imported release's, a
// line written by hand; the audit lists those whose calls fail): its calls as JSON text, run on
// the seed as they are typed (GroundTruthAlone shows what they give), written as the task's line
// of ground_truth.jsonl with the adjudicator and a note. The write must still find the line the
// edit began from: a line changed meanwhile (another adjudicator, the file edited) is refused.
// What is typed is kept as it changes (GroundTruthAlone, useCorrectionKeeper): this editor says where.
import { useEffect, useId, useRef, useState } from 'react';
import type { GroundTruth, Problem, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { parseJsonFile } from '../../../shared/format/json-file';
import { markWholeReals, stringifyKeepingWholeReals } from '../../../shared/format/whole-reals';
import { studioApi } from '../api/studio';
import { GROUND_TRUTH_PATH, useAgreementData } from './agreementData';
import { writeGroundTruthLines } from './groundTruthWrite';
import { callProblems, isToolCall } from './mergeCalls';
import { groundTruthLine } from './model';
import type { CorrectionKept } from './useCorrectionKeeper';

/** The calls a text holds, or why it holds none (with the line of a JSON error). */
export function parseCallsText(text: string): { calls: ToolCall[] } | { error: string } {
  const problems: Problem[] = [];
  const parsed = parseJsonFile('calls', text, problems);
  if (!parsed) return { error: `line ${problems[0]?.line ?? 1}: ${problems[0]?.message ?? 'invalid JSON'}` };
  if (!Array.isArray(parsed.value)) return { error: 'the calls are a JSON array of {"tool_name", "parameters"} objects' };
  markWholeReals(text, parsed.value); // a `1.0` typed stays a float, as the line's own did
  const bad = parsed.value.findIndex((call) => !isToolCall(call));
  if (bad >= 0) return { error: `call ${bad + 1} is not a {"tool_name": string, "parameters": object} object` };
  return { calls: parsed.value as ToolCall[] };
}

export const callsText = (calls: readonly ToolCall[]): string => `[\n${calls.map((call) => `  ${stringifyKeepingWholeReals(call, { deep: true })}`).join(',\n')}\n]\n`;

/** The line to write: the one the edit began from, its calls and note replaced, who corrected it set (its other fields kept). */
export function correctedLine(base: GroundTruth, calls: ToolCall[], adjudicator: string, note: string): GroundTruth {
  const line = groundTruthLine({ taskId: base.task_id, calls, visualRefs: base.visual_refs, agree: false, callsA: [], adjudicator, note });
  const merged: GroundTruth = { ...base, calls: line.calls, source: line.source, adjudicator: line.adjudicator };
  if (line.note) merged.note = line.note;
  else delete merged.note;
  return merged;
}

interface Props {
  datasetId: string;
  /** The line as it was when Edit began: what the write must still find in the file. */
  base: GroundTruth;
  /** The line as the dataset holds it now. */
  current: GroundTruth;
  library: ToolLibrary | undefined;
  adjudicator: string;
  text: string;
  onText(text: string): void;
  note: string;
  onNote(note: string): void;
  /** Where the edit in progress is kept (useCorrectionKeeper). */
  kept: CorrectionKept | null;
  /** Leaves the editor, with what to say (written) or nothing (cancelled). */
  onClose(message: string | null): void;
}

export function GroundTruthEditor({ datasetId, base, current, library, adjudicator, text, onText, note, onNote, kept, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  useEffect(() => area.current?.focus(), []);
  const parsed = parseCallsText(text);
  const warnings = 'calls' in parsed && library ? callProblems(parsed.calls, library) : [];
  const changed = 'calls' in parsed && (JSON.stringify(parsed.calls) !== JSON.stringify(base.calls) || note.trim() !== (base.note ?? '').trim());
  // Escape leaves only an edit that holds nothing new, read on the raw text (a text that does not parse holds work too).
  const dirty = text !== callsText(base.calls) || note !== (base.note ?? '');
  // Not while this editor writes: its own line reaches the store before the write returns.
  const moved = !writing && JSON.stringify(current) !== JSON.stringify(base);
  const write = async () => {
    if (!('calls' in parsed)) return;
    setWriting(true);
    setError(null);
    try {
      await writeGroundTruthLines(studioApi(), datasetId, [correctedLine(base, parsed.calls, adjudicator, note)], new Map([[base.task_id, base]]));
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
      onClose(`Written to ${GROUND_TRUTH_PATH}: the ground truth of ${base.task_id} corrected.`);
    } catch (failure) {
      setError(`Cannot write ${GROUND_TRUTH_PATH}: ${(failure as Error).message}`);
    } finally {
      setWriting(false);
    }
  };
  return (
    <div className="ground-truth-editor" data-testid="ground-truth-editor">
      {moved ? (
        <div className="agreement-error" role="alert" data-testid="ground-truth-moved">
          The ground truth changed since Edit began{current.adjudicator ? ` (now ${current.adjudicator}'s)` : ''}: writing would undo it. Cancel, then Edit again from it.
        </div>
      ) : null}
      <textarea
        ref={area}
        aria-label="Ground-truth calls (JSON)"
        aria-describedby={'error' in parsed ? errorId : undefined}
        className="mono"
        rows={Math.min(16, text.split('\n').length + 1)}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && !dirty && onClose(null)}
        spellCheck={false}
        data-testid="ground-truth-text"
      />
      {'error' in parsed ? (
        <div className="error-text" id={errorId} role="alert" data-testid="ground-truth-parse-error">
          {parsed.error} (the run shows the last calls that parsed)
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <ul className="error-text">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <label>
        Note <textarea value={note} rows={2} onChange={(e) => onNote(e.target.value)} placeholder="What was wrong" data-testid="ground-truth-note" />
      </label>
      <div className="suspect-actions">
        <button type="button" disabled={writing || !changed || moved || !adjudicator.trim()} onClick={() => void write()} data-testid="ground-truth-write">
          Write the ground truth
        </button>
        <button type="button" onClick={() => onClose(null)} data-testid="ground-truth-cancel">
          Cancel
        </button>
        {!adjudicator.trim() ? <span className="muted">Give the adjudicator&apos;s name above first.</span> : null}
        {kept ? (
          <span className={kept.kind === 'failing' ? 'error-text' : 'muted'} data-testid="ground-truth-kept" data-kind={kept.kind}>
            {kept.text}
          </span>
        ) : null}
      </div>
      {error ? (
        <div className="agreement-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
