// The Annotate workspace's own state: the session's loaded dataset (sessionDataset.ts), who annotates, the open task and its
// annotation row (saved to IndexedDB within a second of every edit), and the clip position.
import { create } from 'zustand';
import type { LoadedDataset } from '../../../../shared/format/loader';
import type { Task } from '../../../../shared/format/types';
import { resolveFps } from '../../../../shared/frames/frames';
import { emptyAnnotation, getAnnotation, listAnnotations, saveAnnotation, saveHeldEdit, type AnnotationEdit } from '../../db/annotationRepo';
import type { AnnotationRecord, CallEntry } from '../../db/schema';
import { submitCheck, type LintIssue } from './lint';
import type { ClipState } from '../../video/clipController';
import { SaveSchedule } from './saveSchedule';
import { sessionDataset } from '../../evaluation/sessionDataset';
import { sameLineContent, type SyncConflict } from '../../db/annotationFile';
import { pull, requestDrain } from './writeThrough';
import { useStudioStore } from '../../state/store';
import { crossOut, editOf, sameRow, withStranded, writeDown, writtenDown, type HeldEdit } from './strandedEdits';
import { dataRecord, ownValue, setOwn } from '../../../../shared/format/own-data';

export type TaskStatus = 'todo' | 'draft' | 'submitted';

/** Where the saved edits stand on their way to annotations/<annotator>.jsonl (writeThrough.ts). */
export interface WriteThroughStatus {
  state: 'saved' | 'sending' | 'offline' | 'conflict' | 'error' | 'held';
  /** Saved edits not yet in the host's file. */
  unsent: number;
  conflicts: SyncConflict[];
  /** Why the last attempt failed. */
  message: string | null;
  /**
   * The file went away at once, or most of its tasks did (a branch switch): these tasks are kept in
   * this browser, and nothing is written until the annotator says so or the file comes back.
   */
  held?: { tasks: string[]; gone: boolean } | null;
}
export type StatusFilter = 'all' | TaskStatus;

/** Stable empty lists for selectors (a new [] per call would re-render forever). */
export const noCalls: AnnotationRecord['calls'] = [];
export const noRefs: AnnotationRecord['visual_refs'] = [];


/** The clip's state (video/clipController.ts) lives in this store, beside the marks Annotate adds. */
export interface AnnotateState extends ClipState {
  datasetId: string | null;
  dataset: LoadedDataset | null;
  loadError: string | null;
  annotator: string | null;
  statuses: Record<string, TaskStatus>;
  taskId: string | null;
  record: AnnotationRecord | null;
  saveState: 'saved' | 'pending' | 'error';
  /** The last save the browser was asked for was refused (an edit typed since is held by this page alone until a save succeeds). */
  refused: boolean;
  /** Edits the view left before the browser would store them (strandedEdits.ts): held here and tried again on each flush. */
  stranded: HeldEdit[];
  writeThrough: WriteThroughStatus;
  filter: StatusFilter;
  search: string;
  markIn: number | null;
  markOut: number | null;
  lint: LintIssue[];
  /** The calls `lint` was found for (null: none yet): the record's calls change before their lint comes. */
  lintOf: readonly unknown[] | null;
  /** How long the last task switch took until its row was shown (ms), for the benchmark. */
  openMs: number | null;

