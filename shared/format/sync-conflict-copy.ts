// Sync tools (Syncthing, Dropbox, OneDrive) keep the losing side of a clash as a copy beside the
// file, under a name of their own. In a person's folder (annotations/) such a copy is no person:
// read as one it became an annotator who agreed 100% with the file it copies.

/** Names sync tools give a conflict copy, as `<stem><mark>`: the stem is the copied file's. */
const CONFLICT_COPY_NAMES: readonly RegExp[] = [
  /^(.+?)\.sync-conflict-[^/]*$/i, // Syncthing: alice.sync-conflict-20261207-123456-ABCDEFG
  /^(.+?) \([^()/]*conflicted copy[^()/]*\)$/i, // Dropbox: bob (conflicted copy 2026-12-07), bob (Ann's conflicted copy ...)
  /^(.+?) \(Case Conflict[^()/]*\)$/i, // Dropbox: Alice (Case Conflict), Alice (Case Conflict 1)
];

/**
 * The path of the file a sync tool's conflict copy copies (`annotations/alice.jsonl` for
 * `annotations/alice.sync-conflict-20261207-1234-ABCDEF.jsonl`), or null when the path is no such copy.
 */
export function conflictCopyOf(path: string): string | null {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (const pattern of CONFLICT_COPY_NAMES) {
    const match = pattern.exec(stem);
    if (match) return `${path.slice(0, slash + 1)}${match[1]}${extension}`;
  }
  return null;
}

/** What is said of a conflict copy, where its file's problems are listed. */
export const conflictCopyMessage = (original: string): string =>
  `a sync tool's conflict copy of ${original}: merge its lines into that file, then delete it; not read until then`;
