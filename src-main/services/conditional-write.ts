// Conditional writes: a writer names the content hash of the file as it last read it, and the
// write is refused (StudioError 'conflict', HTTP 409) when the file holds something else by now.
// Two writers that start from one read can then never lose one of the two updates: the second
// one learns that the file moved, reads it again and merges (or asks its user).
//
// The check and the write happen under a lock: in this process a promise chain per file, across
// processes (two hosts on one synced folder, the CLI) a lock file created with O_EXCL beside the
// target. The lock file is named like atomic-write's temporary files, so listings and the
// annotation watcher skip it.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../../shared/api/studio-error';
import { atomicTempSuffix, writeFileAtomic } from './atomic-write';

/** The file's content as read, and its hash; both null when the file does not exist. */
export interface VersionedText {
  text: string | null;
  hash: string | null;
}

export function contentHash(text: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function readVersioned(file: string): Promise<VersionedText> {
  const text = await readIfExists(file);
  return { text, hash: text === null ? null : contentHash(text) };
}

const chains = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier call for the same file in this process has finished. */
function inProcessQueue<T>(file: string, work: () => Promise<T>): Promise<T> {
  const previous = chains.get(file) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  chains.set(file, settled);
  void settled.then(() => {
    if (chains.get(file) === settled) chains.delete(file);
  });
  return run;
}

/** A lock file older than this was left by a process that died holding it. */
const staleLockMs = 10_000;
const lockWaitMs = 5_000;

function lockPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.lock${atomicTempSuffix}`);
}

async function withLockFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = lockPath(file);
  await mkdir(path.dirname(file), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > staleLockMs) await rm(lock, { force: true });
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
 * Replaces the file with `next` (atomically, flushed) when it still holds the content of
 * `expectedHash` (null: the file must not exist). Returns the new hash. `name` is what the
 * refusal message calls the file (its dataset-relative path).
 */
export function writeIfUnchanged(file: string, next: string, expectedHash: string | null, name = path.basename(file)): Promise<string> {
  return withFileLock(file, async () => {
    const current = await readVersioned(file);
    if (current.hash !== expectedHash) refuse(name, expectedHash);
    await writeFileAtomic(file, next);
    return contentHash(next);
  });
}

/**
 * Appends `lines` (whole lines, each ending in a newline) to the file when it still holds the
 * content of `expectedHash`: the file is rewritten atomically with its old text, a newline if
 * its last line had none, then the lines. Returns the new text's hash and size.
 */
export function appendIfUnchanged(
  file: string,
  lines: string,
  expectedHash: string | null,
  name = path.basename(file),
): Promise<{ hash: string; size: number }> {
  return withFileLock(file, async () => {
    const current = await readVersioned(file);
    if (current.hash !== expectedHash) refuse(name, expectedHash);
    const head = current.text ?? '';
    const next = head + (head === '' || head.endsWith('\n') ? '' : '\n') + lines;
    await writeFileAtomic(file, next);
    return { hash: contentHash(next), size: Buffer.byteLength(next, 'utf8') };
  });
}

/**
 * Read, modify, write for files the host keeps itself (video-folders.json, recent datasets):
 * `update` gets the current text (null when missing) and returns the new one; under the lock no
 * other cooperating writer can slip in between, so concurrent updates all survive.
 */
export function updateTextFile(file: string, update: (text: string | null) => string): Promise<string> {
  return withFileLock(file, async () => {
    const next = update(await readIfExists(file));
    await writeFileAtomic(file, next);
    return next;
  });
}
