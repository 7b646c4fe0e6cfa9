// Conditional writes: a writer names the content hash of the file as it last read it, and the
// write is refused (StudioError 'conflict', HTTP 409) when the file holds something else by now.
// Two writers that start from one read can then never lose one of the two updates: the second
// one learns that the file moved, reads it again and merges (or asks its user).
//
// The check and the write happen under a lock: in this process a promise chain per file, across
// processes (two hosts on one synced folder, the CLI) a lock file created with O_EXCL beside the
// target. The lock file is named like atomic-write's temporary files, so listings and the
// annotation watcher skip it.
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { makeFolders } from './make-folders';
import path from 'node:path';
import type { VersionedText } from '../../shared/api/studio-api';
import { keyedQueue } from '../../shared/async/keyed-queue';
import { StudioError } from '../../shared/api/studio-error';
import { firstNonUtf8Line, notUtf8LineNumbers } from '../../shared/format/jsonl';
import { atomicTempSuffix, writeFileAtomic } from './atomic-write';
import { decodeMarked } from './utf8-text';
import { currentStamp, rememberOwnWrite, untilStill, type FileStamp } from './still-file';

export function contentHash(text: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

async function bytesIfExist(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The file's text and the hash of its bytes (the same as the text's for UTF-8, as every file should
 * be: SPEC §1). Bytes that are not UTF-8 read as U+FFFD in the text, but the hash still tells two
 * such files apart.
 */
export async function readVersioned(file: string): Promise<VersionedText> {
  return versionedText(await bytesIfExist(file));
}

/** A file's bytes (null: no file) as readVersioned gives them: every reader for a writer goes through it, so hashes agree. */
export function versionedText(bytes: Buffer | null): VersionedText {
  const versioned: VersionedText = { text: bytes === null ? null : bytes.toString('utf8'), hash: hashOf(bytes) };
  if (bytes !== null && !isUtf8(bytes)) versioned.notUtf8Lines = notUtf8LineNumbers(decodeMarked(bytes));
  return versioned;
}

/** The hash a writer names for these bytes; null for no file. */
const hashOf = (bytes: Buffer | null): string | null => (bytes === null ? null : contentHash(bytes));

/**
 * A file with bytes that are not UTF-8 is not rewritten from text: the text holds U+FFFD in their
 * place, and the rewrite would change them for good, silently (and what said so would say no more).
 */
function refuseNotUtf8(name: string, bytes: Buffer): never {
  const line = firstNonUtf8Line(decodeMarked(bytes));
  throw new StudioError(
    'forbidden',
    `${name}: line ${line} is not UTF-8 (saved in another encoding?); the studio does not rewrite the file, which would replace those bytes: fix that line's encoding, then try again`,
  );
}

/** Runs `work` after every earlier call for the same file in this process has finished. */
const inProcessQueue = keyedQueue();

/** A lock file older than this was left by a process that died holding it. */
const staleLockMs = 10_000;
const lockWaitMs = 5_000;
const futureLockMs = 10 * 60_000;

function lockPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.lock${atomicTempSuffix}`);
}

async function withLockFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = lockPath(file);
  await makeFolders(path.dirname(file));
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      // A lock stamped far in the future (a clock set wrong, a copied or crafted file) is stale too:
      // otherwise no save of this file would ever be taken again. Far: two hosts on a network share
      // whose clocks differ by seconds must still respect each other's live locks.
      if (age > staleLockMs || age < -futureLockMs) await rm(lock, { force: true });
      else if (Date.now() - started > lockWaitMs) throw new StudioError('conflict', `${path.basename(file)} is being written by another process; try again`);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

/** Holds the file's lock (this process and others) while `work` runs. */
export function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  return inProcessQueue(file, () => withLockFile(file, work));
}

function refuse(name: string, expected: string | null): never {
  throw new StudioError(
    'conflict',
    expected === null
      ? `${name} was created by someone else since you read it: read it again and retry`
      : `${name} changed since you read it (another window, person or program wrote it): read it again and retry`,
  );
}

/**
 * Refuses the write when another program changed the file since it was read and checked (`read`:
 * its stamp when untilStill let it be read): a truncation there would otherwise be replaced
 * unseen. The gap left is the one from this stat to the rename.
 */
async function unmovedSince(file: string, read: FileStamp | null, name: string, expectedHash: string | null): Promise<void> {
  if ((await currentStamp(file)) !== read) refuse(name, expectedHash);
}

/**
 * Replaces the file with `next` (atomically, flushed) when it still holds the content of
 * `expectedHash` (null: the file must not exist), once it has been still for a moment if another
 * program wrote it (still-file.ts). Returns the new hash. `name` is what the refusal message calls
 * the file (its dataset-relative path).
 */
export function writeIfUnchanged(file: string, next: string, expectedHash: string | null, name = path.basename(file)): Promise<string> {
  return withFileLock(file, async () => {
    // The stamp before the read: the file is refused if it moves between that and the rename.
    const read = await untilStill(file);
    const bytes = await bytesIfExist(file);
    if (hashOf(bytes) !== expectedHash) refuse(name, expectedHash);
    if (bytes !== null && !isUtf8(bytes)) refuseNotUtf8(name, bytes);
    rememberOwnWrite(file, await writeFileAtomic(file, next, () => unmovedSince(file, read, name, expectedHash)));
    return contentHash(next);
  });
}

/**
 * Appends `lines` (whole lines, each ending in a newline) to the file when it still holds the
 * content of `expectedHash` (once still, as above): the file is rewritten atomically with its old
 * bytes as they are (a line that is not UTF-8 stays as it was, and is still reported), a newline if
 * its last line had none, then the lines. Returns the new content's hash and size.
 */
export function appendIfUnchanged(
  file: string,
  lines: string,
  expectedHash: string | null,
  name = path.basename(file),
): Promise<{ hash: string; size: number }> {
  return withFileLock(file, async () => {
    // The stamp before the read: the file is refused if it moves between that and the rename.
    const read = await untilStill(file);
    const current = await bytesIfExist(file);
    if (hashOf(current) !== expectedHash) refuse(name, expectedHash);
    const head = current ?? Buffer.alloc(0);
    const newline = head.length === 0 || head[head.length - 1] === 0x0a ? '' : '\n';
    const next = Buffer.concat([head, Buffer.from(newline + lines, 'utf8')]);
    rememberOwnWrite(file, await writeFileAtomic(file, next, () => unmovedSince(file, read, name, expectedHash)));
    return { hash: contentHash(next), size: next.length };
  });
}

/**
 * Read, modify, write for files the host keeps itself (video-folders.json, recent datasets):
 * `update` gets the current text (null when missing) and returns the new one; under the lock no
 * other cooperating writer can slip in between, so concurrent updates all survive.
 */
export function updateTextFile(file: string, update: (text: string | null) => string): Promise<string> {
  return withFileLock(file, async () => {
    const next = update((await readVersioned(file)).text);
    await writeFileAtomic(file, next);
    return next;
  });
}
