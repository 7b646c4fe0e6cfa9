// Splits trajectory files into byte ranges that end at line boundaries, so worker threads can
// read and parse their share themselves (no decoding or copying of text in the main thread).
import type { FileHandle } from 'node:fs/promises';
import { openRegularFile } from '../regular-file';
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

export async function chunkFiles(files: readonly TrajectoryFile[], chunkBytes: number): Promise<FileChunk[]> {
  const chunks: FileChunk[] = [];
  for (const [fileIndex, file] of files.entries()) {
    const base = { fileIndex, display: file.display, absolute: file.absolute };
    if (file.size <= chunkBytes) {
      chunks.push({ ...base, chunkIndex: 0, start: 0, end: file.size });
      continue;
    }
    const handle = await openRegularFile(file.absolute); // not a FIFO swapped in since the listing
    try {
      let start = 0;
      for (let chunkIndex = 0; start < file.size; chunkIndex++) {
        const end = start + chunkBytes >= file.size ? file.size : await nextLineStart(handle, start + chunkBytes, file.size);
        chunks.push({ ...base, chunkIndex, start, end });
        start = end;
      }
    } finally {
      await handle.close();
    }
  }
  return chunks;
}
