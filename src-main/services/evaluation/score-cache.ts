// Scores kept on disk per trajectory file, so reopening a dataset whose files did not change
// scores nothing, and a changed file is scored alone. An entry is found by the file's content
// hash under a folder named by the hash of everything else that decides a score: the scorer's
// version, the dataset's profile, tasks, ground truth and scenarios. It lives in the studio's
// config folder (or the CLI's cache folder), never in the dataset.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { LineRecord } from '../../../shared/eval/evaluate';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import { writeFileAtomic } from '../atomic-write';

/** Bump whenever scoring can give another result for the same inputs (a rule, a profile, the engine). */
export const SCORER_VERSION = 'scores-3';

/**
 * Entries read or written in this process, parsed, up to this many records in all (least recently
 * used dropped first): reopening a dataset in the same host reads and parses no entry again. An
 * entry's name is its content hash under its context's hash, so what it holds never changes.
 */
const PARSED_RECORDS = 150_000;

class ParsedEntries {
  private readonly entries = new Map<string, CachedFile>();
  private records = 0;

  get(file: string): CachedFile | undefined {
    const entry = this.entries.get(file);
    if (entry) this.keep(file, entry); // most recently used last
    return entry;
  }

  keep(file: string, entry: CachedFile): void {
    this.drop(file);
    if (entry.records.length > PARSED_RECORDS) return;
    this.entries.set(file, entry);
    this.records += entry.records.length;
    for (const [oldest] of this.entries) {
      if (this.records <= PARSED_RECORDS) break;
      this.drop(oldest);
    }
  }

  private drop(file: string): void {
    const entry = this.entries.get(file);
    if (!entry) return;
    this.entries.delete(file);
    this.records -= entry.records.length;
  }
}

const parsedEntries = new ParsedEntries();

/** Context folders kept; older ones (by last use) are removed. */
const MAX_CONTEXTS = 12;

export interface CachedFile {
  records: LineRecord[];
  lineCount: number;
}

/** Hashes of datasets kept by the dataset memo (dataset-memo.ts): the same object is not hashed twice. */
const contextHashes = new WeakMap<LoadedDataset, Map<string, string>>();

/** What decides a score besides the trajectory file itself; `scorer` names the scoring code's build. */
export function contextHash(dataset: LoadedDataset, scorer: string): string {
  const known = contextHashes.get(dataset)?.get(scorer);
  if (known) return known;
  const hashed = hashContext(dataset, scorer);
  contextHashes.set(dataset, (contextHashes.get(dataset) ?? new Map<string, string>()).set(scorer, hashed));
  return hashed;
}

function hashContext(dataset: LoadedDataset, scorer: string): string {
  const hash = createHash('sha256');
  hash.update(SCORER_VERSION);
  hash.update(scorer);
  hash.update(JSON.stringify(dataset.meta.profile ?? 'paper'));
  for (const [id, scenario] of [...dataset.scenarios].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(JSON.stringify([id, scenario.schemaSql, scenario.dataSql, scenario.library]));
  }
  for (const [id, task] of [...dataset.tasks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(JSON.stringify([id, task, dataset.groundTruth.get(id) ?? null]));
  }
  // Problems of the dataset files change what a trajectory's record says (e.g. a scenario that cannot run).
  hash.update(JSON.stringify(dataset.problems));
  return hash.digest('hex');
}

export async function fileHash(absolute: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(absolute, { highWaterMark: 1 << 22 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class ScoreCache {
  /** The context's folder: which dataset context the entries belong to. */
  private constructor(readonly folder: string) {}

  /** The cache for one dataset context under `dir`; makes room by dropping the least recently used contexts. */
  static async open(dir: string, dataset: LoadedDataset, scorerBuild: URL): Promise<ScoreCache> {
    const folder = path.join(dir, contextHash(dataset, await scorerId(scorerBuild)));
    await mkdir(folder, { recursive: true });
    const now = new Date();
    await utimes(folder, now, now).catch(() => undefined); // last use, for pruning
    await pruneContexts(dir);
    return new ScoreCache(folder);
  }

  /**
   * Content hashes of the files. A file whose size and modification time are those recorded with
   * its hash last time keeps that hash (as git's index does), so reopening reads no file twice.
   */
  async contentHashes(files: ReadonlyArray<{ absolute: string }>): Promise<string[]> {
    const indexFile = path.join(this.folder, 'files.json');
    const known = (await readJson<Record<string, { size: number; mtimeMs: number; hash: string }>>(indexFile)) ?? {};
    const index: typeof known = {};
    const hashes = await Promise.all(
      files.map(async ({ absolute }) => {
        const { size, mtimeMs } = await stat(absolute);
        const entry = known[absolute];
        const hash = entry && entry.size === size && entry.mtimeMs === mtimeMs ? entry.hash : await fileHash(absolute);
        index[absolute] = { size, mtimeMs, hash };
        return hash;
      }),
    );
    await writeFileAtomic(indexFile, JSON.stringify(index));
    return hashes;
  }

  /** The engine problems of the last full run in this context (a scenario whose seed fails). */
  engineProblems(): Promise<Problem[] | null> {
    return readJson<Problem[]>(path.join(this.folder, 'engine-problems.json'));
  }

  putEngineProblems(problems: Problem[]): Promise<void> {
    return writeFileAtomic(path.join(this.folder, 'engine-problems.json'), JSON.stringify(problems));
  }

  async get(contentHash: string): Promise<CachedFile | null> {
    const file = path.join(this.folder, `${contentHash}.json`);
    const known = parsedEntries.get(file);
    if (known) return known;
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as CachedFile;
      if (!Array.isArray(parsed.records) || typeof parsed.lineCount !== 'number') return null;
      parsedEntries.keep(file, parsed);
      return parsed;
    } catch {
      return null; // absent, or damaged: scored again and rewritten
    }
  }

  async put(contentHash: string, entry: CachedFile): Promise<void> {
    const file = path.join(this.folder, `${contentHash}.json`);
    await writeFileAtomic(file, JSON.stringify(entry));
    parsedEntries.keep(file, entry);
  }
}

/**
 * The scoring code's identity: the hash of the worker bundle, which holds all of it (engine,
 * profiles, loader), so a new build never reads scores of an old one. No build: the version alone.
 */
async function scorerId(build: URL): Promise<string> {
  try {
    return createHash('sha256').update(await readFile(build)).digest('hex');
  } catch {
    return 'no-build';
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function pruneContexts(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const contexts = await Promise.all(
    names.filter((n) => /^[0-9a-f]{64}$/.test(n)).map(async (n) => ({ n, used: (await stat(path.join(dir, n)).catch(() => null))?.mtimeMs ?? 0 })),
  );
  contexts.sort((a, b) => b.used - a.used);
  for (const { n } of contexts.slice(MAX_CONTEXTS)) await rm(path.join(dir, n), { recursive: true, force: true });
}
