// The renderer's one DatasetSource over window.studio: the session's dataset copy
// (sessionDataset.ts) and the single-file reads of the agreement views go through it.
// A missing file or folder reads as null / [] (DatasetSource's contract).
import { StudioError } from '../../../shared/api/studio-error';
import type { StudioApi } from '../../../shared/api/studio-api';
import type { DatasetSource } from '../../../shared/format/source';

function missing(error: unknown): boolean {
  return StudioError.from(error).code === 'not-found';
}

/** Immediate subfolders of dir, from the recursive file listing. */
export function subfolders(dir: string, files: readonly string[]): string[] {
  const prefix = dir === '' ? '' : `${dir.replace(/\/$/, '')}/`;
  const names = new Set<string>();
  for (const file of files) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash > 0) names.add(rest.slice(0, slash));
  }
  return [...names];
}

/**
 * The dataset's files as the host serves them. A folder is listed once per source (the loader
 * asks for scenarios/ both as folders and as files); make a new source to see later changes.
 */
export function studioDatasetSource(api: StudioApi, datasetId: string, label: string = datasetId): DatasetSource {
  const listings = new Map<string, Promise<string[]>>();
  const list = (dir: string) => {
    let listing = listings.get(dir);
    if (!listing) {
      listing = api.datasets.listFiles(datasetId, dir).then(
        (files) => files.map((file) => file.path),
        (error: unknown) => (missing(error) ? [] : Promise.reject(error)),
      );
      listings.set(dir, listing);
    }
    return listing;
  };
  const readText = async (path: string) => {
    try {
      return await api.datasets.readText(datasetId, path);
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };
  return {
    label,
    readText,
    readChunks: async (path) => {
      const text = await readText(path);
      if (text === null) return null;
      return (async function* () {
        yield text;
      })();
    },
    listFiles: (dir) => list(dir),
    listDirs: async (dir) => subfolders(dir, await list(dir)),
  };
}
