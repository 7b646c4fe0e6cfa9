// Paths relative to a dataset root, written with forward slashes: those the renderer sends, and
// those dataset files name (a task's video). This is the cheap syntactic gate shared by the zod
// validators, the loader and the services; the services still resolve real paths on disk,
// because a symlink can escape where the syntax looks fine.

/** True when `path` is a plain dataset-relative path: no `..`, no absolute part, no backslash. */
export function isDatasetRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > 1024) return false;
  if (path.includes('\0') || path.includes('\\')) return false;
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '..' && segment !== '.' && segment !== '');
}

/** Like isDatasetRelativePath, but the empty string names the dataset root itself. */
export function isDatasetRelativeDir(path: string): boolean {
  return path === '' || isDatasetRelativePath(path.replace(/\/$/, ''));
}
