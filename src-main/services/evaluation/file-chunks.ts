// Splits trajectory files into byte ranges that end at line boundaries, so worker threads can
// read and parse their share themselves (no decoding or copying of text in the main thread).
import type { FileHandle } from 'node:fs/promises';
import { openRegularFile } from '../regular-file';
import { unreadableFileMessage } from './file-failures';
import type { TrajectoryFile } from './trajectory-files';

export interface FileChunk {
  /** Index of the file in read order, and of the chunk within it. */
  fileIndex: number;
  chunkIndex: number;
  display: string;
  absolute: string;
  start: number;
  /** Exclusive; the chunk ends just after a newline or at the end of the file. */
  end: number;
}

const NEWLINE = 0x0a;
const PROBE = 64 * 1024;

/** The offset just after the first newline at or after `from`, or the file size. */
async function nextLineStart(handle: FileHandle, from: number, size: number): Promise<number> {
  const buffer = Buffer.alloc(PROBE);
  for (let at = from; at < size; at += PROBE) {
    const { bytesRead } = await handle.read(buffer, 0, PROBE, at);
    const index = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
    if (index !== -1) return at + index + 1;
    if (bytesRead === 0) break;
  }
  return size;
}

/**
 * The files' chunks. A file that cannot be opened or read now (gone, unreadable since it was
 * listed) has none: its index goes to `failures` with its problem (file-failures.ts), and the
 * others are cut as ever.
 */
export async function chunkFiles(
  files: readonly Pick<TrajectoryFile, 'display' | 'absolute' | 'size'>[],
  chunkBytes: number,
  failures: Map<number, string> = new Map(),
): Promise<FileChunk[]> {
  const chunks: FileChunk[] = [];
  for (const [fileIndex, file] of files.entries()) {
    const base = { fileIndex, display: file.display, absolute: file.absolute };
    if (file.size <= chunkBytes) {
      chunks.push({ ...base, chunkIndex: 0, start: 0, end: file.size });
      continue;
    }
    let handle: FileHandle;
    try {
      handle = await openRegularFile(file.absolute); // not a FIFO swapped in since the listing
    } catch (error) {
      failures.set(fileIndex, unreadableFileMessage(error));
      continue;
    }
    const cut: FileChunk[] = [];
    try {
      let start = 0;
      for (let chunkIndex = 0; start < file.size; chunkIndex++) {
        const end = start + chunkBytes >= file.size ? file.size : await nextLineStart(handle, start + chunkBytes, file.size);
        cut.push({ ...base, chunkIndex, start, end });
        start = end;
      }
      chunks.push(...cut);
    } catch (error) {
      failures.set(fileIndex, unreadableFileMessage(error));
    } finally {
      await handle.close();
    }
  }
  return chunks;
}
