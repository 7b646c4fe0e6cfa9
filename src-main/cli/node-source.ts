// DatasetSource over node:fs for the CLI and the main process's evaluation.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatasetSource } from '../../shared/format/source';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export async function readTextOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  }
}

export function fileChunks(file: string): AsyncIterable<string> {
  return createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
}

/** Files below an absolute folder, as paths relative to `base` joined with '/'. */
export async function listFilesBelow(folder: string, base: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(full).catch(() => null))?.isFile()))
        out.push(path.relative(base, full).split(path.sep).join('/'));
    }
  };
  await walk(folder);
  return out;
}

export function nodeDatasetSource(root: string): DatasetSource {
  const resolve = (p: string) => path.join(root, ...p.split('/'));
  return {
    label: root,
    readText: (p) => readTextOrNull(resolve(p)),
    async readChunks(p) {
      const file = resolve(p);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? fileChunks(file) : null;
    },
    listFiles: (dir) => listFilesBelow(resolve(dir), root),
    async listDirs(dir) {
      try {
        return (await readdir(resolve(dir), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}
