// A field-level difference of the state tables (Annotate's console, Replay, Adjudicate): rows
// added and removed, and changed cells with their old value struck through.
import type { TableDiff } from '../../../shared/engine/state';
import type { Row, SqlValue } from '../../../shared/engine/types';
import './state-diff.css';

export function cellText(value: SqlValue | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return String(value);
}

function columnsOf(rows: Row[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

export interface StateDiffTableProps {
  diffs: TableDiff[];
  /** Shown when nothing changed. */
  empty?: string;
  testId?: string;
}

export function StateDiffTable({ diffs, empty = 'No state change.', testId = 'state-diff' }: StateDiffTableProps) {
  return (
    <div className="state-diff" data-testid={testId}>
      {diffs.length === 0 && <p className="muted">{empty}</p>}
      {diffs.map((diff) => {
        const columns = columnsOf([...diff.added, ...diff.removed, ...diff.changed.map((change) => change.after)]);
        const cells = (row: Row) => columns.map((column) => <td key={column}>{cellText(row[column])}</td>);
        return (
          <table key={diff.table}>
            <caption>
              {diff.table}: {diff.added.length} added, {diff.removed.length} removed, {diff.changed.length} changed
            </caption>
            <thead>
              <tr>
                <th />
                {columns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {diff.added.map((row, i) => (
                <tr key={`a${i}`} className="row-added">
                  <td>+</td>
                  {cells(row)}
                </tr>
              ))}
              {diff.removed.map((row, i) => (
                <tr key={`r${i}`} className="row-removed">
                  <td>−</td>
                  {cells(row)}
                </tr>
              ))}
              {diff.changed.map((change, i) => (
                <tr key={`c${i}`} className="row-changed">
                  <td>~</td>
                  {columns.map((column) =>
                    change.columns.includes(column) ? (
                      <td key={column} className="cell-changed" title={`was ${cellText(change.before[column])}`}>
                        <del>{cellText(change.before[column])}</del> {cellText(change.after[column])}
                      </td>
                    ) : (
                      <td key={column}>{cellText(change.after[column])}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
