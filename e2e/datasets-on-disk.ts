// What the dataset picker should show, read from the repository's datasets/ folder itself, so
// the tests follow whatever datasets exist (the sample, placeholders, new ones).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const repoDatasetsDir = path.join(repoRoot, 'datasets');
/** What the shared host lists: the global setup's copy of the repository's datasets/ (identical content). */
export const datasetsDir = process.env.STUDIO_DATASETS_DIR ?? repoDatasetsDir;

/**
 * A copy of the shared host's sample for a test of its own. Tests in other workers write in the
 * shared sample meanwhile: a write's temporary file (atomic-write.ts, `*.studio-tmp`) listed and
 * renamed away before it was read failed the copy (ENOENT, CI), so those are left out. `keep`:
 * what else to copy (all by default).
 */
export function copySharedSample(dest: string, keep: (src: string) => boolean = () => true): Promise<void> {
  return cp(path.join(datasetsDir, 'egobench-sample'), dest, { recursive: true, filter: (src) => !src.endsWith('.studio-tmp') && keep(src) });
}

export interface DatasetOnDisk {
  folder: string;
  name: string;
}

export function datasetsOnDisk(): DatasetOnDisk[] {
  if (!existsSync(datasetsDir)) return [];
  return readdirSync(datasetsDir)
    .sort()
    .filter((folder) => existsSync(path.join(datasetsDir, folder, 'dataset.json')))
    .map((folder) => {
      let name = folder;
      try {
        const parsed = JSON.parse(readFileSync(path.join(datasetsDir, folder, 'dataset.json'), 'utf8')) as { name?: unknown };
        if (typeof parsed.name === 'string' && parsed.name.trim() !== '') name = parsed.name.trim();
      } catch {
        // The picker falls back to the folder name too.
      }
      return { folder, name };
    });
}
