// Imported trajectory files live in this tab's evaluation only (importsKept.ts carries them over
// a worker restart, not a reload or a new evaluation). So that they do not vanish without a word,
// their names are noted in the tab's sessionStorage per dataset, and the next evaluation of that
// dataset says which ones are no longer listed.
import { readTabJson, writeTabJson } from '../state/tabStorage';

const PREFIX = 'egobench-studio.imported\u0000';

function read(datasetId: string): string[] {
  const value = readTabJson(PREFIX + datasetId);
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/** Notes files imported into the evaluation of `datasetId` (storage refused: nothing is said after a reload). */
export function noteImported(datasetId: string, names: readonly string[]): void {
  writeTabJson(PREFIX + datasetId, [...new Set([...read(datasetId), ...names])]);
}

/** What a new evaluation of `datasetId` drops (files imported into the one before), as a message; null when none. Forgets them. */
export function droppedImportsMessage(datasetId: string): string | null {
  const names = read(datasetId);
  if (names.length === 0) return null;
  writeTabJson(PREFIX + datasetId, undefined);
  return (
    `${names.length} imported file${names.length === 1 ? ' is' : 's are'} no longer listed (${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}): imports last until the page reloads ` +
    'or the dataset is evaluated again. Import them again, or copy them under trajectories/ to keep them.'
  );
}
