// The adjudication's visual references, one row per entity: A's, B's and the existing ground
// truth's side by side, and per row take A, take B, keep (the ground truth's) or drop. The default
// keeps what the ground truth has, so finalizing never drops a reference it was not asked to.
import type { VisualRef } from '../../../shared/format/types';
import { defaultRefChoice, type RefChoice, type ReferenceRow } from './model';

function RefCell({ value }: { value: VisualRef | null }) {
  if (!value) return <span className="muted">—</span>;
  return (
    <span title={value.id}>
      {value.description} <span className="muted">({typeof value.start === 'number' && typeof value.end === 'number' ? `${value.start.toFixed(3)}–${value.end.toFixed(3)} s` : 'no time'})</span>
    </span>
  );
}

export interface ReferenceRowsProps {
  rows: ReferenceRow[];
  names: [string, string];
  choices: Record<string, RefChoice>;
  onChoose(key: string, choice: RefChoice): void;
}

export function ReferenceRows({ rows, names, choices, onChoose }: ReferenceRowsProps) {
  if (rows.length === 0) return <p className="muted">No visual reference on either side or in the ground truth.</p>;
  return (
    <table className="alignment-table reference-rows" data-testid="reference-rows">
      <thead>
        <tr>
          <th>entity</th>
          <th>{names[0]}</th>
          <th>{names[1]}</th>
          <th>ground truth now</th>
          <th>decision</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const current = choices[row.key] ?? defaultRefChoice(row);
          const options: [RefChoice, string, boolean][] = [
            ['a', `take ${names[0]}`, row.a !== null],
            ['b', `take ${names[1]}`, row.b !== null],
            ['keep', 'keep', row.kept !== null],
            ['drop', 'drop', true],
          ];
          return (
            <tr key={row.key} data-entity={row.key} data-choice={current}>
              <td>{row.entity}</td>
              <td>
                <RefCell value={row.a} />
              </td>
              <td>
                <RefCell value={row.b} />
              </td>
              <td>
                <RefCell value={row.kept} />
              </td>
              <td className="decision">
                <div role="radiogroup" aria-label={`Reference to ${row.entity}`}>
                  {options
                    .filter(([, , available]) => available)
                    .map(([choice, label]) => (
                      <label key={choice}>
                        <input type="radio" name={`ref-${row.key}`} value={choice} checked={current === choice} onChange={() => onChoose(row.key, choice)} />
                        {label}
                      </label>
                    ))}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
