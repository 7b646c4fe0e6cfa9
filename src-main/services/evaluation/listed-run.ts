// The studio's last listing of a dataset folder, kept on disk beside the score cache: the rows as
// the list shows them (without evidence), their problems and the figures. Reopening the folder
// after a restart sends it again when nothing it came from changed, without loading the dataset,
// reading a score or assembling the figures (in a new host, those took about 0.6 s of a 40,008-run
// reopen). Nothing changed means: every file and listing the dataset's loader read (dataset-memo.ts:
// the same stamp, else the same hash), the trajectory files (their list, stamps and the problems
// of their paths; a stamp is size, times and inode: file-stamp.ts), the scoring code
// (the worker bundle's hash) and the code that made the listing (the file of this module's bundle).
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { makeFolders } from '../make-folders';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvaluationSummary } from '../../../shared/api/studio-events';
import type { PackedRows } from '../../../shared/eval/trajectory-row';
import type { Problem } from '../../../shared/format/types';
import { writeFileAtomic } from '../atomic-write';
import { unchangedReads, type Read } from './dataset-memo';
import { fileStamp } from '../file-stamp';
import { nodeDatasetSource } from './node-source';
import { scorerIdentity } from './score-cache';
import { datasetTrajectoryFiles } from './trajectory-files';

/** Bump when what a listing holds changes shape. */
const LISTING_VERSION = 'listing-2';

export interface ListedRun {
  /** Every row, without evidence, in the order they were sent. */
  rows: PackedRows;
  /** Every problem, in the order they were sent. */
  problems: Problem[];
  summary: Omit<EvaluationSummary, 'seconds'>;
}

/** What a listing came from, compared on the next open. */
export interface ListingInputs {
  /** What the dataset's loader read (dataset-memo.ts readsOf). */
  dataset: readonly Read[];
  /** trajectoryStamps, taken before the run. */
  trajectories: string;
}

interface Stored {
  code: string;
  inputs: ListingInputs;
  run: ListedRun;
}

/** Listings kept on disk (one per dataset folder), the least recently written removed. */
const MAX_LISTINGS = 12;

/** The last listing read or written in this process per file: an in-session reopen parses none. */
const known = new Map<string, Stored>();
const KEEP_IN_MEMORY = 2;

function remember(file: string, stored: Stored): void {
  known.delete(file);
  known.set(file, stored);
  while (known.size > KEEP_IN_MEMORY) known.delete(known.keys().next().value!);
}

/** Forgets the listings read in this process, as a restart would (tests). */
export function forgetListedRuns(): void {
  known.clear();
}

const listingsDir = (cacheDir: string) => path.join(cacheDir, 'listings');
const listingFile = (cacheDir: string, root: string) => path.join(listingsDir(cacheDir), `${createHash('sha256').update(path.resolve(root)).digest('hex')}.json`);

let ownCode: Promise<string | null> | undefined;

/**
 * The scoring build's identity, and this module's bundle's (it holds, or imports by hashed names,
 * the code that lists rows). Null when the bundle cannot be read: then no listing is used or kept.
 */
async function codeIdentity(scoringBuild: URL): Promise<string | null> {
  ownCode ??= readFile(fileURLToPath(import.meta.url)).then(
    (bytes) => createHash('sha256').update(bytes).digest('hex'),
    () => null,
  );
  const own = await ownCode;
  return own && `${LISTING_VERSION} ${await scorerIdentity(scoringBuild)} ${own}`;
}

/**
 * The trajectory files as an evaluation of `root` would read them: paths, stamps (file-stamp.ts:
 * size, times, inode), problems. Null when a file changed a moment ago and has no stamp: no
 * listing is kept for, or given from, such a state.
 */
export async function trajectoryStamps(root: string): Promise<string | null> {
  const problems: Problem[] = [];
  const files = await datasetTrajectoryFiles(root, nodeDatasetSource(root), problems);
  const stamps = await Promise.all(files.map(async ({ display, absolute }) => [display, absolute, await fileStamp(absolute)]));
  return stamps.some(([, , stamp]) => stamp === null) ? null : JSON.stringify([stamps, problems]);
}

function isStored(value: unknown): value is Stored {
  const v = value as Stored | null;
  return (
    typeof v?.code === 'string' &&
    Array.isArray(v.inputs?.dataset) &&
    typeof v.inputs.trajectories === 'string' &&
    Array.isArray(v.run?.rows?.id) &&
    Array.isArray(v.run.problems) &&
    typeof v.run.summary === 'object'
  );
}

async function readStored(file: string): Promise<Stored | null> {
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isStored(value) ? value : null;
  } catch {
    return null; // none yet, or damaged: the run is made again
  }
}

/** The last listing of `root` when nothing it came from changed since; else null. */
export async function readListedRun(cacheDir: string, root: string, scoringBuild: URL): Promise<ListedRun | null> {
  const file = listingFile(cacheDir, root);
  const code = await codeIdentity(scoringBuild);
  const stored = code ? (known.get(file) ?? (await readStored(file))) : null;
  if (!stored || stored.code !== code) return null;
  const [trajectories, dataset] = await Promise.all([trajectoryStamps(root), unchangedReads(root, nodeDatasetSource(root), stored.inputs.dataset)]);
  if (trajectories === null || trajectories !== stored.inputs.trajectories || !dataset) return null;
  remember(file, stored);
  return stored.run;
}

export async function writeListedRun(cacheDir: string, root: string, scoringBuild: URL, inputs: ListingInputs, run: ListedRun): Promise<void> {
  const file = listingFile(cacheDir, root);
  const code = await codeIdentity(scoringBuild);
  if (!code) return;
  const stored: Stored = { code, inputs, run };
  await makeFolders(listingsDir(cacheDir));
  await writeFileAtomic(file, JSON.stringify(stored));
  remember(file, stored);
  await pruneListings(listingsDir(cacheDir));
}

async function pruneListings(dir: string): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^[0-9a-f]{64}\.json$/.test(n));
  const listings = await Promise.all(names.map(async (n) => ({ n, written: (await stat(path.join(dir, n)).catch(() => null))?.mtimeMs ?? 0 })));
  listings.sort((a, b) => b.written - a.written);
  for (const { n } of listings.slice(MAX_LISTINGS)) await rm(path.join(dir, n), { force: true });
}
