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
import { open, rm, stat } from 'node:fs/promises';
import { makeFolders } from './make-folders';
import path from 'node:path';
import type { VersionedText } from '../../shared/api/studio-api';
import { keyedQueue } from '../../shared/async/keyed-queue';
import { StudioError } from '../../shared/api/studio-error';
import { firstMarkedLine, MAX_LINE_LENGTH, NOT_UTF8_MARK, notUtf8LineNumbers, unreadLineMessage } from '../../shared/format/jsonl';
import { atomicTempSuffix, writeFileAtomic } from './atomic-write';
import { readLongLinesMarked, type MarkedReadOptions } from './utf8-text';
import { currentStamp, rememberOwnWrite, untilStill, type FileStamp } from './still-file';

export function contentHash(text: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** A file's bytes as a stream, opened now (null: no file), so that a missing file is told apart before the read. */
async function streamIfExists(file: string): Promise<AsyncIterable<Buffer> | null> {
  try {
    return (await open(file, 'r')).createReadStream({ highWaterMark: 1 << 20, autoClose: true });
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
  // The host's own files (updateTextFile) are read whole: their text is written back.
  return versionedText(await streamIfExists(file), { name: path.basename(file), maxLineLength: Infinity });
}

/**
 * A file's bytes (null: no file) as a writer reads them: every reader for a writer goes through it,
 * so hashes agree. The hash is of all the bytes; the text is unmarked for the lines that are not
 * UTF-8 (`notUtf8Lines` names them, so that no mark is written back), but a line too long to read
 * (LongLineMarker) is its mark there, and `longLines` says the text lacks it: writeIfUnchanged then
 * refuses to rewrite the file, while an append, which keeps the bytes, goes on.
 */
export async function versionedText(chunks: AsyncIterable<Buffer> | null, options: MarkedReadOptions): Promise<VersionedText> {
  if (chunks === null) return { text: null, hash: null };
  const hash = createHash('sha256');
  const { text: marked, longLines } = await readLongLinesMarked(chunks, { ...options, seen: (chunk) => hash.update(chunk) });
  const versioned: VersionedText = { text: marked, hash: `sha256:${hash.digest('hex')}` };
  // Decoded UTF-8 has no lone surrogate: each NOT_UTF8_MARK is a mark.
  if (marked.includes(NOT_UTF8_MARK)) {
    versioned.notUtf8Lines = notUtf8LineNumbers(marked);
    versioned.text = marked.replaceAll(NOT_UTF8_MARK, '');
  }
  if (longLines.length > 0) versioned.longLines = longLines;
  return versioned;
}

/**
 * A file with bytes that are not UTF-8 is not rewritten from text: the text holds U+FFFD in their
 * place, and the rewrite would change them for good, silently (and what said so would say no more).
 * Nor one with a line too long to read: the text its writer read lacks that line, and a rewrite
 * would drop it.
 */
function refuseUnread(name: string, read: VersionedText): void {
  const notUtf8 = read.notUtf8Lines?.[0];
  if (notUtf8 !== undefined)
    throw new StudioError(
      'forbidden',
      `${name}: line ${notUtf8} is not UTF-8 (saved in another encoding?); the studio does not rewrite the file, which would replace those bytes: fix that line's encoding, then try again`,
    );
  const long = read.longLines?.[0];
  if (long !== undefined)
    throw new StudioError(
      'forbidden',
      `${name}: line ${long} is too long for the studio to read (past ${MAX_LINE_LENGTH.toLocaleString('en-US')} characters), so it shows the file without it; the studio does not rewrite the file, which would lose that line: shorten or remove it with another program, then try again`,
    );
}

/**
 * Text to write that holds a mark (NOT_UTF8_MARK, TOO_LONG_MARK) came from a read that was not
 * whole: written, the mark would stand for the line it replaced, and the line would be gone.
 */
export function refuseMarkedText(name: string, text: string): void {
  const marked = firstMarkedLine(text);
  if (marked)
    throw new StudioError('invalid-args', `${name}: line ${marked.lineNumber} of the text to write is a mark the studio put where it could not read a line (${unreadLineMessage(marked)}); it is not written`);
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
    const current = await versionedText(await streamIfExists(file), { name });
    if (current.hash !== expectedHash) refuse(name, expectedHash);
    refuseUnread(name, current);
    refuseMarkedText(name, next);
    rememberOwnWrite(file, await writeFileAtomic(file, next, () => unmovedSince(file, read, name, expectedHash)));
    return contentHash(next);
  });
}

type LineEnding = '\n' | '\r\n';

/**
 * The hash of a file's bytes, its size, its last byte (-1: empty) and its first line's ending (null:
 * no line ends yet), read as a stream; null when there is no file.
 */
async function bytesSeen(file: string): Promise<{ hash: string; size: number; last: number; eol: LineEnding | null } | null> {
  const chunks = await streamIfExists(file);
  if (chunks === null) return null;
  const hash = createHash('sha256');
  let size = 0;
  let last = -1;
  let eol: LineEnding | null = null;
  for await (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.length;
    const newline: number = eol === null ? chunk.indexOf(0x0a) : -1;
    // The byte before the first LF may end the chunk before.
    if (newline !== -1) eol = (newline > 0 ? chunk[newline - 1] : last) === 0x0d ? '\r\n' : '\n';
    if (chunk.length > 0) last = chunk[chunk.length - 1];
  }
  return { hash: `sha256:${hash.digest('hex')}`, size, last, eol };
}

/**
 * Appends `lines` (whole lines, each ending in a newline) to the file when it still holds the
 * content of `expectedHash` (once still, as above): the file is rewritten atomically with its old
 * bytes as they are (a line that is not UTF-8 or too long to read stays as it was, and is still
 * reported), a newline if its last line had none, then the lines, all ending as the file's first
 * line does (CRLF or LF). The old bytes are hashed, then
 * copied, as streams: a file with a 600 MB line is not held in memory. Returns the new content's
 * hash and size.
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
    const before = await bytesSeen(file);
    if ((before?.hash ?? null) !== expectedHash) refuse(name, expectedHash);
    // In the file's own line ending (its first line's, as replaceGroundTruthLines writes): a CRLF
    // file (git's autocrlf) with LF lines added shows every line changed in a diff without it.
    const eol = before?.eol ?? '\n';
    const separator = before === null || before.last === -1 || before.last === 0x0a ? '' : eol;
    const tail = Buffer.from(separator + (eol === '\n' ? lines : lines.replace(/\r?\n/g, eol)), 'utf8');
    const old = before === null ? null : await streamIfExists(file);
    const hash = createHash('sha256');
    let copied: string | null = null;
    let size = 0;
    async function* next(): AsyncGenerator<Uint8Array> {
      for await (const chunk of old ?? []) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
      copied = old === null ? null : `sha256:${hash.copy().digest('hex')}`;
      hash.update(tail);
      size += tail.length;
      yield tail;
    }
    const written = await writeFileAtomic(file, next(), async () => {
      // What was copied is what was checked (the stamp below could miss a change within its time's resolution).
      if (copied !== expectedHash) refuse(name, expectedHash);
      await unmovedSince(file, read, name, expectedHash);
    });
    rememberOwnWrite(file, written);
    return { hash: `sha256:${hash.digest('hex')}`, size };
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
