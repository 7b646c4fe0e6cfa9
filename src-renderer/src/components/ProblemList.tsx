// A list of input problems, each with its file and line (the loader's, the evaluation's, the
// audit's and the agreement's lists all look alike to the user). Long lists show their first
// `limit` and say how many more there are.
import type { Problem } from '../../../shared/format/types';

export function ProblemList({ problems, limit = problems.length }: { problems: readonly Problem[]; limit?: number }) {
  const more = problems.length - limit;
  return (
    <ul className="problem-list">
      {problems.slice(0, limit).map((p, i) => (
        <li key={i} data-file={p.file} data-line={p.line}>
          <span className="mono">
            {p.file}
            {p.line > 0 ? `:${p.line}` : ''}
          </span>{' '}
          {p.message}
        </li>
      ))}
      {more > 0 && <li className="muted">and {more.toLocaleString()} more</li>}
    </ul>
  );
}
