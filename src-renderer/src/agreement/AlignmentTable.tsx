// The two sequences' calls side by side, row by row in the merged sequence's order: per row take
// A, take B, edit or drop, and move the row up or down (the ground truth's calls run in order), by
// mouse or by keys on a focused row (useAlignmentRowKeys).
import { AlignmentRow, type AlignmentContext } from './AlignmentRow';
import { rowKey, type MergeRow } from './mergeOrder';
import { useAlignmentRowKeys } from './useAlignmentRowKeys';

interface Props extends AlignmentContext {
  /** In the merged sequence's order. */
  rows: readonly MergeRow[];
}

export function AlignmentTable({ rows, ...context }: Props) {
  const { names } = context;
  useAlignmentRowKeys(rows, context.onChoose, context.onMove);
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
          <AlignmentRow key={rowKey(row)} row={row} index={index} isLast={index === rows.length - 1} {...context} />
        ))}
      </tbody>
    </table>
  );
}
