// The open dataset, loaded once per session and shared: the problems panel's check, the Replay
// worker (replays and imports) and anything else that needs the tasks read it from here.
import { loadDataset, type LoadedDataset } from '../../../shared/format/loader';
import { studioApi } from '../api/studio';
import { studioDatasetSource } from '../workspaces/annotate/studioSource';

let current: { id: string; loaded: Promise<LoadedDataset> } | null = null;

/** The dataset's loaded copy; read again only when `fresh` (its files changed) or another dataset is asked for. */
export function sessionDataset(dataset: { id: string; name: string }, fresh = false): Promise<LoadedDataset> {
  if (fresh || current?.id !== dataset.id) {
    const loaded = loadDataset(studioDatasetSource(studioApi(), dataset.id, dataset.name));
    current = { id: dataset.id, loaded };
    loaded.catch(() => {
      if (current?.loaded === loaded) current = null; // a failed read is tried again next time
    });
  }
  return current!.loaded;
}

/** Files whose change alters what the dataset's trajectories score. */
export function changesScores(paths: readonly string[]): boolean {
  return paths.some((p) => /^(trajectories\/|scenarios\/|tasks\.jsonl$|ground_truth\.jsonl$|dataset\.json$)/.test(p));
}
