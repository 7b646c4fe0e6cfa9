// Adjudication drafts, and ground-truth corrections in progress (correctionDraft.ts), reach the
// dataset (adjudication/<adjudicator>.jsonl) within about a second of a change: each change is
// queued in localStorage first (a reload or a closed tab keeps it), then
// the queue of the adjudicator's file is written into it with a conditional write, merged line by
// line (draftFile.ts). While the host cannot be reached the queue waits and is tried again every
// 2 s, and when an adjudication view opens the dataset again.
import type { StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { afterEarlierWrites, rewriteNow } from '../api/file-rewrite';
import { readBrowserJson, writeBrowserJson } from '../state/tabStorage';
import { correctionIn, withCorrection, type Correction } from './correctionDraft';
import { draftFilePath, draftIdOf, parseDraftFile, withDrafts, type Draft, type DraftChange, type DraftConflict, type DraftOf } from './draftFile';

/** Where a draft stands with the host. */
export type DraftHostStatus =
  | { kind: 'waiting' | 'saved'; path: string }
  /** Drafts another browser changed since this one read them: theirs stay in the file until the adjudicator chooses. */
  | { kind: 'conflict'; path: string; conflicts: (DraftConflict & { id: string })[] }
  /** Not written (the host away, or failing): kept in this browser, tried again. */
  | { kind: 'offline' | 'failing'; path: string; message: string }
  /** Refused (not this person's to write): kept in this browser only, not tried again. */
  | { kind: 'refused'; path: string; message: string };

export interface DraftHost {
  /** The adjudicator's file of drafts. */
  path: string;
  /** The file's draft of this adjudication (null: none), and what in the file is no draft. */
  load(of: DraftOf): Promise<{ draft: Draft | null; problems: string[] }>;
  /**
   * Queues the draft (null: its task finalized: its lines go) and writes it within about a second,
   * over the file's line of time `base` only (DraftChange.base).
   */
  save(of: DraftOf, draft: Draft | null, base?: string | null): void;
  /** The file's ground-truth correction in progress of the task (correctionDraft.ts), or null. */
  loadCorrection(taskId: string): Promise<Correction | null>;
  /** Queues the task's correction in progress (null: written or cancelled: its line goes), as `save` does a draft; the latest change wins. */
  saveCorrection(taskId: string, correction: Correction | null): void;
}

interface Queued {
  datasetId: string;
  adjudicator: string;
  /** Which queuing this is: an entry written is taken off only if not queued again meanwhile. */
  queuedAt: number;
}
type UnsentDraft = Queued & DraftChange;
type UnsentCorrection = Queued & { correctionOf: string; correction: Correction | null };
/** A change waiting for the file: an adjudication draft's, or a ground-truth correction's. */
type Unsent = UnsentDraft | UnsentCorrection;
const isCorrection = (entry: Unsent): entry is UnsentCorrection => 'correctionOf' in entry;

const UNSENT_KEY = 'egobench-studio.adjudication-drafts-unsent';
const SAVE_DELAY_MS = 300;
const RETRY_MS = 2000;
/** A host that answers but fails the write (a full disk, a restart behind a proxy): tried again, less often. */
const FAILING_RETRY_MS = 10_000;

/**
 * Where a change not in the file is, for the views to say after what it is ("Draft kept …",
 * "Kept …"): while the host is away, fails the write, or refused it; null for other statuses.
 */
export function keptInBrowserText(status: DraftHostStatus): string | null {
  switch (status.kind) {
    case 'offline':
      return `in this browser for now: the host cannot be reached (${status.message}); tried again every ${RETRY_MS / 1000} s.`;
    case 'failing':
      return `in this browser for now: ${status.path} could not be written (${status.message}); tried again every ${FAILING_RETRY_MS / 1000} s.`;
    case 'refused':
      return `in this browser only: ${status.path} was not written (${status.message}).`;
    default:
      return null;
  }
}

/** The queue by dataset, adjudicator and draft; kept here too when localStorage refuses it. */
let inMemory: Record<string, Unsent> = {};
const unsentKey = (u: Pick<UnsentDraft, 'datasetId' | 'adjudicator' | 'of'> | Pick<UnsentCorrection, 'datasetId' | 'adjudicator' | 'correctionOf'>) =>
  'correctionOf' in u ? JSON.stringify([u.datasetId, u.adjudicator, 'correction', u.correctionOf]) : JSON.stringify([u.datasetId, u.adjudicator, draftIdOf(u.of)]);

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
const fileKey = (datasetId: string, adjudicator: string) => JSON.stringify([datasetId, adjudicator]);
/** Who hears how a file's writes go: the view that wrote last (a retry begun for an earlier view tells the one shown now). */
const listeners = new Map<string, OnStatus>();
const tell = (datasetId: string, adjudicator: string, status: DraftHostStatus) => listeners.get(fileKey(datasetId, adjudicator))?.(status);

/**
 * The queue's changes to write: a draft queued before its task was finalized is not (it would
 * bring the task's draft back after Finalize); one queued after it is.
 */
function changesToWrite(entries: readonly UnsentDraft[]): UnsentDraft[] {
  const finalizedAt = new Map<string, number>();
  for (const entry of entries) if (entry.draft === null) finalizedAt.set(entry.of.taskId, Math.max(finalizedAt.get(entry.of.taskId) ?? 0, entry.queuedAt));
  return entries.filter((entry) => entry.draft === null || entry.queuedAt > (finalizedAt.get(entry.of.taskId) ?? 0));
}

/** Writes the queued drafts of one adjudicator's file of a dataset; the queue as it is at its turn. */
function flush(api: StudioApi, datasetId: string, adjudicator: string): Promise<void> {
  const path = draftFilePath(adjudicator);
  return afterEarlierWrites(datasetId, path, async () => {
    const ofThisFile = (entry: Unsent) => entry.datasetId === datasetId && entry.adjudicator === adjudicator;
    const entries = Object.values(readUnsent()).filter(ofThisFile);
    if (entries.length === 0) return;
    const changes = changesToWrite(entries.filter((entry): entry is UnsentDraft => !isCorrection(entry)));
    const corrections = entries.filter(isCorrection);
    /** Drafts the file now holds this page's line of (a change queued meanwhile is based on it). */
    const written = new Map<string, string | null>();
    /** What the file now holds of this write, said once the queue is updated (null: refused, said already). */
    let outcome: DraftHostStatus | null = null;
    try {
      let conflicts: DraftConflict[] = [];
      await rewriteNow(api, datasetId, path, (text) => {
        const merged = withDrafts(text, adjudicator, changes);
        conflicts = merged.conflicts;
        return corrections.reduce((file, c) => withCorrection(file, adjudicator, c.correctionOf, c.correction), merged.text);
      });
      outcome = conflicts.length > 0 ? { kind: 'conflict', path, conflicts: conflicts.map((c) => ({ ...c, id: draftIdOf(c.of) })) } : { kind: 'saved', path };
      const refused = new Set(conflicts.map((c) => draftIdOf(c.of)));
      for (const change of changes) if (change.draft && !refused.has(draftIdOf(change.of))) written.set(unsentKey(change), change.draft.updatedAt ?? null);
    } catch (error) {
      const { code, message } = StudioError.from(error);
      if (code !== 'forbidden' && code !== 'invalid-args') {
        // Kept in the queue and tried again: the host away, or answering but failing the write.
        tell(datasetId, adjudicator, { kind: code === 'unreachable' ? 'offline' : 'failing', path, message });
        schedule(api, datasetId, adjudicator, code === 'unreachable' ? RETRY_MS : FAILING_RETRY_MS);
        return;
      }
      tell(datasetId, adjudicator, { kind: 'refused', path, message }); // said, not tried for ever (the draft stays in this browser)
    }
    // The queue as it is now: the entries written go; a change queued while the write ran was based
    // on what the file held before it, which holds this write's line now.
    const queue = readUnsent();
    for (const entry of entries) {
      const key = unsentKey(entry);
      const now = queue[key];
      if (now?.queuedAt === entry.queuedAt) delete queue[key];
      else if (now && !isCorrection(now) && !isCorrection(entry) && written.has(key) && now.base === entry.base) now.base = written.get(key);
    }
    writeUnsent(queue);
    // Saved only when nothing newer waits: a change queued while this write ran is not in the file yet (its write is due).
    const newer = Object.values(queue).some(ofThisFile);
    if (outcome) tell(datasetId, adjudicator, outcome.kind === 'saved' && newer ? { kind: 'waiting', path } : outcome);
  });
}

function schedule(api: StudioApi, datasetId: string, adjudicator: string, delay: number): void {
  const key = fileKey(datasetId, adjudicator);
  if (timers.has(key)) return; // a write is due already: it takes the queue as it is then
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      void flush(api, datasetId, adjudicator);
    }, delay),
  );
}

