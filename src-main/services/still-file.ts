// A file another program wrote a moment ago may be half-way through that write: emptied (or made
// anew, empty) and not written yet, as editors, scripts and `git checkout` leave it on a busy
// machine. The conditional writers replace files whole (atomic-write: a rename), so a replace in
// that gap sends the other program's write to a file no path names any more: it is lost, and the
// hash the writer named may even match (the client read the empty file too). They wait until the
// file has been still for a moment, then compare its hash as before.
//
// Still is judged on this process's own clock, by watching the file: its time (mtime) alone can
// read a second or two older than the write (filesystems that keep 1 s or 2 s times, FAT on a USB
// drive) or more (a file server whose clock is behind ours), and the wall clock can be stepped.
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

/** How long a file must have been still before it is replaced, unless this process wrote it last. */
export const STILL_MS = 1000;
/**
 * How much older than the write a file's time may read: one older than the stillness asked for by
 * this much more is taken as still without watching it (a file untouched for a while is written at
 * once). A file server whose clock is further behind than this is not guarded.
 */
const MTIME_SLACK_MS = 9000;
/** Longest wait for a file that keeps changing. */
const MAX_WAIT_MS = 3000;
const POLL_MS = 100;

/** What identifies a file's content without reading it: its inode, size and time. */
export type FileStamp = string;
const stampOf = (s: Stats): FileStamp => `${s.ino}:${s.size}:${s.mtimeMs}`;

/** What this process's last write of each file left: a file still as it left it needs no wait. */
const lastOwnWrite = new Map<string, FileStamp>();
/** The stamp each file showed when last watched, and since when (performance.now()) it has shown it. */
const watched = new Map<string, { stamp: FileStamp; since: number }>();

/**
 * Notes the file as this process wrote it: `written` is the stat of what it wrote, taken before
 * the file took the path (atomic-write's temporary file), so another program's write in between
 * is never taken for ours.
 */
export function rememberOwnWrite(file: string, written: Stats): void {
  lastOwnWrite.set(file, stampOf(written));
  watched.delete(file);
}

/** The file's stamp now; null when there is no file. */
export async function currentStamp(file: string): Promise<FileStamp | null> {
  const now = await stat(file).catch(() => null);
  return now ? stampOf(now) : null;
}

/**
 * Resolves once the file is absent, as this process last wrote it, old by its own time, or seen
 * unchanged for `stillMs` (at most MAX_WAIT_MS; the hash check after it refuses a file still moving),
 * with the stamp it showed then (null: no file).
 */
export async function untilStill(file: string, stillMs = STILL_MS): Promise<FileStamp | null> {
  const started = performance.now();
  for (;;) {
    const now = await stat(file).catch(() => null);
    if (!now) return null;
    const stamp = stampOf(now);
    if (lastOwnWrite.get(file) === stamp || Date.now() - now.mtimeMs >= stillMs + MTIME_SLACK_MS) return stamp;
    const seenAt = performance.now();
    let last = watched.get(file);
    if (last?.stamp !== stamp) watched.set(file, (last = { stamp, since: seenAt }));
    const stillFor = seenAt - last.since;
    if (stillFor >= stillMs || seenAt - started >= MAX_WAIT_MS) return stamp;
    await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(stillMs - stillFor, POLL_MS))));
  }
}
