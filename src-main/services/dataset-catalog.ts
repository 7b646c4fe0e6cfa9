// Which datasets the studio knows (under datasets/, from the command line, recently opened) and
// which of them are open. Only opened datasets can be read, written or streamed.
import { createHash } from 'node:crypto';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveExisting } from './safe-path';
import type { DatasetSummary } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import type { RecentDatasets } from './recent-datasets';
import { openRegularFile } from './regular-file';
import { decodeMarked } from './utf8-text';

export const datasetManifest = 'dataset.json';

/** A stable, URL-host-safe handle for a dataset folder: its slugged name plus a hash of its real path. */
export function datasetIdFor(realRoot: string): string {
  const slug =
    path
      .basename(realRoot)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'dataset';
  const hash = createHash('sha256').update(realRoot).digest('hex').slice(0, 8);
  return `${slug}-${hash}`;
}

/** dataset.json is a few fields; a bigger one is listed under its folder's name (the loader says what is wrong). */
const MANIFEST_READ_LIMIT = 1024 * 1024;

/** dataset.json's text, its size checked on the handle it is read from (not on a path that may change between). */
async function readManifest(file: string): Promise<string> {
  const handle = await openRegularFile(file);
  try {
    if ((await handle.stat()).size > MANIFEST_READ_LIMIT) throw new Error('too big to be a manifest');
    return decodeMarked(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** Reads a folder as a dataset, or returns null when it has no dataset.json. */
export async function describeDataset(folder: string, source: DatasetSummary['source']): Promise<DatasetSummary | null> {
  try {
    const root = await realpath(folder);
    const manifest = path.join(root, datasetManifest);
    if (!(await stat(manifest)).isFile()) return null;
    let name = path.basename(root);
    try {
      // Every listing reads it (each page load): not through a link out of the folder (the loader
      // refuses those too), nor whole when it is far bigger than any manifest.
      const parsed = JSON.parse(await readManifest(await resolveExisting(root, datasetManifest, 'file'))) as { name?: unknown } | null;
      if (typeof parsed?.name === 'string' && parsed.name.trim() !== '') name = parsed.name.trim();
    } catch {
      // An unreadable dataset.json still lists the folder; the loader reports the problem later.
    }
    return { id: datasetIdFor(root), name, root, source };
  } catch {
    return null;
  }
}

export interface DatasetCatalogOptions {
  /** The repository's datasets/ folder; each subfolder with a dataset.json is listed. */
  datasetsDir: string | null;
  recents: RecentDatasets;
}

export class DatasetCatalog {
  private readonly addedRoots: string[] = [];
  private readonly opened = new Map<string, DatasetSummary>();

  constructor(private readonly options: DatasetCatalogOptions) {}

  /** Added datasets first, then datasets/ in name order, then recent ones; each folder once. */
  async list(): Promise<DatasetSummary[]> {
    const found: DatasetSummary[] = [];
    const add = (dataset: DatasetSummary | null) => {
      if (dataset && !found.some((known) => known.id === dataset.id)) found.push(dataset);
    };
    for (const root of this.addedRoots) add(await describeDataset(root, 'added'));
    for (const folder of await this.bundledFolders()) add(await describeDataset(folder, 'bundled'));
    for (const root of await this.options.recents.list()) add(await describeDataset(root, 'recent'));
    return found;
  }

  /** Makes a folder named on the command line or in a dialog known; it must hold a dataset.json. */
  async addFolder(folder: string): Promise<DatasetSummary> {
    const dataset = await describeDataset(path.resolve(folder), 'added');
    if (!dataset) throw new StudioError('not-found', `No ${datasetManifest} in ${folder}`);
    if (!this.addedRoots.includes(dataset.root)) this.addedRoots.push(dataset.root);
    return dataset;
  }

  /** Opens a dataset that list() returns; the renderer can only open what the host offered. */
  async open(datasetId: string): Promise<DatasetSummary> {
    const dataset = (await this.list()).find((candidate) => candidate.id === datasetId);
    if (!dataset) throw new StudioError('not-found', `Unknown dataset: ${datasetId}`);
    this.opened.set(dataset.id, dataset);
    await this.options.recents.remember(dataset.root);
    return dataset;
  }

  /** The real root of an opened dataset; throws 'not-open' otherwise. */
  rootOf(datasetId: string): string {
    const dataset = this.opened.get(datasetId);
    if (!dataset) throw new StudioError('not-open', `Dataset is not open: ${datasetId}`);
    return dataset.root;
  }

  /** For File > Open Recent: recent folders that still hold a dataset. */
  async recentRoots(): Promise<string[]> {
    const roots: string[] = [];
    for (const root of await this.options.recents.list()) {
      if (await describeDataset(root, 'recent')) roots.push(root);
    }
    return roots;
  }

  private async bundledFolders(): Promise<string[]> {
    const dir = this.options.datasetsDir;
    if (!dir) return [];
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
        .map((entry) => entry.name)
        .sort()
        .map((name) => path.join(dir, name));
    } catch {
      return [];
    }
  }
}
