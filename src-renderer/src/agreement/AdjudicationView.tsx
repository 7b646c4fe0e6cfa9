// Settling one task: the task's clip with both annotators' visual references, the two sequences
// side by side (a Monaco diff of the canonical JSON and the call-level alignment), per call take
// A, take B or edit, runs of A, B and the merged sequence with their state changes, the visual
// references per entity (take A, B, keep or drop), a rationale, and finalize: the task's line in
// ground_truth.jsonl (a conditional write).
import { useMemo, useState } from 'react';
import type { AlignmentRow } from '../../../shared/eval/agreement-report';
import type { JsonObject, ToolCall } from '../../../shared/format/types';
import { studioApi } from '../api/studio';
import { StateDiffTable } from '../components/StateDiffTable';
import { AdjudicationClip } from './AdjudicationClip';
import { agreementClient } from './agreementClient';
import { GROUND_TRUTH_PATH, useAgreementData } from './agreementData';
import { formatValue } from './AgreementPanel';
import { CanonicalDiff } from './CanonicalDiff';
import { writeGroundTruthLines } from './groundTruthWrite';
import { groundTruthLine, mergedReferences, referenceRows, type RefChoice } from './model';
import { ReferenceRows } from './ReferenceRows';
import type { RunOutcome } from './protocol';
import { draftKey, useAdjudicationDraft } from './useAdjudicationDraft';
import { useTaskAgreement } from './useTaskAgreement';

type Choice = 'a' | 'b' | 'edit';
interface RowChoice {
  choice: Choice;
  /** The edited call as JSON text (when choice is 'edit'). */
  text?: string;
}

const rowKey = (row: AlignmentRow) => `${row.kind}:${'a' in row ? row.a : ''}:${'b' in row ? row.b : ''}`;

function defaultChoice(row: AlignmentRow): Choice {
  return row.kind === 'onlyB' ? 'b' : 'a';
}

