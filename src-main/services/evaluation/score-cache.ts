// Scores kept on disk per trajectory file, so reopening a dataset whose files did not change
// scores nothing, and a changed file is scored alone. An entry is found by the file's content
// hash under a folder named by the hash of everything else that decides a score: the scorer's
// version, the dataset's profile, tasks, ground truth and scenarios. It lives in the studio's
// config folder (or the CLI's cache folder), never in the dataset. A cache that cannot be made,
// read or written goes off for the rest of the evaluation, which scores every file as without it.
import { createHash, type Hash } from 'node:crypto';
import { exactValueKey } from '../../../shared/format/whole-reals';
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { makeFolders } from '../make-folders';
import { regularFileStream } from '../regular-file';
import path from 'node:path';
import type { LineRecord } from '../../../shared/eval/evaluate';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { Problem } from '../../../shared/format/types';
import { writeFileAtomic } from '../atomic-write';
import { fileStamp } from '../file-stamp';
import { decodeRecords, encodeRecords, isStoredRecords, type StoredEvidence } from './score-entry';

/**
 * Bump whenever scoring can give another result for the same inputs (a rule, a profile, the
 * engine) or the entries' format changes (score-entry.ts): older entries are then not found.
 */
export const SCORER_VERSION = 'scores-10';

/**
 * Entries read or written in this process, parsed, up to this many records in all (least recently
 * used dropped first): reopening a dataset in the same host reads and parses no entry again. An
 * entry's name is its content hash under its context's hash, so what it holds never changes.
 */
const PARSED_RECORDS = 150_000;

/** A parsed entry; `withEvidence`: its rows carry their evidence (else null). */
interface Parsed {
  entry: CachedFile;
  withEvidence: boolean;
}

class ParsedEntries {
  private readonly entries = new Map<string, Parsed>();
  private records = 0;

  get(file: string): Parsed | undefined {
    const parsed = this.entries.get(file);
    if (parsed) this.keep(file, parsed); // most recently used last
    return parsed;
  }

  keep(file: string, parsed: Parsed): void {
    this.drop(file);
    if (parsed.entry.records.length > PARSED_RECORDS) return;
    this.entries.set(file, parsed);
    this.records += parsed.entry.records.length;
    for (const [oldest] of this.entries) {
      if (this.records <= PARSED_RECORDS) break;
      this.drop(oldest);
    }
  }

  private drop(file: string): void {
    const parsed = this.entries.get(file);
    if (!parsed) return;
    this.entries.delete(file);
    this.records -= parsed.entry.records.length;
  }
}

let parsedEntries = new ParsedEntries();

/** Forgets the entries parsed in this process, as a restart would (tests read them from disk again). */
export function forgetParsedEntries(): void {
  parsedEntries = new ParsedEntries();
}

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
  return hashDataset(hash, dataset).digest('hex');
}

/** The sha256 of all that decides a score besides the trajectory file and the scoring code (a report's provenance names it). */
export const datasetHash = (dataset: LoadedDataset): string => hashDataset(createHash('sha256'), dataset).digest('hex');

