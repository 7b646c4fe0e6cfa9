// The open dataset, loaded once per session and shared: the problems panel's check, the Replay
// worker (replays and imports), Replay's evidence panels, Annotate and the agreement views all
// read it from here. A change to a file the loader reads (state/datasetChanges.ts reports it)
// makes the next request read the dataset again.
import { loadDataset, type LoadedDataset } from '../../../shared/format/loader';
import { studioApi } from '../api/studio';
import { noFiles, type DatasetFiles } from './datasetFiles';
import { studioDatasetSource } from './studioSource';

/** The copy, and the files its read took (the evaluation worker loads its own copy from them). */
let current: { id: string; loaded: Promise<LoadedDataset>; files: Promise<DatasetFiles>; stale: boolean } | null = null;

/**
 * The dataset's loaded copy; read again only when `fresh` is asked for, when a file it was read
 * from changed since, or when another dataset is asked for. Only `id` keys the copy; `name`
 * labels the problems of a new read.
 */
export function sessionDataset(dataset: { id: string; name?: string }, fresh = false): Promise<LoadedDataset> {
  if (fresh || current?.id !== dataset.id || current.stale) {
    const label = dataset.name ?? dataset.id;
    const files = noFiles(label);
    const loaded = loadDataset(studioDatasetSource(studioApi(), dataset.id, label, files));
    const entry = { id: dataset.id, loaded, files: loaded.then(() => files), stale: false };
    current = entry;
    entry.files.catch(() => undefined); // the failure is the load's, reported by its callers
    loaded.catch(() => {
      if (current === entry) current = null; // a failed read is tried again next time
    });
  }
  return current!.loaded;
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
  if (current?.id === datasetId && changesLoadedCopy(paths)) current.stale = true;
}
