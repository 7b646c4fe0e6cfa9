// Arguments after Electron's own: `electron . --dataset <dir>` (as `npm start` passes them).
import path from 'node:path';

export function datasetArgs(argv: readonly string[]): string[] {
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dataset' && argv[i + 1]) folders.push(argv[++i]);
    else if (argv[i].startsWith('--dataset=')) folders.push(argv[i].slice('--dataset='.length));
  }
  return folders;
}

/** What a second launch hands the running studio (app.requestSingleInstanceLock's additional data). */
export interface SecondLaunch {
  /** Its --dataset folders, absolute (resolved where it was started). */
  datasets: string[];
}

/**
 * The datasets a second launch named, read from the data it handed over; nothing when that is not
 * a list of absolute paths. (Its argv arrives too, but Chromium may reorder the arguments.)
 */
export function secondLaunchDatasets(data: unknown): string[] {
  const datasets = (data as Partial<SecondLaunch> | null)?.datasets;
  return Array.isArray(datasets) ? datasets.filter((folder): folder is string => typeof folder === 'string' && path.isAbsolute(folder)) : [];
}
