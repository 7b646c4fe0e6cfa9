// What a value finds in the scenario's seed database: the rows the engine's entity match
// (x-match {entity: TABLE.COLUMN}) returns for it, as a small table.
import { useEffect, useState } from 'react';
import type { Row } from '../../../../shared/engine/types';
import type { ScenarioDef } from '../../../../shared/format/types';
import { toolConsole } from '../annotate/toolConsoleClient';

const LIMIT = 5;

export function EntityRows({ scenario, column, value }: { scenario: ScenarioDef | null; column: string | null; value: string }) {
  const [found, setFound] = useState<{ key: string; rows?: Row[]; total?: number; error?: string } | null>(null);
  const key = `${scenario?.id}|${column}|${value}`;
  useEffect(() => {
    if (!scenario || !column) return;
    let live = true;
    const [table, name] = column.split('.');
    toolConsole.entityRows(scenario, table, name, value, LIMIT).then(
      ({ rows, total }) => live && setFound({ key, rows, total }),
      (error: Error) => live && setFound({ key, error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [scenario, column, value, key]);

  if (!column) return <p className="muted">The parameter names no database column (no x-match entity in the tool’s schema).</p>;
  const current = found?.key === key ? found : null;
  if (!current) return <p className="muted">Looking up {column}…</p>;
  if (current.error) return <p className="error-text">Cannot look up {column}: {current.error}</p>;
  const rows = current.rows ?? [];
  if (rows.length === 0)
    return (
      <p className="entity-rows-none" data-testid="entity-rows" data-count={0}>
        Finds nothing in <code>{column}</code>.
      </p>
    );
  const columns = Object.keys(rows[0]);
  return (
    <div className="entity-rows" data-testid="entity-rows" data-count={current.total}>
      <p className="muted">
        Finds {current.total} row{current.total === 1 ? '' : 's'} in <code>{column}</code>
        {current.total! > rows.length ? ` (first ${rows.length})` : ''}:
      </p>
      <table>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name}>{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((name) => (
                <td key={name}>{row[name] === null ? <span className="muted">null</span> : String(row[name])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