  loadDataset(datasetId: string, label: string): Promise<void>;
  setAnnotator(name: string | null): void;
  refreshStatuses(): Promise<void>;
  openTask(taskId: string): Promise<void>;
  edit(edit: AnnotationEdit): void;
  /**
   * Calls changed from the list or the console, not the editor: their text replaces the editor's.
   * Refused, with a message, while the editor holds text that does not parse: it would be lost.
   * Frames alone (⚓) change no text: `framesOnly` keeps the editor's text as it is.
   */
  replaceCalls(calls: CallEntry[], framesOnly?: boolean): boolean;
  /** Submits the open task, unless its calls text does not parse (says so; and warns of lint errors); reopens a submitted one. */
  toggleSubmitted(): void;
  flush(): Promise<void>;
  /** Tries the held edits again (each flush does first); those stored leave the list. */
  saveStranded(): Promise<void>;
  /** Drops the held edits whose row changed since (after the person copied them, or chose to). */
  discardMoved(): void;
  /** The clip controller's changes (video/clipController.ts): frame, playback, loop, errors. */
  clipChanged(patch: Partial<ClipState>): void;
  /** Marks `frame` (the clip's intended frame: annotateClip.intendedFrame) as the range's in or out. */
  markAt(end: 'in' | 'out', frame: number): void;
  /** Marks kept with a half-made reference (refDraft.ts), given back when its form shows again. */
  restoreMarks(markIn: number | null, markOut: number | null): void;
  /** Loops the marked range, or stops looping. */
  toggleLoop(): void;
  setSearch(search: string): void;
  setFilter(filter: StatusFilter): void;
  setLint(lint: LintIssue[], of: readonly unknown[]): void;
  writeThroughChanged(patch: Partial<WriteThroughStatus>): void;
  /** The open task's stored row, newer than the screen's (another tab, a line taken), shown in place when nothing waits to be saved. */
  showStoredRow(row: AnnotationRecord): void;
  /** Clear local removed the rows: whatever was on screen is gone with them. */
  forgetUnsaved(): void;
}

/** Edits reach IndexedDB after a pause, and while typing on at least every 0.7 s (saveSchedule.ts). */
const saveSchedule = new SaveSchedule(() => void useAnnotateStore.getState().flush());
let saving: Promise<void> = Promise.resolve();
/** Status refreshes begun: only the latest one's rows are shown. */
let statusRefreshes = 0;
/** The row version a flush is writing now (between the start and the end of its save). */
let savingNow: AnnotationRecord | null = null;

/** What the player shows for a task: its clip at its declared rate (undefined: no such task). */
function clipOf(dataset: LoadedDataset | null, taskId: string | null): string | undefined {
  const task = taskId === null ? undefined : dataset?.tasks.get(taskId);
  return task ? `${task.video}\u0000${task.fps ?? ''}` : undefined;
}

function statusOf(record: AnnotationRecord | undefined): TaskStatus {
  // A row at revision 0 has no line yet: to do, unless it holds text being typed (a draft here).
  if (!record || (record.revision === 0 && record.editor_text === null)) return 'todo';
  return record.status;
}

/**
 * The queue's statuses with the open task's as on screen: refreshStatuses takes the open task's
 * status from the row shown, so a row put on screen without an edit (opened, replaced by a stored
 * row) brings its status along, or the badge keeps the status of the row it replaced.
 */
function withStatusOf(statuses: Record<string, TaskStatus>, record: AnnotationRecord): Record<string, TaskStatus> {
  const status = statusOf(record);
  return ownValue(statuses, record.task) === status ? statuses : { ...statuses, [record.task]: status };
}

