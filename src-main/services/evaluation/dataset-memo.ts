// The loaded dataset (tasks, ground truth, scenarios, annotations) kept between evaluations of
// the same folder in one process: reopening a dataset parses and validates its files again only
// when one of them changed. Every read and listing the loader made is recorded with a hash of what
// it gave; the copy is used again only when each one gives the same now. A file whose stamp (size,
// times, inode: file-stamp.ts) is the one taken before it was read is not read again (as the
// score cache's content hashes and git's index do).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { loadDataset, type LoadedDataset } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';
import { fileStamp } from '../file-stamp';

/** One call the loader made and a hash of its outcome (text, listing, or error). Plain JSON data. */
export interface Read {
  call: 'readText' | 'readChunks' | 'listFiles' | 'listDirs' | 'listDirLinks';
  path: string;
  outcome: string;
  /** A file read whole: its stamp (file-stamp.ts), taken before the read; null when it had just changed. Set when a later check finds it settled and the same. */
  stamp?: string | null;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

async function outcomeOf(source: DatasetSource, call: Read['call'], p: string): Promise<string> {
  try {
    switch (call) {
      case 'readText': {
        const text = await source.readText(p);
        return text === null ? 'missing' : `text ${digest(text)}`;
      }
      case 'readChunks': {
        const chunks = await source.readChunks(p);
        if (chunks === null) return 'missing';
        const hash = createHash('sha256');
        for await (const chunk of chunks) hash.update(chunk);
        return `text ${hash.digest('hex')}`;
      }
      case 'listDirLinks':
        return `list ${JSON.stringify((await source.listDirLinks?.(p)) ?? [])}`;
      default:
        return `list ${JSON.stringify(await source[call](p))}`;
    }
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
}

/** The file's stamp (file-stamp.ts); null when it cannot be read or changed a moment ago (then it is read again). */
async function stampOf(root: string, p: string): Promise<string | null> {
  return fileStamp(path.join(root, p)).catch(() => null);
}

/** Whether every read gives what it gave before (`root`: the folder the paths are under). */
export async function unchangedReads(root: string, source: DatasetSource, reads: readonly Read[]): Promise<boolean> {
  return (await Promise.all(reads.map((r) => sameAsBefore(root, source, r)))).every(Boolean);
}

/**
 * Whether the read gives what it gave before: the file unchanged since, or the same hash now. A
 * file read again and found the same takes the stamp taken just before (when it has one now: it
 * had just changed when first read), so it is not read again next time.
 */
async function sameAsBefore(root: string, source: DatasetSource, read: Read): Promise<boolean> {
  const isFile = read.call === 'readText' || read.call === 'readChunks';
  const stamp = isFile ? await stampOf(root, read.path) : null;
  if (read.stamp && read.stamp === stamp) return true;
  const same = (await outcomeOf(source, read.call, read.path)) === read.outcome;
  if (same && stamp !== null && read.outcome.startsWith('text ')) read.stamp = stamp;
  return same;
}

/**
 * The source as the loader sees it, every call noted in `reads` with a hash of its outcome, and
 * each file read with its stamp from before the read (a change after it makes a stamp that differs).
 */
function recording(root: string, source: DatasetSource, reads: Read[]): DatasetSource {
  const note = (call: Read['call'], p: string, outcome: string, stamp: string | null = null) => reads.push({ call, path: p, outcome, stamp });
  const failed = (call: Read['call'], p: string) => (error: unknown) => {
    note(call, p, `error ${(error as Error).message}`);
    throw error;
  };
  return {
    label: source.label,
    readText: async (p) => {
      const stamp = await stampOf(root, p);
      return source.readText(p).then((text) => {
        if (text === null) note('readText', p, 'missing');
        else note('readText', p, `text ${digest(text)}`, stamp);
        return text;
      }, failed('readText', p));
    },
    readChunks: async (p) => {
      const stamp = await stampOf(root, p);
      return source.readChunks(p).then((chunks) => {
        if (chunks === null) {
          note('readChunks', p, 'missing');
          return null;
        }
        return (async function* () {
          const hash = createHash('sha256');
          let whole = false;
          try {
            for await (const chunk of chunks) {
              hash.update(chunk);
              yield chunk;
            }
            whole = true;
          } catch (error) {
            failed('readChunks', p)(error);
          } finally {
            // A file the loader stopped reading part way matches nothing: the next open loads again.
            if (whole) note('readChunks', p, `text ${hash.digest('hex')}`, stamp);
            else if (!reads.some((r) => r.call === 'readChunks' && r.path === p)) note('readChunks', p, 'read in part');
          }
        })();
      }, failed('readChunks', p));
    },
    listFiles: (dir) =>
      source.listFiles(dir).then((files) => {
        note('listFiles', dir, `list ${JSON.stringify(files)}`);
        return files;
      }, failed('listFiles', dir)),
    listDirs: (dir) =>
      source.listDirs(dir).then((dirs) => {
        note('listDirs', dir, `list ${JSON.stringify(dirs)}`);
        return dirs;
      }, failed('listDirs', dir)),
    listDirLinks: (dir) =>
      (source.listDirLinks?.(dir) ?? Promise.resolve([])).then((links) => {
        note('listDirLinks', dir, `list ${JSON.stringify(links)}`);
        return links;
      }, failed('listDirLinks', dir)),
  };
}

/** Folders remembered at once (the studio has one dataset open; a second for switching back). */
const KEEP = 2;
const memo = new Map<string, { reads: Read[]; dataset: LoadedDataset }>();
/** The reads each dataset given out was loaded from (the same object is given only while they are unchanged). */
const readsOfDataset = new WeakMap<LoadedDataset, readonly Read[]>();

/** What the loader read to make a dataset loadDatasetMemo gave: unchanged reads give the same dataset. */
export function readsOf(dataset: LoadedDataset): readonly Read[] | undefined {
  return readsOfDataset.get(dataset);
}

/**
 * The folder's dataset: the copy loaded last time when every file and listing the loader read is
 * the same now, else loaded again. `key` is the folder's path (files are stamped under it). Callers do not change it.
 */
export async function loadDatasetMemo(key: string, source: DatasetSource): Promise<LoadedDataset> {
  const known = memo.get(key);
  if (known) {
    if (await unchangedReads(key, source, known.reads)) {
      memo.delete(key);
      memo.set(key, known); // most recently used last
      return known.dataset;
    }
  }
  const reads: Read[] = [];
  const dataset = await loadDataset(recording(key, source, reads));
  readsOfDataset.set(dataset, reads);
  memo.delete(key);
  memo.set(key, { reads, dataset });
  while (memo.size > KEEP) memo.delete(memo.keys().next().value!);
  return dataset;
}