function hashDataset(hash: Hash, dataset: LoadedDataset): Hash {
  hash.update(JSON.stringify(dataset.meta.profile ?? 'paper'));
  for (const [id, scenario] of [...dataset.scenarios].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(JSON.stringify([id, scenario.schemaSql, scenario.dataSql, scenario.library]));
  }
  for (const [id, task] of [...dataset.tasks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // A ground truth's `1.0` scores apart from `1` (whole-reals.ts); without one the text is JSON.stringify's.
    hash.update(exactValueKey([id, task, dataset.groundTruth.get(id) ?? null], { deep: true }));
  }
  // Problems of the dataset files change what a trajectory's record says (e.g. a scenario that cannot run).
  return hash.update(JSON.stringify(dataset.problems));
}

/** What files.json records of a trajectory file: its stamp taken just before it was hashed (null: it had just changed), and the hash. */
interface IndexEntry {
  stamp: string | null;
  hash: string;
}

/** Told when a cache goes off (once per opened cache): the cache's folder and why, in one line. */
export type ScoreCacheOffListener = (dir: string, reason: string) => void;

let offListener: ScoreCacheOffListener = (dir, reason) => console.warn(`score cache off: ${dir}: ${reason}`);

/** Sets who is told when a score cache goes off (the CLI prints it its way); returns the listener before. */
export function onScoreCacheOff(listener: ScoreCacheOffListener): ScoreCacheOffListener {
  const before = offListener;
  offListener = listener;
  return before;
}

/** The hash of a file that could not be hashed: never found in the cache, never written to it. */
const NO_HASH = '';

export async function fileHash(absolute: string): Promise<string> {
  const hash = createHash('sha256');
  // A regular file only, checked on the handle: one swapped for a FIFO since it was listed would wait for a writer for ever.
  for await (const chunk of await regularFileStream(absolute, { highWaterMark: 1 << 22 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class ScoreCache {
  /**
   * Set once a read or write of the cache failed (a folder that cannot be made, a full disk, ...):
   * from then on nothing is read from it or written to it, and every file not read yet is scored.
   */
  private off = false;
  /** engine-problems.json as read last (run-evaluation asks twice, and must get the same answer). */
  private engineProblemsRead: Promise<Problem[] | null> | null = null;

  /** `folder`: the context's folder, which dataset context the entries belong to; `dir`: the cache's folder. */
  private constructor(
    readonly folder: string,
    private readonly dir: string,
  ) {}

  /**
   * The cache for one dataset context under `dir`; makes room by dropping the least recently used
   * contexts. Never rejects: a context folder that cannot be made gives a cache that is off.
   */
  static async open(dir: string, dataset: LoadedDataset, scorerBuild: URL): Promise<ScoreCache> {
    const cache = new ScoreCache(path.join(dir, contextHash(dataset, await scorerId(scorerBuild))), dir);
    try {
      await makeFolders(cache.folder);
    } catch (error) {
      cache.turnOff(error);
      return cache;
    }
    const now = new Date();
    await utimes(cache.folder, now, now).catch(() => undefined); // last use, for pruning
    await pruneContexts(dir);
    return cache;
  }

  /** False once the cache went off (see `off`). */
  get on(): boolean {
    return !this.off;
  }

  private turnOff(error: unknown): void {
    if (this.off) return;
    this.off = true;
    offListener(this.dir, (error instanceof Error ? error.message : String(error)).split('\n')[0]);
  }

  /** A file of the cache's; null when absent, or when it cannot be read (the cache then goes off). */
  private async read(file: string): Promise<string | null> {
    if (this.off) return null;
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.turnOff(error);
      return null;
    }
  }

  /** Writes a file of the cache's; false when the cache is off or went off now. */
  private async write(file: string, text: string): Promise<boolean> {
    if (this.off) return false;
    try {
      await writeFileAtomic(file, text);
      return true;
    } catch (error) {
      this.turnOff(error);
      return false;
    }
  }

  /**
   * Content hashes of the files. A file whose stamp (file-stamp.ts: size, times, inode) is the one
   * taken just before it was hashed last time keeps that hash, as git's index does, so reopening
   * reads no file twice; a file that had just changed then got no stamp, and is hashed again.
   */
  async contentHashes(files: ReadonlyArray<{ absolute: string }>): Promise<string[]> {
    const indexFile = path.join(this.folder, 'files.json');
    const knownText = await this.read(indexFile);
    // Off: no file is read for a hash that would find nothing.
    if (this.off) return files.map(() => NO_HASH);
    const known = (knownText === null ? null : parseJson<Record<string, IndexEntry>>(knownText)) ?? {};
    const index: typeof known = {};
    const hashes = await Promise.all(
      files.map(async ({ absolute }) => {
        try {
          const stamp = await fileStamp(absolute);
          const entry = known[absolute];
          if (stamp !== null && entry?.stamp === stamp && typeof entry.hash === 'string') {
            index[absolute] = entry;
            return entry.hash;
          }
          const hash = await fileHash(absolute);
          index[absolute] = { stamp, hash };
          return hash;
        } catch {
          return NO_HASH; // not readable now (gone, ...): scored, which says what is wrong with it, as without the cache
        }
      }),
    );
    const text = JSON.stringify(index);
    if (text !== knownText) await this.write(indexFile, text); // a reopen of unchanged files writes nothing
    return hashes;
  }

  /** The engine problems of the last full run in this context (a scenario whose seed fails). */
  engineProblems(): Promise<Problem[] | null> {
    this.engineProblemsRead ??= this.read(path.join(this.folder, 'engine-problems.json')).then((text) => (text === null ? null : parseJson<Problem[]>(text)));
    return this.engineProblemsRead;
  }

  async putEngineProblems(problems: Problem[]): Promise<void> {
    this.engineProblemsRead = null;
    await this.write(path.join(this.folder, 'engine-problems.json'), JSON.stringify(problems));
  }

  /**
   * The file's records, or null when not cached. `evidence`: whether the rows need their evidence,
   * kept in a file of its own and read only then; without, rows may come without it (null).
   */
  async get(contentHash: string, { evidence }: { evidence: boolean }): Promise<CachedFile | null> {
    if (contentHash === NO_HASH) return null;
    const file = path.join(this.folder, `${contentHash}.json`);
    const known = parsedEntries.get(file);
    if (known && (known.withEvidence || !evidence)) return known.entry;
    try {
      const text = await this.read(file);
      if (text === null) return null;
      const stored: unknown = JSON.parse(text);
      if (!isStoredRecords(stored)) return null; // another format (older entries are in another folder anyway)
      const evidenceText = evidence ? await this.read(evidenceFile(file)) : '[]';
      if (evidenceText === null) return null;
      const apart = JSON.parse(evidenceText) as StoredEvidence;
      if (!Array.isArray(apart)) return null;
      const entry = { records: decodeRecords(stored, apart), lineCount: stored.lineCount };
      parsedEntries.keep(file, { entry, withEvidence: evidence });
      return entry;
    } catch {
      return null; // absent, or damaged: scored again and rewritten
    }
  }

  /** Keeps the file's records; does nothing when the cache is off, and turns it off when it cannot write them. */
  async put(contentHash: string, entry: CachedFile): Promise<void> {
    if (this.off || contentHash === NO_HASH) return;
    const file = path.join(this.folder, `${contentHash}.json`);
    const { stored, evidence } = encodeRecords(entry.records, entry.lineCount);
    // The evidence first: an entry whose records are on disk has its evidence too.
    if (!(await this.write(evidenceFile(file), JSON.stringify(evidence)))) return;
    if (!(await this.write(file, JSON.stringify(stored)))) return;
    parsedEntries.keep(file, { entry, withEvidence: true });
  }
}

/** The scoring code's identity and the entries' format (scorerId and SCORER_VERSION). */
export async function scorerIdentity(build: URL): Promise<string> {
  return `${SCORER_VERSION} ${await scorerId(build)}`;
}

/** Beside a built worker: the sources it was built from (written by src-main/cli/build-cli.mjs's writeScoringSources, for both builds). */
export const SCORING_SOURCES_FILE = 'eval-worker.sources.json';

/**
 * The scoring code's identity, so that a new build never reads scores of an old one: the hash of
 * the sources the worker was built from (engine, profiles, loader, their dependencies), the same
 * for the CLI's and the studio's builds of them. Without that record, or with one of another build
 * of the worker: the bundle's own hash. No build: the version alone.
 */
async function scorerId(build: URL): Promise<string> {
  let bundle: string;
  try {
    bundle = createHash('sha256').update(await readFile(build)).digest('hex');
  } catch {
    return 'no-build';
  }
  const record = parseJson<{ sources?: unknown; bundle?: unknown }>(await readFile(new URL(SCORING_SOURCES_FILE, build), 'utf8').catch(() => ''));
  return record?.bundle === bundle && typeof record.sources === 'string' ? `sources:${record.sources}` : bundle;
}

const evidenceFile = (entryFile: string) => entryFile.replace(/\.json$/, '.evidence.json');

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
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
  // Housekeeping only: a context that cannot be removed stays, and the cache works on.
  for (const { n } of contexts.slice(MAX_CONTEXTS)) await rm(path.join(dir, n), { recursive: true, force: true }).catch(() => undefined);
}
