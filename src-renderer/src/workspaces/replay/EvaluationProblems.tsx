// The evaluation's problems, each with its file and line, shown under Replay's toolbar while its
// problems button is pressed.
import type { Problem } from '../../../../shared/format/types';

export function EvaluationProblems({ problems }: { problems: readonly Problem[] }) {
  return (
    <div className="problems-list" role="region" aria-label="Problems" data-testid="problems">
      {problems.length === 0 ? <p className="muted">Everything loaded.</p> : null}
      <table>
        <thead>
          <tr>
            <th>File</th>
            <th>Line</th>
            <th>Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i}>
              <td className="mono">{p.file}</td>
              <td>{p.line || ''}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
