// A file another program wrote a moment ago may be half-way through that write: emptied (or made
// anew, empty) and not written yet, as editors, scripts and `git checkout` leave it on a busy
// machine. The conditional writers replace files whole (atomic-write: a rename), so a replace in
// that gap sends the other program's write to a file no path names any more: it is lost, and the
// hash the writer named may even match (the client read the empty file too). They wait until the
// file has been still for a moment, then compare its hash as before.
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

/** How long a file must have been still before it is replaced, unless this process wrote it last. */
export const STILL_MS = 1000;
/** Longest wait for a file that keeps changing, or whose time is ahead of ours (another machine's clock). */
const MAX_WAIT_MS = 3000;
const POLL_MS = 100;

/** What this process's last write of each file left: a file still as it left it needs no wait. */
const lastOwnWrite = new Map<string, string>();
const stampOf = (s: Stats) => `${s.ino}:${s.size}:${s.mtimeMs}`;

/** Notes the file as this process has just written it. */
export async function rememberOwnWrite(file: string): Promise<void> {
  const written = await stat(file).catch(() => null);
  if (written) lastOwnWrite.set(file, stampOf(written));
  else lastOwnWrite.delete(file);
}

/** Resolves once the file is absent, as this process last wrote it, or unchanged for `stillMs` (at most MAX_WAIT_MS). */
export async function untilStill(file: string, stillMs = STILL_MS): Promise<void> {
  const started = Date.now();
  for (;;) {
    const now = await stat(file).catch(() => null);
    if (!now || lastOwnWrite.get(file) === stampOf(now)) return;
    const stillFor = Date.now() - now.mtimeMs;
    if (stillFor >= stillMs || Date.now() - started >= MAX_WAIT_MS) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(stillMs - stillFor, POLL_MS))));
  }
}