export const useAnnotateStore = create<AnnotateState>()((set, get) => ({
  datasetId: null,
  dataset: null,
  loadError: null,
  annotator: null,
  statuses: {},
  taskId: null,
  record: null,
  saveState: 'saved',
  refused: false,
  stranded: writtenDown(), // a page closed with edits the browser would not store holds them again
  writeThrough: { state: 'saved', unsent: 0, conflicts: [], message: null },
  filter: 'all',
  search: '',
  frame: 0,
  frameCount: 0,
  mediaFps: null,
  playing: false,
  rate: 1,
  loop: null,
  markIn: null,
  markOut: null,
  clipError: null,
  clipCutShort: null,
  clipShown: false,
  clipStart: 0,
  clipPacketFps: null,
  clipFileFrames: null,
  lint: [],
  lintOf: null,
  openMs: null,

  clipChanged: (patch) => set(patch),
  // A clip that cannot be shown has no frame to mark (I and O marked frame 0 of a missing clip).
  markAt: (end, frame) => {
    if (get().clipError === null) set(end === 'in' ? { markIn: frame } : { markOut: frame });
  },
  restoreMarks: (markIn, markOut) => set({ markIn, markOut }),
  toggleLoop: () => {
    const { loop, markIn, markOut } = get();
    if (loop) set({ loop: null });
    else if (markIn !== null && markOut !== null) set({ loop: { start: Math.min(markIn, markOut), end: Math.max(markIn, markOut) } });
  },
  setSearch: (search) => set({ search }),
  setFilter: (filter) => set({ filter }),
  setLint: (lint, of) => set({ lint, lintOf: of }),
  writeThroughChanged: (patch) => set({ writeThrough: { ...get().writeThrough, ...patch } }),
  showStoredRow: (row) => {
    const { taskId, saveState } = get();
    // The badge goes with the row: the refresh before this took the open task's status from the
    // screen, which may be the row this replaces (an empty one, when a pull fills a fresh browser).
    if (taskId === row.task && saveState === 'saved') set({ record: row, statuses: withStatusOf(get().statuses, row) });
  },
  forgetUnsaved: () => set({ saveState: 'saved' }),

  loadDataset: async (datasetId, label) => {
    await get().flush();
    // A key typed while that save ran is saved too before the view goes.
    while (get().saveState === 'pending' && get().record !== null) await get().flush();
    // The open edit could not be stored: held, not dropped with the view.
    const { saveState, record } = get();
    if (saveState === 'error' && record) set({ stranded: withStranded(get().stranded, record), saveState: 'saved' });
    set({ datasetId, dataset: null, loadError: null, taskId: null, record: null });
    try {
      const dataset = await sessionDataset({ id: datasetId, name: label }); // the session's one copy
      if (get().datasetId !== datasetId) return;
      set({ dataset });
      await get().refreshStatuses();
      await pull();
    } catch (error) {
      set({ loadError: error instanceof Error ? error.message : String(error) });
    }
  },

  setAnnotator: (annotator) => {
    void get().flush();
    // The flush above took the edit waiting, if any: nothing on screen is left unsaved.
    set({ annotator, record: null, taskId: null, saveState: 'saved', statuses: {}, writeThrough: { state: 'saved', unsent: 0, conflicts: [], message: null } });
    void get()
      .refreshStatuses()
      .then(() => pull());
  },

  refreshStatuses: async () => {
    const { datasetId, annotator } = get();
    if (!datasetId || !annotator) return;
    const refresh = ++statusRefreshes;
    const rows = await listAnnotations(datasetId, annotator);
    // Rows read before a later refresh, another annotator or dataset, are not shown; the open
    // task's status is the one on screen (an edit made while they were read may not be saved yet).
    if (refresh !== statusRefreshes || get().datasetId !== datasetId || get().annotator !== annotator) return;
    const statuses = dataRecord<TaskStatus>(); // keyed by task ids, which are data
    for (const row of rows) setOwn(statuses, row.task, statusOf(row));
    const { record } = get();
    if (record) setOwn(statuses, record.task, statusOf(record));
    set({ statuses });
  },

  openTask: async (taskId) => {
    const started = performance.now();
    await get().flush();
    const { datasetId, annotator } = get();
    if (!datasetId || !annotator) return;
    // The open edit could not be saved (Not saved!): the task stays open with it, not dropped for another.
    if (get().saveState === 'error' && get().record !== null) {
      useStudioStore.getState().showMessage(`${get().record!.task}: the edit could not be saved in this browser, so the task stays open; copy its text to keep it`, 'error');
      return;
    }
    const key = { dataset: datasetId, task: taskId, annotator };
    // The next task of the same clip (a release has dozens per clip) keeps the player as it is: the
    // <video> loads nothing new, so its frame count, errors and position would not be told again.
    const clip = clipOf(get().dataset, taskId);
    const sameClip = clip !== undefined && clip === clipOf(get().dataset, get().taskId);
    const clipReset = sameClip ? {} : { frame: 0, frameCount: 0, mediaFps: null, playing: false, clipError: null, clipShown: false, clipStart: 0, clipPacketFps: null, clipFileFrames: null };
    set({ taskId, ...clipReset, loop: null, markIn: null, markOut: null, lint: [], lintOf: null });
    let record = (await getAnnotation(key)) ?? emptyAnnotation(key);
    // An edit made while the row was read (a refresh of the open task, a slow database) is saved
    // first and the row read again: the row read before it would replace it on screen, unsaved.
    while (get().taskId === taskId && get().saveState === 'pending' && get().record !== null) {
      await get().flush();
      record = (await getAnnotation(key)) ?? emptyAnnotation(key);
    }
    if (get().taskId !== taskId) return;
    // That save failed: the screen keeps the edit (shown as not saved) rather than the older row.
    if (get().saveState === 'error' && get().record !== null) return;
    // An edit of this task held since a switch (still not stored) is the screen's again, shown as not saved.
    const held = get().stranded.find((edit) => sameRow(edit, key) && !edit.moved);
    if (held) {
      set({ record: held, saveState: 'error', statuses: withStatusOf(get().statuses, held), stranded: get().stranded.filter((edit) => edit !== held), openMs: performance.now() - started });
      return;
    }
    set({ record, saveState: 'saved', statuses: withStatusOf(get().statuses, record), openMs: performance.now() - started });
  },

  edit: (edit) => {
    const { record } = get();
    if (!record) return;
    let next = { ...record, ...edit };
    // Submitted is what the annotator vouched for: a change of the line after it is a draft again.
    if (record.status === 'submitted' && edit.status === undefined && !sameLineContent(record, next)) {
      next = { ...next, status: 'draft' };
      useStudioStore.getState().showMessage(`${record.task} is a draft again: it changed after Submit (Ctrl+Enter submits it again)`, 'info');
    }
    // The queue's statuses are copied only when this one changes: a copy per keystroke grows with the tasks.
    const { statuses } = get();
    set({ record: next, saveState: 'pending', statuses: ownValue(statuses, record.task) === next.status ? statuses : { ...statuses, [record.task]: next.status } });
    saveSchedule.edited();
  },

  replaceCalls: (calls, framesOnly = false) => {
    const { record, edit } = get();
    if (!record) return false;
    if (framesOnly) edit({ calls });
    else if (record.editor_text !== null) {
      useStudioStore.getState().showMessage(`${record.task}: the editor's text does not parse yet; finish or undo it there first (the calls changed here would replace it)`, 'error');
      return false;
    } else edit({ calls, editor_text: null });
    return true;
  },

  toggleSubmitted: () => {
    const { record, lint, edit } = get();
    if (!record) return;
    if (record.status === 'submitted') return edit({ status: 'draft' });
    const check = submitCheck(record.editor_text, lint);
    // A clean submit says so too: the last refusal ("not submitted: ...") stayed in red over it.
    useStudioStore.getState().showMessage(check ? `${record.task} ${check.message}` : `${record.task} submitted`, check ? 'error' : 'info');
    if (!check?.refused) edit({ status: 'submitted' });
  },

  flush: async () => {
    saveSchedule.saved();
    // The edit waiting now is saved even when the view leaves it before the save runs (another
    // annotator signs in: the open row is cleared at once).
    // A save that failed ('error') is tried again: the edit is still only on screen.
    const waiting = get().saveState !== 'saved' ? get().record : null;
    const run = async () => {
      await get().saveStranded();
      const now = get();
      const left = waiting !== null && (now.record === null || !sameRow(now.record, waiting));
      const record = left ? waiting : now.record;
      if (!record || (!left && now.saveState === 'saved')) return;
      try {
        savingNow = record;
        const saved = await saveAnnotation(record, editOf(record), { revision: record.revision, updated_at: record.updated_at }).finally(() => (savingNow = null));
        const current = get().record;
        // What is written down of the row goes, unless a newer edit of it waits: written down as the
        // page went (a reload mid-save), it is the one to keep; its own save crosses it out.
        if (!(current && sameRow(current, saved) && current !== record)) crossOut(saved);
        set({ refused: false });
        // Keep later in-memory edits; take the revision that was stored.
        if (current && sameRow(current, saved)) {
          const unchanged = current === record;
          set({ record: { ...current, revision: saved.revision, updated_at: saved.updated_at }, saveState: unchanged ? 'saved' : 'pending' });
        }
        void requestDrain();
      } catch {
        writeDown(record); // kept beside IndexedDB for a reload
        set({ refused: true });
        // The view has moved on (another annotator or dataset): the edit is held, never dropped.
        if (left) set({ stranded: withStranded(get().stranded, record) });
        else set({ saveState: 'error' });
      }
    };
    saving = saving.then(run);
    return saving;
  },

  saveStranded: async () => {
    for (const edit of get().stranded) {
      if (edit.moved) continue;
      let saved: AnnotationRecord | 'moved';
      try {
        saved = await saveHeldEdit(edit, editOf(edit), { revision: edit.revision, updated_at: edit.updated_at }, edit.savingEdit);
      } catch {
        continue; // still refused: held for the next flush
      }
      if (saved === 'moved') {
        const moved: HeldEdit = { ...edit, moved: true };
        writeDown(moved);
        set({ stranded: get().stranded.map((held) => (held === edit ? moved : held)) });
        continue;
      }
      crossOut(saved);
      set({ stranded: get().stranded.filter((held) => held !== edit) });
      // Opening its task may have put it back on screen meanwhile: it is stored now, at this revision.
      if (get().record === edit) set({ record: { ...edit, revision: saved.revision, updated_at: saved.updated_at }, saveState: 'saved' });
      void requestDrain();
    }
  },

  discardMoved: () => {
    const moved = get().stranded.filter((edit) => edit.moved);
    for (const edit of moved) crossOut(edit);
    set({ stranded: get().stranded.filter((edit) => !edit.moved) });
  },
}));

