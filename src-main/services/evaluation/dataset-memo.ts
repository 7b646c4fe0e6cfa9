// The loaded dataset (tasks, ground truth, scenarios, annotations) kept between evaluations of
// the same folder in one process: reopening a dataset re-reads its files but parses and validates
// them again only when one of them changed. Every read and listing the loader made is recorded
// with a hash of what it gave; the copy is used again only when each one gives the same now.
import { createHash } from 'node:crypto';
import { loadDataset, type LoadedDataset } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';

/** One call the loader made and a hash of its outcome (text, listing, or error). */
interface Read {
  call: 'readText' | 'readChunks' | 'listFiles' | 'listDirs';
  path: string;
  outcome: string;
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
      default:
        return `list ${JSON.stringify(await source[call](p))}`;
    }
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
}

/** The source as the loader sees it, every call noted in `reads` with a hash of its outcome. */
function recording(source: DatasetSource, reads: Read[]): DatasetSource {
  const note = (call: Read['call'], p: string, outcome: string) => reads.push({ call, path: p, outcome });
  const failed = (call: Read['call'], p: string) => (error: unknown) => {
    note(call, p, `error ${(error as Error).message}`);
    throw error;
  };
  return {
    label: source.label,
    readText: (p) =>
      source.readText(p).then((text) => {
        note('readText', p, text === null ? 'missing' : `text ${digest(text)}`);
        return text;
      }, failed('readText', p)),
    readChunks: (p) =>
      source.readChunks(p).then((chunks) => {
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
            if (whole) note('readChunks', p, `text ${hash.digest('hex')}`);
            else if (!reads.some((r) => r.call === 'readChunks' && r.path === p)) note('readChunks', p, 'read in part');
          }
        })();
      }, failed('readChunks', p)),
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
  };
}

/** Folders remembered at once (the studio has one dataset open; a second for switching back). */
const KEEP = 2;
const memo = new Map<string, { reads: Read[]; dataset: LoadedDataset }>();

/**
 * The folder's dataset: the copy loaded last time when every file and listing the loader read is
 * the same now, else loaded again. `key` names the folder (its path). Callers do not change it.
 */
export async function loadDatasetMemo(key: string, source: DatasetSource): Promise<LoadedDataset> {
  const known = memo.get(key);
  if (known) {
    const now = await Promise.all(known.reads.map((r) => outcomeOf(source, r.call, r.path)));
    if (now.every((outcome, i) => outcome === known.reads[i].outcome)) {
      memo.delete(key);
      memo.set(key, known); // most recently used last
      return known.dataset;
    }
  }
  const reads: Read[] = [];
  const dataset = await loadDataset(recording(source, reads));
  memo.delete(key);
  memo.set(key, { reads, dataset });
  while (memo.size > KEEP) memo.delete(memo.keys().next().value!);
  return dataset;
}
