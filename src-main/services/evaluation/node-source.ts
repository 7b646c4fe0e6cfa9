// DatasetSource over node:fs for the CLI and the main process's evaluation. It reads a dataset
// as the studio's own reading does (services/safe-path.ts): nothing through a symlink that leads
// out of the dataset, and only regular files (a FIFO or a device is refused, never waited on).
// A refused file is an error the loader reports as a problem of that file. Symlinked folders are
// never followed (nor are they by the host's listing, dataset-files.ts); listDirLinks names them.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../../../shared/api/studio-error';
import { compareCodePoints } from '../../../shared/format/codepoint';
import { isHiddenName } from '../../../shared/format/dataset-path';
import type { DatasetSource } from '../../../shared/format/source';
import type { Problem } from '../../../shared/format/types';
import { readRegularText, regularFileChunks } from '../regular-file';
import { resolveExisting } from '../safe-path';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A regular file's text in chunks, each line that is not UTF-8 marked (utf8-text.ts); a FIFO swapped in since the listing is refused. */
export async function* fileChunks(file: string): AsyncIterable<string> {
  yield* await regularFileChunks(file);
}

/** An entry a listing leaves out: a folder it cannot list, or something that is not a file. */
export interface SkippedEntry {
  /** Relative to the listing's base, with '/'. */
  path: string;
  reason: string;
}

const NOT_REGULAR = 'something that is not a regular file (a FIFO, socket or device is never read)';

/**
 * The files below `folder` (regular files, and links to them), relative to `base`. Links to folders
 * go to `folderLinks`, folders that cannot be listed to `unreadable`, and entries that are neither
 * (a FIFO, a socket, a link that leads nowhere or to itself) to `strays`, each with why.
 */
export async function listFilesBelow(folder: string, base: string, folderLinks?: string[], unreadable?: SkippedEntry[], strays?: SkippedEntry[]): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      if (dir === folder) throw error;
      // A folder below that cannot be read (a path too long for the system, no permission) costs
      // its own files, not the listing: 3,000 nested folders under trajectories/ stopped all scoring.
      unreadable?.push({ path: path.relative(base, dir).split(path.sep).join('/'), reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
      return;
    }
    for (const entry of entries) {
      if (isHiddenName(entry.name)) continue; // not the dataset's, as the hosts' listing (dataset-files.ts)
      const full = path.join(dir, entry.name);
      const relative = () => path.relative(base, full).split(path.sep).join('/');
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(relative());
      else if (entry.isSymbolicLink()) {
        const target = await stat(full).catch((error: NodeJS.ErrnoException) => error);
        if (target instanceof Error) strays?.push({ path: relative(), reason: target.code === 'ELOOP' ? 'a symbolic link that leads to itself' : 'a symbolic link that leads nowhere' });
        else if (target.isFile()) out.push(relative());
        else if (target.isDirectory()) folderLinks?.push(relative());
        else strays?.push({ path: relative(), reason: `a symbolic link to ${NOT_REGULAR}` });
      } else strays?.push({ path: relative(), reason: NOT_REGULAR });
    }
  };
  await walk(folder);
  return out;
}

/**
 * Annotator files (annotations/<name>.jsonl) that are no files: a FIFO, a link that leads nowhere.
 * The loader's listing leaves them out; without these problems the annotator would only be missing.
 */
export async function annotationFileStrays(root: string): Promise<Problem[]> {
  const folder = await orMissing(resolveInside(realpath(root), 'annotations', 'dir')).catch(() => null);
  if (folder === null) return [];
  const strays: SkippedEntry[] = [];
  await listFilesBelow(folder, folder, undefined, undefined, strays).catch(() => []);
  const annotatorFiles = strays.filter((stray) => !stray.path.includes('/'));
  return strayProblems(annotatorFiles, (relative) => `annotations/${relative}`, 'not read');
}

/** Entries named as JSONL files (*.jsonl) that are none (a FIFO, a link that leads nowhere), each a problem saying so and what became of it. */
export function strayProblems(strays: readonly SkippedEntry[], shown: (relative: string) => string, outcome: string): Problem[] {
  return strays
    .filter((stray) => stray.path.endsWith('.jsonl'))
    .sort((a, b) => compareCodePoints(a.path, b.path))
    .map((stray) => ({ file: shown(stray.path), line: 0, message: `${stray.reason}; ${outcome}` }));
}

/**
 * The real path of a dataset file or folder, or null when there is none; StudioError 'forbidden'
 * when a symlink leads out of the dataset.
 */
async function resolveInside(realRoot: Promise<string>, p: string, kind: 'file' | 'dir'): Promise<string | null> {
  try {
    return await resolveExisting(await realRoot, p, kind);
  } catch (error) {
    if (error instanceof StudioError && error.code === 'not-found') return null;
    throw error;
  }
}

/** Null for a missing file; StudioError for a refused one (a folder where a file is expected among them). */
async function orMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isMissing(error) || (error instanceof StudioError && error.code === 'not-found')) return null;
    throw error;
  }
}

export function nodeDatasetSource(root: string): DatasetSource {
  const realRoot = realpath(root);
  realRoot.catch(() => undefined); // a missing root shows as missing files below
  return {
    label: root,
    async readText(p) {
      const file = await orMissing(resolveInside(realRoot, p, 'file'));
      return file === null ? null : orMissing(readRegularText(file));
    },
    async readChunks(p) {
      const file = await orMissing(resolveInside(realRoot, p, 'file'));
      return file === null ? null : orMissing(regularFileChunks(file));
    },
    async listFiles(dir) {
      const folder = await orMissing(resolveInside(realRoot, dir, 'dir'));
      if (folder === null) return [];
      const prefix = dir.replace(/\/$/, '');
      return (await listFilesBelow(folder, folder)).map((f) => (prefix ? `${prefix}/${f}` : f));
    },
    async listDirs(dir) {
      const folder = await folderEntries(realRoot, dir);
      return folder.entries.filter((e) => e.isDirectory()).map((e) => e.name);
    },
    async listDirLinks(dir) {
      const folder = await folderEntries(realRoot, dir);
      const links: string[] = [];
      for (const entry of folder.entries) {
        if (!entry.isSymbolicLink()) continue;
        // Wherever it leads: a link to a folder is named, never followed.
        const target = await stat(path.join(folder.path, entry.name)).catch(() => null);
        if (target?.isDirectory()) links.push(entry.name);
      }
      return links;
    },
  };
}

/** A dataset folder's real path and its entries (a symlink as itself); no entries when it does not exist. */
async function folderEntries(realRoot: Promise<string>, dir: string): Promise<{ path: string; entries: Dirent[] }> {
  const folder = await orMissing(resolveInside(realRoot, dir, 'dir'));
  if (folder === null) return { path: '', entries: [] };
  try {
    return { path: folder, entries: await readdir(folder, { withFileTypes: true }) };
  } catch (error) {
    if (isMissing(error)) return { path: folder, entries: [] };
    throw error;
  }
}
