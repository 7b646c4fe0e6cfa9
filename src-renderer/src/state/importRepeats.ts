// Imported runs whose id the list already has. The worker that scores imports counts the ids
// listed when the import was made as repeats; an import made while the dataset's own rows still
// stream in (its first evaluation can take minutes) does not know the later ones. The list keeps
// ids unique itself: an imported run repeating a listed one is left out, and a dataset run that
// comes after an imported one with its id takes its place. Either way the import's line is a
// problem, as the worker words it.
import { repeatedTrajectoryMessage } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import type { TrajectoryRow } from '../evaluation/protocol';

export const repeatProblem = (row: TrajectoryRow): Problem => ({ file: row.file, line: row.line, message: repeatedTrajectoryMessage(row.id) });

/** Imported rows to list: those whose id is neither listed nor earlier in the same batch; the rest as problems. */
export function newImports(listed: readonly TrajectoryRow[], imported: readonly TrajectoryRow[]): { rows: TrajectoryRow[]; repeats: Problem[] } {
  const ids = new Set(listed.map((row) => row.id));
  const rows: TrajectoryRow[] = [];
  const repeats: Problem[] = [];
  for (const row of imported) {
    if (ids.has(row.id)) repeats.push(repeatProblem(row));
    else {
      ids.add(row.id);
      rows.push(row);
    }
  }
  return { rows, repeats };
}

/** The list without the imported rows that `arriving` dataset rows repeat, their problems, and the imported ids still listed (null: none repeated). */
export function displacedImports(
  listed: readonly TrajectoryRow[],
  importedIds: ReadonlySet<string>,
  arriving: readonly TrajectoryRow[],
): { rows: TrajectoryRow[]; repeats: Problem[]; importedIds: ReadonlySet<string> } | null {
  if (importedIds.size === 0) return null;
  const taken = new Set(arriving.filter((row) => importedIds.has(row.id)).map((row) => row.id));
  if (taken.size === 0) return null;
  const repeats: Problem[] = [];
  const rows = listed.filter((row) => {
    if (!row.imported || !taken.has(row.id)) return true;
    repeats.push(repeatProblem(row));
    return false;
  });
  return { rows, repeats, importedIds: new Set([...importedIds].filter((id) => !taken.has(id))) };
}
