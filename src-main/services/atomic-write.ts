// Readers (the studio itself, the CLI, a text editor) must never see a half-written file, and a
// crash or power cut must leave either the old file or the new one: write a temporary file in the
// same folder with the target's permissions, fsync it, rename it over the target, then fsync the
// folder so that the rename itself is on disk.
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { makeFolders } from './make-folders';
import path from 'node:path';

/** Temporary files carry this suffix (and a leading dot: hidden names, which no listing shows). */
export const atomicTempSuffix = '.studio-tmp';

/** The permission bits of an existing file at `target`, or null for a new file. */
async function existingMode(target: string): Promise<number | null> {
  try {
    const stats = await stat(target);
    return stats.isFile() ? stats.mode & 0o7777 : null;
  } catch {
    return null;
  }
}

/** Makes a rename in `folder` durable. Some platforms (Windows) cannot open or sync a folder. */
async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes `data` (or its chunks) to `target` as above. `beforeRename` runs once the new content is on disk, just
 * before it takes the path: it may throw to leave the target as it is (the temporary file is
 * removed). Returns the stat of what was written, taken before the rename: the file as this
 * write left it, whatever another program does to the path after.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array | AsyncIterable<Uint8Array>, beforeRename?: () => Promise<void>): Promise<Stats> {
  const folder = path.dirname(target);
  await makeFolders(folder);
  const mode = await existingMode(target);
  const temp = path.join(folder, `.${path.basename(target)}.${randomBytes(6).toString('hex')}${atomicTempSuffix}`);
  const handle = await open(temp, 'wx', mode ?? 0o666);
  let written: Stats;
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
    // In chunks as they come (an append copies a file of any size without holding it).
    else for await (const chunk of data) for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
    // open() applies the umask; an existing file keeps exactly the mode it had.
    if (mode !== null) await handle.chmod(mode);
    await handle.sync();
    written = await handle.stat();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await beforeRename?.();
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
  return written;
}
