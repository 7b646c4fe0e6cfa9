// Reading a file from a dataset, which is somebody else's folder: only regular files. A FIFO
// named dataset.json would block the reader until someone writes to it, a device such as
// /dev/zero would never end; both are refused. The file is opened non-blocking and checked on
// the open handle, so it cannot be swapped for a FIFO between the check and the read.
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../../shared/api/studio-error';
import { decodeMarked, markedTextChunks } from './utf8-text';

function notRegular(file: string): StudioError {
  return new StudioError('forbidden', `Not a regular file (a FIFO, socket or device is never read): ${path.basename(file)}`);
}

/**
 * A folder where a file is expected: refused, not missing, so a dataset whose tasks.jsonl is a
 * folder says so (the loader reports a refusal as a problem of that path) instead of "missing".
 */
export function folderNotFile(name: string): StudioError {
  return new StudioError('forbidden', `${name} is a folder, not a file`);
}

/** An open handle on a regular file; StudioError 'forbidden' for anything else. */
export async function openRegularFile(file: string): Promise<FileHandle> {
  // Refuse before opening where possible: opening some devices has effects of its own.
  const before = await stat(file);
  if (before.isDirectory()) throw folderNotFile(path.basename(file));
  if (!before.isFile()) throw notRegular(file);
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw notRegular(file);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A regular file's bytes. */
export async function readRegularBytes(file: string): Promise<Buffer> {
  const handle = await openRegularFile(file);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A regular file's text, each line that is not UTF-8 marked (utf8-text.ts). */
export async function readRegularText(file: string): Promise<string> {
  return decodeMarked(await readRegularBytes(file));
}

/**
 * A read stream of a regular file, checked on the handle it reads (a file swapped for a FIFO since
 * it was listed would wait for a writer for ever); the stream closes the handle.
 */
export async function regularFileStream(file: string, options: Parameters<FileHandle['createReadStream']>[0] = {}) {
  return (await openRegularFile(file)).createReadStream({ autoClose: true, ...options });
}

/** A regular file's text in chunks, each line that is not UTF-8 marked (the stream closes the handle). */
export async function regularFileChunks(file: string, options: { start?: number; end?: number } = {}): Promise<AsyncIterable<string>> {
  return markedTextChunks(await regularFileStream(file, { highWaterMark: 1 << 20, ...options }));
}