/** The annotator's edits of the dataset the browser refused to store: the one on screen ("Not saved!") and those held since a switch. */
export function editsNotStored(datasetId: string, annotator: string): AnnotationRecord[] {
  return heldEdits().filter((edit) => edit.dataset === datasetId && edit.annotator === annotator);
}

/** Every edit the browser refused to store, whoever's and of whichever dataset. */
export function heldEdits(): AnnotationRecord[] {
  const { saveState, record, stranded } = useAnnotateStore.getState();
  return [...(saveState === 'error' && record ? [record] : []), ...stranded];
}

/**
 * The page is going (or hidden, which may be the last it hears): an edit still waiting for its
 * save (a pause after typing, then an IndexedDB write that a closing page may not finish) is
 * written down in localStorage at once, so the next page holds it and saves it (crossed out
 * there, or by this page's save when it completes).
 */
export function writeDownWaitingEdit(): void {
  const { saveState, record } = useAnnotateStore.getState();
  if (saveState !== 'pending' || !record) return;
  // An earlier edit of the row being saved now may land after this is written down: noted, so the next page knows that row version for its own.
  const earlier = savingNow !== null && savingNow !== record && sameRow(savingNow, record) && savingNow.revision === record.revision ? savingNow : null;
  writeDown(earlier ? { ...record, savingEdit: editOf(earlier) } : record);
}

