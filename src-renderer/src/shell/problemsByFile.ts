// The problems panel's grouping (DatasetProblems.tsx).
import { groupBy } from '../../../shared/collections/group-by';
import type { Problem } from '../../../shared/format/types';

/** The problems by file, each file's in line order (the checks find them in passes: a line 32 came before a line 3). */
export function problemsByFile(problems: readonly Problem[]): Map<string, Problem[]> {
  const grouped = groupBy(problems, (p) => p.file);
  for (const list of grouped.values()) list.sort((a, b) => a.line - b.line);
  return grouped;
}
