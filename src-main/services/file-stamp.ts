// A file's identity for "unchanged since last time" without reading it: size, modification and
// change times and inode, as git's index keeps them (the change time moves on any write and
// cannot be set back, so a rewrite that puts back the modification time still shows). A file that
// changed within one timestamp tick of the moment it is looked at is "racily clean" (git's term):
// a same-size rewrite in that tick would keep every field, so it gets no stamp and callers read it.
// Limit: file times come from the file system's clock (a network share's server), "now" from this
// machine's; a server clock seconds behind on a share with whole-second times could vouch too early
// (git compares with its index file's time, on the same clock; our caches live elsewhere).
import { stat } from 'node:fs/promises';

/** The fields a stamp is made of, as a stat gives them. */
export interface StampedStats {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** A stat's stamp whenever it was taken (fileStamp adds the racy-clean check): size, modification and change times, inode. */
export const statStamp = ({ size, mtimeMs, ctimeMs, ino }: StampedStats): string => `${size}:${mtimeMs}:${ctimeMs}:${ino}`;

/**
 * Whether a file last changed at `changedMs` was looked at (`atMs`) too soon after for its times to
 * vouch for its content. A time in whole seconds may come from a file system that keeps no finer
 * (FAT 2 s, HFS+ 1 s); ext4 and NTFS keep far finer ones (ext4's clock ticks in jiffies, <= 10 ms).
 */
export function changedWithinTick(changedMs: number, atMs: number): boolean {
  return atMs - changedMs <= (changedMs % 1000 === 0 ? 3000 : 100);
}

/** A stat taken at `atMs` (read before the look): its stamp, and whether it changed within a tick of the look (then the stamp cannot vouch for the content). */
export function stampOf(stats: StampedStats, atMs: number): { stamp: string; racy: boolean } {
  return { stamp: statStamp(stats), racy: changedWithinTick(Math.max(stats.mtimeMs, stats.ctimeMs), atMs) };
}

/**
 * A file's size, modification time, change time and inode: the same stamp, the same file. Null
 * when the file changed within a tick of now (no stamp can vouch for it). Rejects when it cannot
 * be read. Take it before reading the file: a change after that makes another stamp.
 */
export async function fileStamp(absolute: string): Promise<string | null> {
  const atMs = Date.now(); // before the look: the file seen is at least this new
  const { stamp, racy } = stampOf(await stat(absolute), atMs);
  return racy ? null : stamp;
}
