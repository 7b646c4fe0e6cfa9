// Correcting a ground truth that has no two annotations to adjudicate (an imported release's, a
// line written by hand; the audit lists those whose calls fail): its calls as JSON text, run on
// the seed as they are typed (GroundTruthAlone shows what they give), written as the task's line
// of ground_truth.jsonl with the adjudicator and a note, refused if the line changed meanwhile.
import { useState } from 'react';
import type { GroundTruth, Problem, ToolCall, ToolLibrary } from '../../../shared/format/types';
import { parseJsonFile } from '../../../shared/format/json-file';
import { studioApi } from '../api/studio';
import { GROUND_TRUTH_PATH, useAgreementData } from './agreementData';
import { writeGroundTruthLines } from './groundTruthWrite';
import { callProblems, isToolCall } from './mergeCalls';
import { groundTruthLine } from './model';

/** The calls a text holds, or why it holds none (with the line of a JSON error). */
export function parseCallsText(text: string): { calls: ToolCall[] } | { error: string } {
  const problems: Problem[] = [];
  const parsed = parseJsonFile('calls', text, problems);
  if (!parsed) return { error: `line ${problems[0]?.line ?? 1}: ${problems[0]?.message ?? 'invalid JSON'}` };
  if (!Array.isArray(parsed.value)) return { error: 'the calls are a JSON array of {"tool_name", "parameters"} objects' };
  const bad = parsed.value.findIndex((call) => !isToolCall(call));
  if (bad >= 0) return { error: `call ${bad + 1} is not a {"tool_name": string, "parameters": object} object` };
  return { calls: parsed.value as ToolCall[] };
}

export const callsText = (calls: readonly ToolCall[]): string => `[\n${calls.map((call) => `  ${JSON.stringify(call)}`).join(',\n')}\n]\n`;

interface Props {
  datasetId: string;
  truth: GroundTruth;
  library: ToolLibrary | undefined;
  adjudicator: string;
  text: string;
  onText(text: string): void;
  onDone(message: string): void;
}

export function GroundTruthEditor({ datasetId, truth, library, adjudicator, text, onText, onDone }: Props) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const parsed = parseCallsText(text);
  const warnings = 'calls' in parsed && library ? callProblems(parsed.calls, library) : [];
  const unchanged = 'calls' in parsed && JSON.stringify(parsed.calls) === JSON.stringify(truth.calls);
  const write = async () => {
    if (!('calls' in parsed)) return;
    setWriting(true);
    setError(null);
    try {
      const line = groundTruthLine({ taskId: truth.task_id, calls: parsed.calls, visualRefs: truth.visual_refs, agree: false, callsA: [], adjudicator, note: note.trim() || 'Corrected in Adjudicate' });
      await writeGroundTruthLines(studioApi(), datasetId, [line], new Map([[truth.task_id, truth]]));
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
      onDone(`Written to ${GROUND_TRUTH_PATH}: the ground truth of ${truth.task_id} corrected.`);
    } catch (failure) {
      setError(`Cannot write ${GROUND_TRUTH_PATH}: ${(failure as Error).message}`);
    } finally {
      setWriting(false);
    }
  };
  return (
    <div className="ground-truth-editor" data-testid="ground-truth-editor">
      <textarea aria-label="Ground-truth calls (JSON)" className="mono" rows={Math.min(16, text.split('\n').length + 1)} value={text} onChange={(e) => onText(e.target.value)} spellCheck={false} data-testid="ground-truth-text" />
      {'error' in parsed ? <div className="error-text" data-testid="ground-truth-parse-error">{parsed.error}</div> : null}
      {warnings.length > 0 ? (
        <ul className="error-text">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <label>
        Note <textarea value={note} rows={2} onChange={(e) => setNote(e.target.value)} placeholder="What was wrong" data-testid="ground-truth-note" />
      </label>
      <button type="button" disabled={writing || !('calls' in parsed) || unchanged || !adjudicator.trim()} onClick={() => void write()} data-testid="ground-truth-write">
        Write the ground truth
      </button>{' '}
      {!adjudicator.trim() ? <span className="muted">Give the adjudicator&apos;s name above first.</span> : null}
      {error ? <div className="agreement-error">{error}</div> : null}
    </div>
  );
}
