// Every dataset file the renderer names goes through here. The syntax check refuses "..",
// absolute paths and backslashes; the realpath check refuses symlinks that lead out of the root.
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { isDatasetRelativeDir, isDatasetRelativePath, isHiddenName } from '../../shared/format/dataset-path';
import { StudioError } from '../../shared/api/studio-error';

/** True when `target` is `root` or lies below it. Both must be absolute, normalized paths. */
export function isInsideRoot(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A name longer than the file system takes: the caller's mistake (400), said without the host's absolute path (500 echoed it). */
function tooLong(error: unknown, relativePath: string): StudioError | null {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ENAMETOOLONG') return null;
  const shown = relativePath.length > 120 ? `${relativePath.slice(0, 120)}…` : relativePath;
  return new StudioError('invalid-args', `A name in this path is longer than the file system allows: ${shown}`);
}

/**
 * Resolves an existing file or folder of the dataset at `realRoot` (already a real path).
 * Throws StudioError 'forbidden' for escapes and 'not-found' when nothing is there.
 */
export async function resolveExisting(realRoot: string, relativePath: string, kind: 'file' | 'dir'): Promise<string> {
  const syntaxOk = kind === 'dir' ? isDatasetRelativeDir(relativePath) : isDatasetRelativePath(relativePath);
  if (!syntaxOk) throw new StudioError('forbidden', `Not a dataset-relative path: ${JSON.stringify(relativePath)}`);
  let real: string;
  try {
    real = await realpath(path.join(realRoot, relativePath));
  } catch (error) {
    if (isMissing(error)) throw new StudioError('not-found', missingMessage(relativePath));
    throw tooLong(error, relativePath) ?? error;
  }
  if (!isInsideRoot(realRoot, real)) {
    throw new StudioError('forbidden', `Path leads outside the dataset: ${relativePath}`);
  }
  refuseHiddenTarget(realRoot, real, relativePath);
  return real;
}

/**
 * A listed name that is not UTF-8 comes back with U+FFFD in place of its bytes, and that name is
 * then not found: said as what it is, since the file is plainly there in a file manager.
 */
function missingMessage(relativePath: string): string {
  return relativePath.includes('\uFFFD')
    ? `Its name is not UTF-8, so it cannot be opened by name (rename it): ${relativePath}`
    : `No such file in the dataset: ${relativePath}`;
}

/**
 * A name may look plain and lead, through a link inside the dataset (`notes -> .git`), to a hidden
 * one, which is never the dataset's (dataset-path.ts): refused where it really is, too.
 */
function refuseHiddenTarget(realRoot: string, real: string, relativePath: string): void {
  const relative = path.relative(realRoot, real);
  if (relative !== '' && relative.split(path.sep).some(isHiddenName)) {
    throw new StudioError('forbidden', `Path leads to a hidden file or folder of the dataset: ${relativePath}`);
  }
}

/**
 * Resolves where a file may be written: its nearest existing ancestor must really be inside the
 * root (so creating folders cannot follow a symlink out), and the file itself must not be a symlink.
 */
export async function resolveWritable(realRoot: string, relativePath: string): Promise<string> {
  if (!isDatasetRelativePath(relativePath)) {
    throw new StudioError('forbidden', `Not a dataset-relative path: ${JSON.stringify(relativePath)}`);
  }
  const target = path.join(realRoot, relativePath);
  let ancestor = path.dirname(target);
  for (;;) {
    try {
      const realAncestor = await realpath(ancestor);
      if (!isInsideRoot(realRoot, realAncestor)) {
        throw new StudioError('forbidden', `Path leads outside the dataset: ${relativePath}`);
      }
      refuseHiddenTarget(realRoot, realAncestor, relativePath);
      break;
    } catch (error) {
      if (!isMissing(error)) throw tooLong(error, relativePath) ?? error;
      ancestor = path.dirname(ancestor);
    }
  }
  try {
    const stats = await lstat(target);
    if (stats.isSymbolicLink()) throw new StudioError('forbidden', `Refusing to write through a symlink: ${relativePath}`);
    if (!stats.isFile()) throw new StudioError('forbidden', `Not a regular file: ${relativePath}`);
  } catch (error) {
    if (!isMissing(error)) throw tooLong(error, relativePath) ?? error;
  }
  return target;
}