/** The call a row contributes to the merged sequence, or null (dropped), or an error message. */
function mergedCall(row: AlignmentRow, choice: RowChoice, a: ToolCall[], b: ToolCall[]): ToolCall | null | { error: string } {
  if (choice.choice === 'edit') {
    try {
      const value = JSON.parse(choice.text ?? '') as { tool_name?: unknown; parameters?: unknown };
      if (typeof value?.tool_name !== 'string' || typeof value.parameters !== 'object' || value.parameters === null || Array.isArray(value.parameters))
        return { error: 'expected {"tool_name": string, "parameters": object}' };
      return { tool_name: value.tool_name, parameters: value.parameters as JsonObject };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  if (choice.choice === 'a') return 'a' in row ? a[row.a] : null;
  return 'b' in row ? b[row.b] : null;
}

export interface AdjudicationViewProps {
  datasetId: string;
  taskId: string;
  pair: [string, string] | null;
  adjudicator: string;
  onFinalized?(taskId: string): void;
}

export function AdjudicationView({ datasetId, taskId, pair, adjudicator, onFinalized }: AdjudicationViewProps) {
  const state = useTaskAgreement(datasetId, taskId, pair ?? []);
  const existing = useAgreementData((s) => s.groundTruth.get(taskId) ?? null);
  const { a, b, comparison, scenarioId } = state;
  const draft = useAdjudicationDraft<RowChoice, RefChoice>(a && b && comparison ? draftKey(datasetId, taskId, a, b) : null);
  const { choices, setChoices, note, setNote, refChoices, setRefChoices } = draft;
  const [runs, setRuns] = useState<{ a: RunOutcome; b: RunOutcome; merged: RunOutcome } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);
  const rows = useMemo(() => comparison?.alignment ?? [], [comparison]);
  const callsA = useMemo(() => a?.calls ?? [], [a]);
  const callsB = useMemo(() => b?.calls ?? [], [b]);

  const merged = useMemo(() => {
    const calls: ToolCall[] = [];
    const errors: string[] = [];
    rows.forEach((row, index) => {
      const call = mergedCall(row, choices[rowKey(row)] ?? { choice: defaultChoice(row) }, callsA, callsB);
      if (call && 'error' in call) errors.push(`row ${index + 1}: ${call.error}`);
      else if (call) calls.push(call);
    });
    return { calls, errors };
  }, [rows, choices, callsA, callsB]);

  const refRows = useMemo(() => referenceRows(a?.visual_refs ?? [], b?.visual_refs ?? [], existing?.visual_refs ?? []), [a, b, existing]);

  if (!pair || !a || !b) return <p className="muted">Two annotations of this task are needed to adjudicate it.</p>;
  if (!comparison || !scenarioId)
    return state.error ? <div className="agreement-error" data-testid="adjudication-error">Cannot compare the two annotations: {state.error}</div> : <p className="muted">Comparing…</p>;

  const choose = (row: AlignmentRow, choice: Choice) => {
    const key = rowKey(row);
    setChoices((current) => {
      const previous = current[key];
      const source = previous?.choice === 'b' || (previous === undefined && defaultChoice(row) === 'b') ? 'b' : 'a';
      const base = choice === 'edit' ? (source === 'b' && 'b' in row ? callsB[row.b] : 'a' in row ? callsA[row.a] : callsB[(row as { b: number }).b]) : null;
      return { ...current, [key]: choice === 'edit' ? { choice, text: previous?.text ?? JSON.stringify(base, null, 1) } : { choice } };
    });
    setRuns(null);
  };
  const takeAll = (choice: 'a' | 'b') => {
    setChoices(Object.fromEntries(rows.map((row) => [rowKey(row), { choice }])));
    setRuns(null);
  };

  const runAll = async () => {
    setBusy('run');
    try {
      const [ra, rb, rm] = await Promise.all([
        agreementClient.run(scenarioId, callsA),
        agreementClient.run(scenarioId, callsB),
        agreementClient.run(scenarioId, merged.calls),
      ]);
      setRuns({ a: ra, b: rb, merged: rm });
    } catch (error) {
      setMessage({ text: `Run failed: ${(error as Error).message}`, kind: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const finalize = async () => {
    setBusy('finalize');
    setMessage(null);
    try {
      const line = groundTruthLine({
        taskId,
        calls: merged.calls,
        visualRefs: mergedReferences(refRows, refChoices),
        exact: comparison.exact,
        callsA,
        adjudicator,
        note,
      });
      // Only this task's line replaced, and only if it is still the one shown here.
      await writeGroundTruthLines(studioApi(), datasetId, [line], useAgreementData.getState().groundTruth);
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
      draft.drop();
      setMessage({ text: `Written to ${GROUND_TRUTH_PATH} (source ${line.source}).`, kind: 'info' });
      onFinalized?.(taskId);
    } catch (error) {
      setMessage({ text: `Cannot write ${GROUND_TRUTH_PATH}: ${(error as Error).message}`, kind: 'error' });
      await useAgreementData.getState().reload(datasetId, [GROUND_TRUTH_PATH]);
    } finally {
      setBusy(null);
    }
  };

  const names = pair;
  return (
    <div className="adjudication" data-testid="adjudication-view" data-task-id={taskId}>
      <AdjudicationClip datasetId={datasetId} taskId={taskId} names={names} a={a} b={b} />
      <CanonicalDiff a={callsA} b={callsB} names={names} />
      <div className="alignment-tools">
        <strong>Calls</strong>
        <button type="button" onClick={() => takeAll('a')} data-testid="take-all-a">
          Take all {names[0]}
        </button>
        <button type="button" onClick={() => takeAll('b')} data-testid="take-all-b">
          Take all {names[1]}
        </button>
      </div>
      <table className="alignment-table" data-testid="alignment-table">
        <thead>
          <tr>
            <th>#</th>
            <th>alignment</th>
            <th>{names[0]}</th>
            <th>{names[1]}</th>
            <th>decision</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = rowKey(row);
            const current = choices[key] ?? { choice: defaultChoice(row) };
            const differing = row.kind === 'near' ? new Set(row.differing.map((d) => d.param)) : new Set<string>();
            const cell = (call: ToolCall | undefined) =>
              call ? (
                <>
                  <code className="tool">{call.tool_name}</code>
                  <ul className="params">
                    {Object.entries(call.parameters).map(([param, value]) => (
                      <li key={param} className={differing.has(param) ? 'differs' : undefined}>
                        {param}: {formatValue(value)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <span className="muted">—</span>
              );
            return (
              <tr key={key} className={`align-${row.kind}`} data-kind={row.kind}>
                <td>{index + 1}</td>
                <td>
                  {row.kind === 'match' ? 'matched' : row.kind === 'near' ? 'near match' : row.kind === 'onlyA' ? `only ${names[0]}` : `only ${names[1]}`}
                  {row.kind === 'near' && <div className="differing">differs: {row.differing.map((d) => d.param).join(', ')}</div>}
                </td>
                <td>{cell('a' in row ? callsA[row.a] : undefined)}</td>
                <td>{cell('b' in row ? callsB[row.b] : undefined)}</td>
                <td className="decision">
                  <div role="radiogroup" aria-label={`Decision for row ${index + 1}`}>
                    {(['a', 'b', 'edit'] as const).map((choice) => (
                      <label key={choice}>
                        <input type="radio" name={`choice-${key}`} checked={current.choice === choice} onChange={() => choose(row, choice)} />
                        {choice === 'a' ? `take ${names[0]}` : choice === 'b' ? `take ${names[1]}` : 'edit'}
                      </label>
                    ))}
                  </div>
                  {current.choice === 'edit' && (
                    <textarea
                      className="call-edit"
                      aria-label={`Edited call ${index + 1}`}
                      value={current.text ?? ''}
                      rows={4}
                      onChange={(event) => setChoices((all) => ({ ...all, [key]: { choice: 'edit', text: event.target.value } }))}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="merged" data-testid="merged-calls">
        <strong>Merged sequence ({merged.calls.length} call(s))</strong>
        {merged.errors.map((e) => (
          <div key={e} className="agreement-error">
            {e}
          </div>
        ))}
        <ol>
          {merged.calls.map((call, i) => (
            <li key={i}>
              <code>{call.tool_name}</code> {JSON.stringify(call.parameters)}
            </li>
          ))}
        </ol>
      </div>
      <div className="runs">
        <button type="button" onClick={() => void runAll()} disabled={busy !== null || merged.errors.length > 0} data-testid="run-sequences">
          Run {names[0]}, {names[1]} and merged
        </button>
        {runs && (
          <div className="run-grid" data-testid="run-results">
            {(
              [
                [names[0], runs.a],
                [names[1], runs.b],
                ['merged', runs.merged],
              ] as const
            ).map(([label, outcome]) => (
              <div key={label} className="run-column">
                <h4>
                  {label}{' '}
                  <span className="muted">
                    {outcome.results.filter((r) => !r.ok).length} failed call(s)
                    {label === 'merged' && (outcome.stateKey === runs.a.stateKey ? ` · state = ${names[0]}` : '')}
                    {label === 'merged' && (outcome.stateKey === runs.b.stateKey ? ` · state = ${names[1]}` : '')}
                  </span>
                </h4>
                <StateDiffTable diffs={outcome.diff} testId="adjudication-state-diff" />
              </div>
            ))}
          </div>
        )}
      </div>
      <div className="alignment-tools">
        <strong>Visual references</strong>
      </div>
      <ReferenceRows rows={refRows} names={names} choices={refChoices} onChoose={(key, choice) => setRefChoices((all) => ({ ...all, [key]: choice }))} />
      <div className="finalize">
        <label>
          Rationale
          <textarea data-testid="adjudication-note" value={note} rows={3} onChange={(event) => setNote(event.target.value)} placeholder="Why this sequence is the ground truth" />
        </label>
        <button
          type="button"
          className="primary"
          data-testid="finalize-button"
          disabled={busy !== null || merged.errors.length > 0 || adjudicator.trim() === ''}
          title={adjudicator.trim() === '' ? 'Enter the adjudicator name first' : `Write this task's line of ${GROUND_TRUTH_PATH}`}
          onClick={() => void finalize()}
        >
          Finalize
        </button>
        {existing && <span className="muted">ground truth exists ({existing.source ?? 'no source'}{existing.adjudicator ? `, ${existing.adjudicator}` : ''}): finalizing replaces its calls; its references stay unless dropped above</span>}
        {message && (
          <div className={message.kind === 'error' ? 'agreement-error' : 'agreement-ok'} data-testid="finalize-message">
            {message.text}
          </div>
        )}
      </div>
    </div>
  );
}
