// Reading, listing and writing the files of one dataset, given its real root path.
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatasetFile, VersionedText, WrittenVersion } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import { writeFileAtomic } from './atomic-write';
import { isHiddenName } from '../../shared/format/dataset-path';
import { appendIfUnchanged, refuseMarkedText, versionedText, writeIfUnchanged } from './conditional-write';
import { folderNotFile, regularFileStream } from './regular-file';
import { readLongLinesMarked } from './utf8-text';
import { compareCodePoints } from './code-point-order';
import { fileSystemFailure } from './file-system-failures';
import { isInsideRoot, resolveExisting, resolveWritable } from './safe-path';

/**
 * Text past this many UTF-16 units is refused: V8 makes no string over 2^29 - 24 units, and the
 * browser host's answer is JSON of it. Larger files are media (the renderer streams them through
 * mediaUrl). Counted on the text answered, not the file: lines too long to read are only their mark.
 */
const maxTextLength = 256 * 1024 * 1024;

/** The file's bytes, read as a stream (a folder, FIFO or device refused, also if swapped in meanwhile). */
async function datasetFileStream(realRoot: string, relativePath: string): Promise<AsyncIterable<Buffer>> {
  const file = await resolveExisting(realRoot, relativePath, 'file');
  if ((await stat(file)).isDirectory()) throw folderNotFile(relativePath);
  return regularFileStream(file, { highWaterMark: 1 << 20 });
}

/**
 * A dataset file's text for reading, each line that is not UTF-8 marked and each line too long to
 * read given as its mark (utf8-text.ts), so the loader names them.
 */
export async function readDatasetText(realRoot: string, relativePath: string): Promise<string> {
  return (await readLongLinesMarked(await datasetFileStream(realRoot, relativePath), { name: relativePath, maxTextLength })).text;
}

/**
 * Files below `relativeDir` (recursively), with dataset-relative paths in code-point order, and
 * the symbolic links to folders found there (`link: 'folder'`, path ending in '/', not followed).
 */
export async function listDatasetFiles(realRoot: string, relativeDir: string): Promise<DatasetFile[]> {
  const dir = relativeDir.replace(/\/$/, '');
  // A folder that is not there yet (reviews/ before the first review) holds no file: an empty
  // list, not an error the browser would log as a failed request on every page load.
  const start = await resolveExisting(realRoot, dir, 'dir').catch((error: unknown) => {
    if (error instanceof StudioError && error.code === 'not-found') return null;
    throw error;
  });
  if (start === null) return [];
  if (!(await stat(start)).isDirectory()) throw new StudioError('not-found', `Not a folder: ${relativeDir}`);
  const files: DatasetFile[] = [];
  await collectFiles(realRoot, start, dir, files);
  return files.sort((a, b) => compareCodePoints(a.path, b.path));
}

async function collectFiles(realRoot: string, folder: string, relativeFolder: string, into: DatasetFile[], top = true): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    // A folder below that cannot be read (a path too long, no permission) costs its own files, not
    // the listing; the evaluation names it as a problem (node-source.ts).
    if (top) throw error;
    return;
  }
  for (const entry of entries) {
    if (isHiddenName(entry.name)) continue; // not the dataset's (.git, our own temporary files)
    const absolute = path.join(folder, entry.name);
    const relative = relativeFolder === '' ? entry.name : `${relativeFolder}/${entry.name}`;
    if (entry.isDirectory()) {
      await collectFiles(realRoot, absolute, relative, into, false);
    } else if (entry.isFile()) {
      // A file whose path passes the system's limit cannot be read: not listed (the evaluation names its folder's files as problems).
      const stats = await stat(absolute).catch(() => null);
      if (stats) into.push({ path: relative, size: stats.size });
    } else if (entry.isSymbolicLink()) {
      // Symlinked files count when they stay inside the dataset. Symlinked folders, wherever they
      // lead, are listed as links and not followed (which also rules out cycles), as the CLI's
      // reading does (evaluation/node-source.ts), so the studio can say why one is left out.
      const real = await realpath(absolute).catch(() => null);
      if (real === null) continue;
      const stats = await stat(real).catch(() => null);
      if (stats?.isDirectory()) into.push({ path: `${relative}/`, size: 0, link: 'folder' });
      else if (stats?.isFile() && isInsideRoot(realRoot, real)) into.push({ path: relative, size: stats.size });
    }
  }
}

/** The codes whose meaning, for a write of the dataset's file, needs more than the common words, and what to do. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ENAMETOOLONG: "the name is too long for the dataset's file system",
  ENOENT: 'a folder on its way is missing or a broken link; make it a folder in the dataset',
  ENOTDIR: 'a folder on its way is a file or a broken link; make it a folder in the dataset',
  ELOOP: 'a folder on its way is a link that loops',
};

/**
 * A write's file-system failure said of the dataset's file, with the path as the dataset names it:
 * Node's message names the absolute path on the host, which a team host would otherwise send to
 * every member's browser. The code stays 'internal' (a writer keeps the change and tries again:
 * permissions fixed, space freed) and the message keeps Node's code, which hostErrors reads for
 * its advice.
 */
function writeFailure(error: unknown, relativePath: string): unknown {
  if (error instanceof StudioError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = (fileSystemFailure(error, WRITE_FAILURES)?.words ?? 'the write failed') + (code ? ` (${code})` : '');
  return new StudioError('internal', `${relativePath} could not be written: ${reason}`);
}

/** Runs a write of `relativePath`, its failures said by writeFailure. */
async function writing<T>(relativePath: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw writeFailure(error, relativePath);
  }
}

export function writeDatasetText(realRoot: string, relativePath: string, content: string): Promise<DatasetFile> {
  return writing(relativePath, async () => {
    refuseMarkedText(relativePath, content);
    const target = await resolveWritable(realRoot, relativePath);
    await writeFileAtomic(target, content);
    return { path: relativePath, size: Buffer.byteLength(content, 'utf8') };
  });
}

/**
 * A dataset file's text for rewriting, with the hash of its bytes that a conditional write compares
 * (conditional-write.ts); both null when it does not exist (a folder or a link out is refused). No
 * line that is not UTF-8 is marked (`notUtf8Lines` names them), so that a mark is never written
 * back; a line too long to read is its mark, and `longLines` names it. A file with either is not
 * rewritten from text at all (writeIfUnchanged says which line), and an append keeps its bytes.
 */
export async function readDatasetVersioned(realRoot: string, relativePath: string): Promise<VersionedText> {
  try {
    return await versionedText(await datasetFileStream(realRoot, relativePath), { name: relativePath, maxTextLength });
  } catch (error) {
    if (StudioError.from(error).code === 'not-found') return { text: null, hash: null };
    throw error;
  }
}

export function writeDatasetTextIfUnchanged(realRoot: string, relativePath: string, content: string, expectedHash: string | null): Promise<WrittenVersion> {
  return writing(relativePath, async () => {
    const target = await resolveWritable(realRoot, relativePath);
    const hash = await writeIfUnchanged(target, content, expectedHash, relativePath);
    return { path: relativePath, size: Buffer.byteLength(content, 'utf8'), hash };
  });
}

export function appendDatasetLinesIfUnchanged(realRoot: string, relativePath: string, lines: string, expectedHash: string | null): Promise<WrittenVersion> {
  return writing(relativePath, async () => {
    const target = await resolveWritable(realRoot, relativePath);
    const { hash, size } = await appendIfUnchanged(target, lines, expectedHash, relativePath);
    return { path: relativePath, size, hash };
  });
}
