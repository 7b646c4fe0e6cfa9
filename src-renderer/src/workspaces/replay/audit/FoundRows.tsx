// What a suspect's call finds on the seed database: the rows a read returns, the rows a write
// changes, or why it fails.
import type { Found } from '../../../../../shared/eval/gt-audit';
import { StateDiffTable } from '../../../components/StateDiffTable';

function rowsOf(result: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(result)) return result.every((r) => typeof r === 'object' && r !== null) ? (result as Record<string, unknown>[]) : null;
  if (typeof result === 'object' && result !== null) for (const value of Object.values(result)) if (Array.isArray(value)) return rowsOf(value);
  return null;
}

export function FoundRows({ found, title }: { found: Found; title: string }) {
  if (!found.ok) return <div className="error-text">{title}: fails ({JSON.stringify(found.result)})</div>;
  if (found.changes) return <StateDiffTable diffs={found.changes} testId="found-changes" />;
  const rows = rowsOf(found.result);
  if (!rows) return <div className="muted">{title}: <code>{JSON.stringify(found.result)}</code></div>;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <table className="found-rows" data-testid="found-rows">
      <caption>
        {title}: {rows.length} row(s)
      </caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, 20).map((r, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c}>{String(r[c] ?? '')}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
