// A new dataset appears whole or not at all: the import writes into a hidden folder beside its
// target (the same parent, so the last step, a rename, is atomic) and renames it to the target at
// the end. An import that fails, or a process that ends midway (a cancelled CLI, a closed app),
// leaves no half-written dataset: the hidden folder is removed.
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../../../shared/api/studio-error';
import { fileSystemFailure } from '../file-system-failures';
import { makeFolders } from '../make-folders';

/** The codes whose meaning for a folder the dataset would go in needs other words than the common ones (file-system-failures.ts). */
const FOLDER_FAILURES: Readonly<Record<string, string>> = {
  ENOTDIR: 'is not a folder (it, or a folder on its way, is a file)',
  EACCES: 'cannot be read or written (permission denied)',
  EPERM: 'cannot be read or written (permission denied)',
  EROFS: 'is on a read-only disk',
  ENOENT: 'cannot be made, or cannot hold a new folder',
  ENAMETOOLONG: 'has a name longer than the file system allows',
};

/** What an errno says of a folder the dataset would go in, in words naming it (not `ENOTDIR: ..., scandir '...'`). */
export function folderError(folder: string, error: unknown): Error {
  const failure = fileSystemFailure(error, FOLDER_FAILURES);
  if (!failure) return error as Error;
  const why = Object.hasOwn(FOLDER_FAILURES, failure.code) ? failure.words : `cannot be written (${failure.words})`;
  return new StudioError('invalid-args', `${folder} ${why}: choose another folder for the dataset`);
}

/** Hidden folders of writes running in this process: removed if it exits before they end. */
const unfinished = new Set<string>();

function removeUnfinished(): void {
  for (const folder of unfinished) rmSync(folder, { recursive: true, force: true });
}

/** The hidden folder's name: `.<target>.importing-XXXXXX` (a long name is cut: the file system takes 255 bytes). */
const stagingPrefix = (target: string) => `.${path.basename(target).slice(0, 60)}.importing-`;

/**
 * Runs `write` on a new hidden folder beside `target` (which must be missing or an empty folder),
 * then renames that folder to `target`. When `write` fails the folder is removed and its error
 * thrown; nothing appears at `target`. When the hidden folder cannot be made, folderError says why.
 */
export async function writeNewFolder<T>(target: string, write: (folder: string) => Promise<T>): Promise<T> {
  const absolute = path.resolve(target);
  const parent = path.dirname(absolute);
  let folder: string;
  try {
    await makeFolders(parent);
    folder = await mkdtemp(path.join(parent, stagingPrefix(absolute)));
  } catch (error) {
    // In words naming the folder (the errno names a syscall and the hidden folder's path).
    throw folderError(parent, error);
  }
  if (unfinished.size === 0) process.on('exit', removeUnfinished);
  unfinished.add(folder);
  try {
    const result = await write(folder);
    await moveTo(folder, absolute);
    return result;
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    unfinished.delete(folder);
    if (unfinished.size === 0) process.off('exit', removeUnfinished);
  }
}

/** Renames `folder` to `target`, which may be an empty folder (chosen in a dialog, or made by hand). */
async function moveTo(folder: string, target: string): Promise<void> {
  try {
    await rename(folder, target);
    return;
  } catch (error) {
    // POSIX renames over an empty folder and refuses a full one (ENOTEMPTY, EEXIST); Windows refuses both (EPERM).
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM' && code !== 'EACCES') throw error;
  }
  const entries = await readdir(target).catch(() => null);
  if (entries === null || entries.length > 0) {
    throw new Error(`${target} is not empty any more (something was written there during the import): nothing was imported; import again into a new or empty folder`);
  }
  await rmdir(target);
  await rename(folder, target);
}
