// Imported trajectory files live in this tab's evaluation only (importsKept.ts carries them over
// a worker restart, not a reload or a new evaluation). So that they do not vanish without a word,
// their names are noted in the tab's sessionStorage per dataset, and the next evaluation of that
// dataset says which ones are no longer listed.
const PREFIX = 'egobench-studio.imported\u0000';

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

function read(datasetId: string): string[] {
  try {
    const value = JSON.parse(storage()?.getItem(PREFIX + datasetId) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes files imported into the evaluation of `datasetId`. */
export function noteImported(datasetId: string, names: readonly string[]): void {
  try {
    storage()?.setItem(PREFIX + datasetId, JSON.stringify([...new Set([...read(datasetId), ...names])]));
  } catch {
    // sessionStorage refuses (full, or off): nothing is said after a reload, as before.
  }
}

/** What a new evaluation of `datasetId` drops (files imported into the one before), as a message; null when none. Forgets them. */
export function droppedImportsMessage(datasetId: string): string | null {
  const names = read(datasetId);
  if (names.length === 0) return null;
  storage()?.removeItem(PREFIX + datasetId);
  return (
    `${names.length} imported file${names.length === 1 ? ' is' : 's are'} no longer listed (${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}): imports last until the page reloads ` +
    'or the dataset is evaluated again. Import them again, or copy them under trajectories/ to keep them.'
  );
}