/** The adjudicator's drafts of a dataset on the host; `onStatus` hears how each write went. */
export function draftHost(api: StudioApi, datasetId: string, adjudicator: string, onStatus: OnStatus): DraftHost {
  const path = draftFilePath(adjudicator);
  listeners.set(fileKey(datasetId, adjudicator), onStatus);
  return {
    path,
    async load(of) {
      const { text } = await api.datasets.readVersioned(datasetId, path);
      const file = parseDraftFile(text);
      return { draft: file.drafts.get(draftIdOf(of)) ?? null, problems: file.problems };
    },
    save(of, draft, base) {
      const queue = readUnsent();
      const key = unsentKey({ datasetId, adjudicator, of });
      // A change of a draft still queued replaces that one, over the file's line that one was based on (it had not reached the file).
      const queued = queue[key];
      const over = queued && !isCorrection(queued) ? queued.base : base;
      queue[key] = { datasetId, adjudicator, of, draft, queuedAt: ++queuings, ...(over === undefined ? {} : { base: over }) };
      queueAndWrite(queue);
    },
    async loadCorrection(taskId) {
      const { text } = await api.datasets.readVersioned(datasetId, path);
      return correctionIn(text, taskId);
    },
    saveCorrection(taskId, correction) {
      const queue = readUnsent();
      queue[unsentKey({ datasetId, adjudicator, correctionOf: taskId })] = { datasetId, adjudicator, correctionOf: taskId, correction, queuedAt: ++queuings };
      queueAndWrite(queue);
    },
  };
  /** Keeps the queue and writes it shortly. */
  function queueAndWrite(queue: Record<string, Unsent>): void {
    writeUnsent(queue);
    listeners.set(fileKey(datasetId, adjudicator), onStatus);
    onStatus({ kind: 'waiting', path });
    schedule(api, datasetId, adjudicator, SAVE_DELAY_MS);
  }
}

/** Writes a dataset's drafts still queued in this browser (a closed tab's, an offline day's). */
export async function drainDrafts(api: StudioApi, datasetId: string): Promise<void> {
  const adjudicators = new Set(
    Object.values(readUnsent())
      .filter((entry) => entry.datasetId === datasetId)
      .map((entry) => entry.adjudicator),
  );
  for (const adjudicator of adjudicators) await flush(api, datasetId, adjudicator);
}
