// Adjudication drafts reach the dataset (adjudication/<adjudicator>.jsonl) within about a second of
// a decision: each change is queued in localStorage first (a reload or a closed tab keeps it), then
// the queue of the adjudicator's file is written into it with a conditional write, merged line by
// line (draftFile.ts). While the host cannot be reached the queue waits and is tried again every
// 2 s, and when an adjudication view opens the dataset again.
import type { StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { afterEarlierWrites, rewriteNow } from '../api/file-rewrite';
import { readBrowserJson, writeBrowserJson } from '../state/tabStorage';
import { draftFilePath, draftIdOf, parseDraftFile, withDrafts, type Draft, type DraftChange, type DraftOf } from './draftFile';

/** Where a draft stands with the host. */
export type DraftHostStatus =
  | { kind: 'waiting' | 'saved'; path: string }
  /** Not reachable: kept in this browser, tried again. */
  | { kind: 'offline'; path: string; message: string }
  /** Refused (a role, a full disk): kept in this browser only, not tried again. */
  | { kind: 'refused'; path: string; message: string };

export interface DraftHost {
  /** The adjudicator's file of drafts. */
  path: string;
  /** The file's draft of this adjudication (null: none), and what in the file is no draft. */
  load(of: DraftOf): Promise<{ draft: Draft | null; problems: string[] }>;
  /** Queues the draft (null: its task finalized: its lines go) and writes it within about a second. */
  save(of: DraftOf, draft: Draft | null): void;
}

interface Unsent extends DraftChange {
  datasetId: string;
  adjudicator: string;
  /** Which queuing this is: an entry written is taken off only if not queued again meanwhile. */
  queuedAt: number;
}

const UNSENT_KEY = 'egobench-studio.adjudication-drafts-unsent';
const SAVE_DELAY_MS = 300;
const RETRY_MS = 2000;

/** The queue by dataset, adjudicator and draft; kept here too when localStorage refuses it. */
let inMemory: Record<string, Unsent> = {};
const unsentKey = (u: Pick<Unsent, 'datasetId' | 'adjudicator' | 'of'>) => JSON.stringify([u.datasetId, u.adjudicator, draftIdOf(u.of)]);

function readUnsent(): Record<string, Unsent> {
  const stored = readBrowserJson(UNSENT_KEY);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...(stored as Record<string, Unsent>), ...inMemory } : { ...inMemory };
}

function writeUnsent(queue: Record<string, Unsent>): void {
  writeBrowserJson(UNSENT_KEY, Object.keys(queue).length > 0 ? queue : undefined);
  // What localStorage refused stays in memory for this page.
  const stored = readBrowserJson(UNSENT_KEY) as Record<string, Unsent> | null;
  inMemory = Object.fromEntries(Object.entries(queue).filter(([key, entry]) => stored?.[key]?.queuedAt !== entry.queuedAt));
}

let queuings = Date.now();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

type OnStatus = (status: DraftHostStatus) => void;

/** Writes the queued drafts of one adjudicator's file of a dataset; the queue as it is at its turn. */
function flush(api: StudioApi, datasetId: string, adjudicator: string, onStatus: OnStatus): Promise<void> {
  const path = draftFilePath(adjudicator);
  return afterEarlierWrites(datasetId, path, async () => {
    const entries = Object.values(readUnsent()).filter((entry) => entry.datasetId === datasetId && entry.adjudicator === adjudicator);
    if (entries.length === 0) return;
    try {
      await rewriteNow(api, datasetId, path, (text) => withDrafts(text, adjudicator, entries));
      onStatus({ kind: 'saved', path });
    } catch (error) {
      const message = StudioError.from(error).message;
      if (StudioError.from(error).code === 'unreachable') {
        onStatus({ kind: 'offline', path, message });
        schedule(api, datasetId, adjudicator, onStatus, RETRY_MS);
        return;
      }
      onStatus({ kind: 'refused', path, message }); // said, not tried for ever (the draft stays in this browser)
    }
    const queue = readUnsent();
    for (const entry of entries) if (queue[unsentKey(entry)]?.queuedAt === entry.queuedAt) delete queue[unsentKey(entry)];
    writeUnsent(queue);
  });
}

function schedule(api: StudioApi, datasetId: string, adjudicator: string, onStatus: OnStatus, delay: number): void {
  const key = JSON.stringify([datasetId, adjudicator]);
  if (timers.has(key)) return; // a write is due already: it takes the queue as it is then
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      void flush(api, datasetId, adjudicator, onStatus);
    }, delay),
  );
}

/** The adjudicator's drafts of a dataset on the host; `onStatus` hears how each write went. */
export function draftHost(api: StudioApi, datasetId: string, adjudicator: string, onStatus: OnStatus): DraftHost {
  const path = draftFilePath(adjudicator);
  return {
    path,
    async load(of) {
      const { text } = await api.datasets.readVersioned(datasetId, path);
      const file = parseDraftFile(text);
      return { draft: file.drafts.get(draftIdOf(of)) ?? null, problems: file.problems };
    },
    save(of, draft) {
      const queue = readUnsent();
      const entry: Unsent = { datasetId, adjudicator, of, draft, queuedAt: ++queuings };
      queue[unsentKey(entry)] = entry;
      writeUnsent(queue);
      onStatus({ kind: 'waiting', path });
      schedule(api, datasetId, adjudicator, onStatus, SAVE_DELAY_MS);
    },
  };
}

/** Writes a dataset's drafts still queued in this browser (a closed tab's, an offline day's). */
export async function drainDrafts(api: StudioApi, datasetId: string, onStatus: OnStatus = () => undefined): Promise<void> {
  const adjudicators = new Set(
    Object.values(readUnsent())
      .filter((entry) => entry.datasetId === datasetId)
      .map((entry) => entry.adjudicator),
  );
  for (const adjudicator of adjudicators) await flush(api, datasetId, adjudicator, onStatus);
}
