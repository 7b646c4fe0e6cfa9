// Arguments after Electron's own: `electron . --dataset <dir>` or `--default-dataset <dir>` (as `npm start` passes them).
import path from 'node:path';

/**
 * The folders of every `flag` (`--dataset`, which a person typed; `--default-dataset`, which
 * `npm start` adds when they typed none: added at launch, never handed to a running studio).
 */
export function datasetArgs(argv: readonly string[], flag: '--dataset' | '--default-dataset' = '--dataset'): string[] {
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === flag && argv[i + 1]) folders.push(argv[++i]);
    else if (argv[i].startsWith(`${flag}=`)) folders.push(argv[i].slice(flag.length + 1));
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