/**
 * The edits this page may hold alone: those the browser refused, and the one on screen typed on
 * since its save was refused (it waits for the save delay; the last refused version was written down).
 */
export function editsPageMayHoldAlone(): AnnotationRecord[] {
  const { saveState, record, refused } = useAnnotateStore.getState();
  return saveState === 'pending' && refused && record ? [record, ...heldEdits()] : heldEdits();
}

/**
 * The dataset Annotate holds, once it is the one the studio has open: after a switch the previous
 * one stays loaded a moment (its save is flushed first), and its tasks are not the open dataset's.
 */
export function useLoadedDataset(): LoadedDataset | null {
  const current = useStudioStore((state) => state.currentDataset?.id ?? null);
  return useAnnotateStore((state) => (current !== null && state.datasetId === current ? state.dataset : null));
}

/** The open task, its scenario and the fps to use. */
export function useOpenTask(): { task: Task | null; fps: number } {
  const task = useAnnotateStore((state) => (state.taskId ? (state.dataset?.tasks.get(state.taskId) ?? null) : null));
  const mediaFps = useAnnotateStore((state) => state.mediaFps);
  return { task, fps: resolveFps(task?.fps, mediaFps) };
}

/** Longest Submit waits for the lint of the calls on screen (the console's worker may be busy or failing). */
const LINT_WAIT_MS = 3000;

/**
 * The lint of the open record's calls as they are now: Submit right after an edit (lint comes 350 ms
 * after the calls change) asked about errors already fixed, and not about one just made. Waits for
 * it up to LINT_WAIT_MS; past that, the lint there is.
 */
export function lintOfCallsNow(): Promise<LintIssue[]> {
  return new Promise((resolve) => {
    const fresh = () => {
      const { lint, lintOf, record } = useAnnotateStore.getState();
      return record !== null && lintOf === record.calls ? lint : null;
    };
    const now = fresh();
    if (now) return resolve(now);
    const stop = () => {
      unsubscribe();
      clearTimeout(timer);
    };
    const unsubscribe = useAnnotateStore.subscribe(() => {
      const lint = fresh();
      if (!lint) return;
      stop();
      resolve(lint);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(useAnnotateStore.getState().lint);
    }, LINT_WAIT_MS);
  });
}
