// One row of the trajectory list. Memoised: scrolling re-renders only the rows coming into view.
import { memo } from 'react';
import type { TrajectoryRow } from '../../../evaluation/protocol';
import { LabelCell } from './LabelCell';

export const ListRow = memo(function ListRow({
  row,
  top,
  rowIndex,
  selected,
  override,
  disagreement,
  onSelect,
}: {
  row: TrajectoryRow;
  top: number;
  /** The row's place in the table (aria-rowindex, from 1): rows are in the DOM in slot order, not in list order. */
  rowIndex: number;
  selected: boolean;
  /** The label a reviewer gave it, if any. */
  override: string | null;
  /** Who of its reviewers said what, when they differ (the latest counts). */
  disagreement: string | null;
  onSelect(id: string): void;
}) {
  return (
    <div
      role="row"
      className={`trajectory-row body${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      aria-rowindex={rowIndex}
      aria-selected={selected}
      data-id={row.id}
      title={`${row.id}${row.imported ? ` (imported from ${row.file})` : ''}`}
      onClick={() => onSelect(row.id)}
    >
      <div role="cell" className="cell col-model" title={row.model}>
        {row.imported ? <span className="imported-mark" title={`imported: ${row.file}`}>⇪ </span> : null}
        {row.model}
      </div>
      <div role="cell" className="cell col-mode" title={row.mode}>
        {row.mode}
      </div>
      <div role="cell" className="cell col-task" title={row.task_id}>
        {row.task_id}
      </div>
      <LabelCell auto={row.label} override={override} disagreement={disagreement} />
      <div role="cell" className="cell col-scenario" title={row.scenario}>
        {row.scenario}
      </div>
      <div role="cell" className={`cell col-tool_succ ${row.tool_succ ? 'yes' : 'no'}`}>
        {row.tool_succ ? '✓' : '✗'}
      </div>
      <div role="cell" className={`cell col-result_succ ${row.result_succ ? 'yes' : 'no'}`}>
        {row.result_succ ? '✓' : '✗'}
      </div>
      <div role="cell" className="cell col-calls num">
        {row.calls}
      </div>
      <div role="cell" className="cell col-turns num">
        {row.turns}
      </div>
      <div role="cell" className="cell col-tokens num">
        {row.tokens.toLocaleString()}
      </div>
    </div>
  );
});
