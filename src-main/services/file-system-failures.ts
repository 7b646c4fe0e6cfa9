// What a file-system error code means, in words: Node's own message names the whole host path
// (`EACCES: permission denied, open '/home/…'`), which a problem list or a team member's browser
// should not show. One table; each place adds the words its context needs for the codes whose
// meaning depends on what was being done (a missing path is "not found" to a reader, a missing
// folder on the way to a writer).

const COMMON: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  ELOOP: 'a link on its way loops',
  ENAMETOOLONG: 'its path is too long for this system',
};

/** The error's code in words (`specific` first, then the common table), or null for a code neither knows (or no code). */
export function fileSystemFailure(error: unknown, specific: Readonly<Record<string, string>> = {}): { code: string; words: string } | null {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return null;
  const words = Object.hasOwn(specific, code) ? specific[code] : Object.hasOwn(COMMON, code) ? COMMON[code] : undefined;
  return words === undefined ? null : { code, words };
}
