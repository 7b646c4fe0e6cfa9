// The two sequences' calls side by side, row by row in the merged sequence's order: per row take
// A, take B, edit or drop, and move the row up or down (the ground truth's calls run in order).
import type { ToolCall } from '../../../shared/format/types';
import { AlignmentRow } from './AlignmentRow';
import type { Choice, RowChoice } from './mergeCalls';
import { rowKey, type MergeRow } from './mergeOrder';

interface Props {
  /** In the merged sequence's order. */
  rows: readonly MergeRow[];
  names: readonly [string, string];
  callsA: readonly ToolCall[];
  callsB: readonly ToolCall[];
  choices: Readonly<Record<string, RowChoice>>;
  onChoose(row: MergeRow, choice: Choice): void;
  onEdit(row: MergeRow, text: string): void;
  onMove(index: number, delta: -1 | 1): void;
}

export function AlignmentTable({ rows, names, callsA, callsB, choices, onChoose, onEdit, onMove }: Props) {
  return (
    <table className="alignment-table" data-testid="alignment-table">
      <thead>
        <tr>
          <th>#</th>
          <th>alignment</th>
          <th>{names[0]}</th>
          <th>{names[1]}</th>
          <th>decision</th>
          <th>order</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <AlignmentRow
            key={rowKey(row)}
            row={row}
            index={index}
            isLast={index === rows.length - 1}
            names={names}
            callsA={callsA}
            callsB={callsB}
            choices={choices}
            onChoose={onChoose}
            onEdit={onEdit}
            onMove={onMove}
          />
        ))}
      </tbody>
    </table>
  );
}
