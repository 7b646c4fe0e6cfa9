// A file's identity for "unchanged since last time" without reading it: size, modification time
// and inode, as git's index keeps them. A file that changed within one timestamp tick of the
// moment it is looked at is "racily clean" (git's term): a same-size rewrite in that tick would
// keep all three, so it gets no stamp and callers read it instead.
import { stat } from 'node:fs/promises';

/**
 * Whether a file last changed at `mtimeMs` was looked at (`atMs`) too soon after for its time to
 * vouch for its content. A time in whole seconds may come from a file system that keeps no finer
 * (FAT 2 s, HFS+ 1 s); ext4 and NTFS keep far finer ones (ext4's clock ticks in jiffies, <= 10 ms).
 */
export function changedWithinTick(mtimeMs: number, atMs: number): boolean {
  return atMs - mtimeMs <= (mtimeMs % 1000 === 0 ? 3000 : 100);
}

/**
 * A file's size, modification time and inode: the same stamp, the same file. Null when the file
 * changed within a tick of now (no stamp can vouch for it). Rejects when it cannot be read.
 */
export async function fileStamp(absolute: string): Promise<string | null> {
  const atMs = Date.now(); // before the look: the file seen is at least this new
  const { size, mtimeMs, ino } = await stat(absolute);
  return changedWithinTick(mtimeMs, atMs) ? null : `${size}:${mtimeMs}:${ino}`;
}
