// The renderer's one DatasetSource over window.studio: the session's dataset copy
// (sessionDataset.ts) and the single-file reads of the agreement views go through it.
// A missing file or folder reads as null / [] (DatasetSource's contract). Big files are handed
// to the loader in slices with the event loop let in between, so that parsing a big dataset's
// tasks and ground truth on the main thread never holds a frame (input and rendering run between).
import { StudioError } from '../../../shared/api/studio-error';
import type { DatasetFile, StudioApi } from '../../../shared/api/studio-api';
import type { DatasetSource } from '../../../shared/format/source';
import { Slices } from '../api/next-task';
import type { DatasetFiles } from './datasetFiles';

function missing(error: unknown): boolean {
  return StudioError.from(error).code === 'not-found';
}

/** A listing entry's path without the '/' that ends a folder link's. */
const entryPath = (entry: DatasetFile) => (entry.link ? entry.path.replace(/\/$/, '') : entry.path);

/** Names of dir's own entries that the host listed as links to folders (never followed). */
export function folderLinks(dir: string, listing: readonly DatasetFile[]): string[] {
  const prefix = dir === '' ? '' : `${dir.replace(/\/$/, '')}/`;
  return listing
    .filter((entry) => entry.link === 'folder')
    .map(entryPath)
    .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
    .map((path) => path.slice(prefix.length));
}

/** Immediate subfolders of dir, from the paths of the recursive listing. */
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

/** Characters per chunk: parsing one takes a millisecond or two, well inside a slice. */
const CHUNK_CHARS = 16 * 1024;

/**
 * The text in chunks; once the reader (the loader's parse) has held the thread for a slice
 * (Slices) since the last pause, the next chunk comes in a new task.
 */
export async function* inSlices(text: string): AsyncGenerator<string> {
  const slices = new Slices();
  for (let at = 0; at < text.length || at === 0; at += CHUNK_CHARS) {
    await slices.pause();
    yield text.slice(at, at + CHUNK_CHARS);
  }
}

/**
 * The dataset's files as the host serves them. A folder is listed once per source (the loader
 * asks for scenarios/ both as folders and as files); make a new source to see later changes.
 * With `record`, every answer is also kept there (the evaluation worker loads the same copy from it).
 */
export function studioDatasetSource(api: StudioApi, datasetId: string, label: string = datasetId, record?: DatasetFiles): DatasetSource {
  const failed = (path: string, error: unknown) => {
    record?.failures.set(path, error instanceof Error ? error.message : String(error));
    return error;
  };
  const listings = new Map<string, Promise<DatasetFile[]>>();
  const list = (dir: string) => {
    let listing = listings.get(dir);
    if (!listing) {
      listing = api.datasets.listFiles(datasetId, dir).catch((error: unknown) => (missing(error) ? [] : Promise.reject(failed(dir, error))));
      listings.set(dir, listing);
    }
    return listing;
  };
  const readText = async (path: string) => {
    let text: string | null;
    try {
      text = await api.datasets.readText(datasetId, path);
    } catch (error) {
      if (!missing(error)) throw failed(path, error);
      text = null;
    }
    record?.texts.set(path, text);
    return text;
  };
  return {
    label,
    readsAhead: true,
    readText,
    readChunks: async (path) => {
      const text = await readText(path);
      return text === null ? null : inSlices(text);
    },
    listFiles: async (dir) => {
      const files = (await list(dir)).filter((entry) => !entry.link).map((entry) => entry.path);
      record?.files.set(dir, files);
      return files;
    },
    listDirs: async (dir) => {
      // A folder holding only a link still is a folder, as node-source.ts's listDirs sees it.
      const dirs = subfolders(dir, (await list(dir)).map(entryPath));
      record?.dirs.set(dir, dirs);
      return dirs;
    },
    listDirLinks: async (dir) => {
      const links = folderLinks(dir, await list(dir));
      record?.dirLinks.set(dir, links);
      return links;
    },
  };
}
