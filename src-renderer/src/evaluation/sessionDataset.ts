// The open dataset, loaded once per session and shared: the problems panel's check, the Replay
// worker (replays and imports), Replay's evidence panels, Annotate and the agreement views all
// read it from here. A change to a file the loader reads (state/datasetChanges.ts reports it)
// makes the next request read the dataset again.
import { inAnnotations, loadDataset, withAnnotationsReloaded, type LoadedDataset } from '../../../shared/format/loader';
import { studioApi } from '../api/studio';
import { noFiles, withoutAnnotations, type DatasetFiles } from './datasetFiles';
import { studioDatasetSource } from './studioSource';

/**
 * The copy, and the files its read took (the evaluation worker loads its own copy from them).
 * `stale`: read it all again; `annotationsStale`: only files under annotations/ changed since.
 */
let current: { id: string; loaded: Promise<LoadedDataset>; files: Promise<DatasetFiles>; stale: boolean; annotationsStale: boolean } | null = null;

/**
 * The dataset's loaded copy; read again only when `fresh` is asked for, when a file it was read
 * from changed since, or when another dataset is asked for. When only annotations changed (each
 * save of Annotate), only they are read again: the tasks, ground truth and scenarios are kept.
 * Only `id` keys the copy; `name` labels the problems of a new read.
 */
export function sessionDataset(dataset: { id: string; name?: string }, fresh = false): Promise<LoadedDataset> {
  const label = dataset.name ?? dataset.id;
  if (fresh || current?.id !== dataset.id || current.stale) {
    const files = noFiles(label);
    keep(dataset.id, loadDataset(studioDatasetSource(studioApi(), dataset.id, label, files)), files);
  } else if (current.annotationsStale) {
    const previous = current;
    const files = previous.files.then(withoutAnnotations);
    const loaded = Promise.all([previous.loaded, files]).then(([copy, rest]) => withAnnotationsReloaded(copy, studioDatasetSource(studioApi(), dataset.id, label, rest)));
    keep(dataset.id, loaded, files);
  }
  return current!.loaded;
}

/** Makes `loaded` (read into `files`) the current copy; a failed read is tried again, whole, next time. */
function keep(id: string, loaded: Promise<LoadedDataset>, files: DatasetFiles | Promise<DatasetFiles>): void {
  const entry = { id, loaded, files: loaded.then(() => files), stale: false, annotationsStale: false };
  current = entry;
  entry.files.catch(() => undefined); // the failure is the load's, reported by its callers
  loaded.catch(() => {
    if (current === entry) current = null;
  });
}

/** The files the dataset's current copy (the last sessionDataset gave) was read from, complete once it is loaded; null without a copy. */
export function sessionDatasetFiles(datasetId: string): Promise<DatasetFiles> | null {
  return current?.id === datasetId ? current.files : null;
}

/** Files whose change alters what the dataset's trajectories score. */
export function changesScores(paths: readonly string[]): boolean {
  return paths.some((p) => /^(trajectories\/|scenarios\/|tasks\.jsonl$|ground_truth\.jsonl$|dataset\.json$)/.test(p));
}

/** Files loadDataset reads (trajectories are scored by the host, not kept in the copy). */
export function changesLoadedCopy(paths: readonly string[]): boolean {
  return paths.some((p) => /^(scenarios\/|annotations\/|tasks\.jsonl$|ground_truth\.jsonl$|dataset\.json$)/.test(p));
}

/** The copy of datasetId is out of date if these files are among its sources. */
export function markDatasetChanged(datasetId: string, paths: readonly string[]): void {
  if (current?.id !== datasetId || !changesLoadedCopy(paths)) return;
  if (paths.every((p) => inAnnotations(p) || !changesLoadedCopy([p]))) current.annotationsStale = true;
  else current.stale = true;
}
