// One row of the alignment (AlignmentTable): its calls from A and B (the parameters that differ
// marked), the decision (take A, take B, edit or drop), moving it up or down, and under it the
// call being edited (CallEdit) when the decision is an edit.
import stableStringify from 'fast-json-stable-stringify';
import type { ToolCall } from '../../../shared/format/types';
import { CallEdit } from './CallEdit';
import { formatValue } from './figureText';
import { defaultChoice, mergedCall, type Choice, type RowChoice } from './mergeCalls';
import { rowKey, type MergeRow } from './mergeOrder';

/** What every row of the table is given: the two sides, the decisions so far and what a row may change. */
export interface AlignmentContext {
  names: readonly [string, string];
  callsA: readonly ToolCall[];
  callsB: readonly ToolCall[];
  choices: Readonly<Record<string, RowChoice>>;
  onChoose(row: MergeRow, choice: Choice): void;
  onEdit(row: MergeRow, text: string): void;
  onMove(index: number, delta: -1 | 1): void;
}

interface Props extends AlignmentContext {
  row: MergeRow;
  /** Its place in the merged sequence's order, from 0. */
  index: number;
  isLast: boolean;
}

function kindLabel(row: MergeRow, names: readonly [string, string]): string {
  if (row.kind === 'added') return 'added by you';
  return row.kind === 'match' ? 'matched' : row.kind === 'near' ? 'near match' : row.kind === 'onlyA' ? `only ${names[0]}` : `only ${names[1]}`;
}

/** The choices a row offers: take each side that has a call, edit, drop. */
export function choicesOf(row: MergeRow): Choice[] {
  return [...('a' in row ? (['a'] as const) : []), ...('b' in row ? (['b'] as const) : []), 'edit', 'drop'];
}

/** The choice shown as made: taking the side that has no call of the row (drafts from before 'drop') is dropping it. */
function shownChoice(row: MergeRow, choice: Choice): Choice {
  return (choice === 'a' && !('a' in row)) || (choice === 'b' && !('b' in row)) ? 'drop' : choice;
}

function choiceLabel(choice: Choice, names: readonly [string, string]): string {
  return choice === 'a' ? `take ${names[0]}` : choice === 'b' ? `take ${names[1]}` : choice;
}

function CallCell({ call, differing }: { call: ToolCall | undefined; differing: ReadonlySet<string> }) {
  if (!call) return <span className="muted">—</span>;
  return (
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
  );
}

/**
 * Parameters a row's two calls write differently: SPEC's loose entity match ("Strawberry Jam" and
 * "Strawberry Jam X") makes them one call (or a near match on another parameter), but taking A or B
 * writes one spelling.
 */
function spelledApart(a: ToolCall | undefined, b: ToolCall | undefined): string[] {
  if (!a || !b) return [];
  const params = new Set([...Object.keys(a.parameters), ...Object.keys(b.parameters)]);
  // A JSON object's keys have no order: written in another order is written alike.
  return [...params].filter((param) => stableStringify(a.parameters[param]) !== stableStringify(b.parameters[param]));
}

export function AlignmentRow({ row, index, isLast, names, callsA, callsB, choices, onChoose, onEdit, onMove }: Props) {
  const key = rowKey(row);
  const current = choices[key] ?? { choice: defaultChoice(row) };
  // A near match's differing parameters are said apart; what else its calls write apart, as a match's.
  const near = new Set(row.kind === 'near' ? row.differing.map((d) => d.param) : []);
  const apart = row.kind === 'match' || row.kind === 'near' ? spelledApart(callsA[row.a], callsB[row.b]).filter((param) => !near.has(param)) : [];
  const differing = new Set([...near, ...apart]);
  const edited = current.choice === 'edit' ? mergedCall(row, current, callsA, callsB) : null;
  return (
    <>
      <tr className={`align-${row.kind}${shownChoice(row, current.choice) === 'drop' ? ' dropped' : ''}`} data-kind={row.kind} data-row-index={index}>
        <td>{index + 1}</td>
        <td>
          {kindLabel(row, names)}
          {row.kind === 'near' && <div className="differing">differs: {row.differing.map((d) => d.param).join(', ')}</div>}
          {apart.length > 0 && (
            <div className="differing" data-testid="written-apart">
              written apart: {apart.join(', ')}
            </div>
          )}
        </td>
        <td>
          <CallCell call={'a' in row ? callsA[row.a] : undefined} differing={differing} />
        </td>
        <td>
          <CallCell call={'b' in row ? callsB[row.b] : undefined} differing={differing} />
        </td>
        <td className="decision">
          <div role="radiogroup" aria-label={`Decision for row ${index + 1}`}>
            {choicesOf(row).map((choice) => (
              <label key={choice}>
                <input type="radio" name={`choice-${key}`} checked={shownChoice(row, current.choice) === choice} onChange={() => onChoose(row, choice)} />
                {choiceLabel(choice, names)}
              </label>
            ))}
          </div>
        </td>
        <td className="row-order">
          <button type="button" onClick={() => onMove(index, -1)} disabled={index === 0} aria-label={`Move row ${index + 1} up`} title="Earlier in the merged sequence">
            ↑
          </button>
          <button type="button" onClick={() => onMove(index, 1)} disabled={isLast} aria-label={`Move row ${index + 1} down`} title="Later in the merged sequence">
            ↓
          </button>
        </td>
      </tr>
      {current.choice === 'edit' && (
        <tr className={`edit-row align-${row.kind}`}>
          <td />
          <td colSpan={5}>
            <CallEdit label={`Edited call ${index + 1}`} text={current.text ?? ''} error={edited && 'error' in edited ? edited.error : null} onEdit={(text) => onEdit(row, text)} />
          </td>
        </tr>
      )}
    </>
  );
}
