// The calls two annotators' sequences differ in (AgreementPanel, under its figures): near matches
// with the parameters that differ, and the calls only one of them wrote; or, when every call
// matches, what still differs.
import type { Annotation } from '../../../shared/format/types';
import { formatValue } from './figureText';
import type { TaskComparison } from './protocol';

export function DifferingCalls({ comparison, a, b, names }: { comparison: TaskComparison; a: Annotation; b: Annotation; names: [string, string] }) {
  // The comparison comes from a worker a moment after the annotations: while another annotator's
  // edit arrives, it may still name calls the newer annotation no longer has. Those rows wait for
  // the next comparison instead of failing the page.
  const present = (row: TaskComparison['alignment'][number]) =>
    (!('a' in row) || typeof row.a !== 'number' || a.calls[row.a] !== undefined) && (!('b' in row) || typeof row.b !== 'number' || b.calls[row.b] !== undefined);
  const rows = comparison.alignment.filter((row) => row.kind !== 'match' && present(row));
  if (rows.length === 0)
    return (
      <p className="muted agreement-same">
        {comparison.state_equal
          ? 'Every call matches.'
          : comparison.seq_exact
            ? 'Every call matches, yet the final states differ.'
            : 'Every call matches, in another order: the final states differ.'}
      </p>
    );
  return (
    <ul className="agreement-diffs" data-testid="agreement-diffs">
      {rows.map((row, index) => {
        if (row.kind === 'near')
          return (
            <li key={index} className="diff-near">
              <span className="diff-kind">near</span> <code>{a.calls[row.a].tool_name}</code> #{row.a + 1} / #{row.b + 1}:{' '}
              {row.differing.map((d) => (
                <span key={d.param} className="diff-param">
                  <code>{d.param}</code> {formatValue(d.a)} ≠ {formatValue(d.b)}
                </span>
              ))}
            </li>
          );
        if (row.kind === 'onlyA')
          return (
            <li key={index} className="diff-only-a">
              <span className="diff-kind">only {names[0]}</span> <code>{a.calls[row.a].tool_name}</code> {JSON.stringify(a.calls[row.a].parameters)}
            </li>
          );
        if (row.kind === 'onlyB')
          return (
            <li key={index} className="diff-only-b">
              <span className="diff-kind">only {names[1]}</span> <code>{b.calls[row.b].tool_name}</code> {JSON.stringify(b.calls[row.b].parameters)}
            </li>
          );
        return null;
      })}
    </ul>
  );
}
