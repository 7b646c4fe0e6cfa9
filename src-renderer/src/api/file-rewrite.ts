// A file of the dataset the studio keeps line by line for one person (reviews/<reviewer>.jsonl,
// adjudication/<adjudicator>.jsonl): read with its hash, changed, and written back only if it is
// unchanged meanwhile (else read again), so a line written meanwhile by another window, machine or
// program is merged instead of lost. This page's rewrites of one file run one after another.
import type { StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { keyedQueue } from '../../../shared/async/keyed-queue';

/** Each file's rewrites of this page, one after another. */
const fileQueue = keyedQueue();

/**
 * Runs `write` after this page's earlier writes of the file have ended. Two writes of one file
 * at once could end in the other order: Save override then Remove mine, and the save's retry
 * after a conflict put the override back over its removal.
 */
export const afterEarlierWrites = <T>(datasetId: string, path: string, write: () => Promise<T>): Promise<T> => fileQueue(`${datasetId}\0${path}`, write);

/** Reads the file with its hash and writes it back changed, if unchanged meanwhile (else reads again, up to 5 times). */
export async function rewriteNow(api: StudioApi, datasetId: string, path: string, change: (text: string | null) => string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const { text, hash } = await api.datasets.readVersioned(datasetId, path);
    try {
      await api.datasets.writeIfUnchanged(datasetId, path, change(text), hash);
      return;
    } catch (error) {
      if (attempt >= 4 || StudioError.from(error).code !== 'conflict') throw error;
    }
  }
}

/** rewriteNow after this page's earlier writes of the file. */
export function rewriteFile(api: StudioApi, datasetId: string, path: string, change: (text: string | null) => string): Promise<void> {
  return afterEarlierWrites(datasetId, path, () => rewriteNow(api, datasetId, path, change));
}
