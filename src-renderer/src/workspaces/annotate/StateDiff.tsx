// A field-level difference of the state tables: rows added, removed, and changed cells.
import type { TableDiff } from '../../../../shared/engine/state';
import type { Row, SqlValue } from '../../../../shared/engine/types';

const show = (value: SqlValue | undefined) => (value === null || value === undefined ? 'NULL' : value instanceof Uint8Array ? `<${value.length} bytes>` : String(value));

function columnsOf(rows: Row[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

export function StateDiff({ diffs }: { diffs: TableDiff[] }) {
  if (diffs.length === 0) return <div className="state-diff muted" data-testid="state-diff">No state change.</div>;
  return (
    <div className="state-diff" data-testid="state-diff">
      {diffs.map((diff) => {
        const columns = columnsOf([...diff.added, ...diff.removed, ...diff.changed.map((change) => change.after)]);
        return (
          <table key={diff.table}>
            <caption>
              {diff.table}: +{diff.added.length} −{diff.removed.length} ~{diff.changed.length}
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
                  {columns.map((column) => (
                    <td key={column}>{show(row[column])}</td>
                  ))}
                </tr>
              ))}
              {diff.removed.map((row, i) => (
                <tr key={`r${i}`} className="row-removed">
                  <td>−</td>
                  {columns.map((column) => (
                    <td key={column}>{show(row[column])}</td>
                  ))}
                </tr>
              ))}
              {diff.changed.map((change, i) => (
                <tr key={`c${i}`} className="row-changed">
                  <td>~</td>
                  {columns.map((column) =>
                    change.columns.includes(column) ? (
                      <td key={column} className="cell-changed">
                        <del>{show(change.before[column])}</del> {show(change.after[column])}
                      </td>
                    ) : (
                      <td key={column}>{show(change.after[column])}</td>
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
