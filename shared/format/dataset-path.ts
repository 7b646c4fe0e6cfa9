// Paths relative to a dataset root, written with forward slashes: those the renderer sends, and
// those dataset files name (a task's video). This is the cheap syntactic gate shared by the zod
// validators, the loader and the services; the services still resolve real paths on disk,
// because a symlink can escape where the syntax looks fine.

/** True when `path` is a plain dataset-relative path: no `..`, no absolute part, no backslash, no hidden name. */
export function isDatasetRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > 1024) return false;
  if (path.includes('\0') || path.includes('\\')) return false;
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return false;
  // A hidden name (.git, .DS_Store, an editor's swap file) is not the dataset's: never read, served
  // or written through the studio (a checkout's .git holds every annotator's past lines, and its
  // config can run commands), as the listings leave such names out.
  return path.split('/').every((segment) => segment !== '' && !isHiddenName(segment));
}

/** Whether a file or folder name is hidden (starts with a dot): not part of the dataset. */
export const isHiddenName = (name: string): boolean => name.startsWith('.');

/** Like isDatasetRelativePath, but the empty string names the dataset root itself. */
export function isDatasetRelativeDir(path: string): boolean {
  return path === '' || isDatasetRelativePath(path.replace(/\/$/, ''));
}
