// What an adjudicator chose and wrote for a task before finalizing (take A, B, an edit or drop per row,
// the rows' order, a choice per reference, the rationale) outlives opening another task or workspace, a
// reload and closing the tab: it is kept in the browser's localStorage per dataset, task and the two
// annotations' revisions (a tab's sessionStorage lost it when the tab closed; an adjudicator's review). With no draft, a task that has ground truth begins from it (its calls, its rationale:
// a reopened task began from A's calls, and a second Finalize wrote them over the adjudicated ones).
// A new revision of either annotation is another comparison, whose rows differ: the merged
// sequence chosen so far is carried over to its rows (and said so), or, when it cannot be, the
// choices go back to the defaults (said so too; Finalize asks). Finalizing drops the draft.
import { useEffect, useRef, useState } from 'react';
import { readBrowserJson, writeBrowserJson } from '../state/tabStorage';
import { MAX_ADDED_ROWS } from './mergeOrder';

export interface AdjudicationDraft<C, R> {
  choices: Record<string, C>;
  note: string;
  refChoices: Record<string, R>;
  /** The merged sequence's rows in order (mergeOrder.ts); null: the alignment's. Drafts from before it have none. */
  order?: string[] | null;
  /** Calls the adjudicator added after the alignment's rows (mergeOrder's addedRows). */
  added?: number;
  /**
   * The task's ground-truth line (JSON; null: none) when the adjudication began: Finalize asks
   * before replacing a line that changed since (someone else finalized meanwhile).
   */
  truth?: string | null;
  /** The merged sequence these decisions gave, carried over to the rows of an annotator's new revision. */
  merged?: unknown[];
  /** When the decisions or the rationale last changed (ISO-8601): of a browser's draft and the file's, the later wins. */
  updatedAt?: string;
}

/** Decisions on the rows: each row's choice, the rows' order and the calls added. */
export interface RowDecisions<C> {
  choices: Record<string, C>;
  order: string[] | null;
  added: number;
}

/** How an adjudication begins where there is no draft of it. */
export interface DraftStart<C> {
  /** The decisions that give a sequence of calls on the rows now, or null (mergeCalls' decisionsFor). */
  decisionsFor(calls: readonly unknown[]): RowDecisions<C> | null;
  /** The merged sequence decisions give on the rows now (kept with the draft). */
  mergedOf(decisions: RowDecisions<C>): readonly unknown[];
  /** The task's ground truth: its calls are where a reopened task begins, its rationale too. */
  truth: { calls: readonly unknown[]; note?: string } | null;
}

const PREFIX = 'egobench-studio.adjudication-draft\u0000';

/** The draft's name: dataset, task and each annotator's revision. */
export function draftKey(datasetId: string, taskId: string, a: { annotator: string; revision: number }, b: { annotator: string; revision: number }): string {
  return PREFIX + JSON.stringify([datasetId, taskId, a.annotator, a.revision, b.annotator, b.revision]);
}

/** Which adjudication a draft is of: a task and the two annotations' revisions compared. */
export interface DraftOf {
  taskId: string;
  a: { annotator: string; revision: number };
  b: { annotator: string; revision: number };
}

/** The task and revisions a draftKey names. */
export function draftOfKey(key: string): DraftOf {
  const [, taskId, a, ra, b, rb] = JSON.parse(key.slice(PREFIX.length)) as [string, string, string, number, string, number];
  return { taskId, a: { annotator: a, revision: ra }, b: { annotator: b, revision: rb } };
}

/** Where drafts are kept beside this browser: the dataset's file of the adjudicator's drafts (draftWriteThrough.ts). */
export interface DraftKeeper<C, R> {
  path: string;
  load(of: DraftOf): Promise<{ draft: AdjudicationDraft<C, R> | null; problems: string[] }>;
  /** null: the task was finalized. */
  save(of: DraftOf, draft: AdjudicationDraft<C, R> | null): void;
}

export function readDraft<C, R>(key: string): AdjudicationDraft<C, R> | null {
  const value = readBrowserJson(key) as AdjudicationDraft<C, R> | null;
  if (!value || typeof value !== 'object' || typeof value.note !== 'string' || !value.choices || !value.refChoices) return null;
  const truth = typeof value.truth === 'string' || value.truth === null ? value.truth : undefined;
  const merged = Array.isArray(value.merged) ? value.merged : undefined;
  const added = Number.isInteger(value.added) && (value.added ?? 0) > 0 ? Math.min(value.added!, MAX_ADDED_ROWS) : 0;
  const updatedAt = typeof value.updatedAt === 'string' ? value.updatedAt : undefined;
  return { ...value, updatedAt, order: Array.isArray(value.order) && value.order.every((key) => typeof key === 'string') ? value.order : null, truth, merged, added };
}

export function writeDraft<C, R>(key: string, draft: AdjudicationDraft<C, R>): void {
  const empty = draft.note === '' && Object.keys(draft.choices).length === 0 && Object.keys(draft.refChoices).length === 0 && !draft.order && !draft.added;
  writeBrowserJson(key, empty ? undefined : draft);
}

/**
 * The view's choices and rationale, read from the draft once `key` is known and written back as
 * they change, to this browser and to `keeper` (the dataset's file), whose draft is taken when it
 * is the later one and nothing was decided yet; and the ground-truth line the adjudication began
 * on (`truth`, JSON of `currentTruth` when no draft remembers one).
 */
export function useAdjudicationDraft<C, R>(key: string | null, currentTruth: string | null, start: DraftStart<C>, keeper: DraftKeeper<C, R> | null = null) {
  const [choices, setChoices] = useState<Record<string, C>>({});
  const [note, setNoteState] = useState('');
  const [refChoices, setRefChoices] = useState<Record<string, R>>({});
  const [order, setOrder] = useState<string[] | null>(null);
  const [added, setAdded] = useState(0);
  const [truth, setTruth] = useState<string | null>(currentTruth);
  // Undo and redo of the decisions (row choices, order, reference choices): the rationale is a text
  // field with its own undo, and an edited call's text is kept with the choices it belongs to.
  const [past, setPast] = useState<Decisions<C, R>[]>([]);
  const [future, setFuture] = useState<Decisions<C, R>[]>([]);
  // The stored draft is taken while rendering, as soon as the key is known (React renders again at
  // once with it), and written back only from then on, so the empty start never overwrites it.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  // Why the choices went back to the defaults, when an annotator's new revision did that to some.
  const [setBack, setSetBack] = useState<string | null>(null);
  // When the adjudicator last changed this adjudication (none: begun as it was kept); a time another
  // copy already holds (this browser's draft, the file's) is not written to the file again.
  const [updatedAt, setUpdatedAt] = useState<string | undefined>(undefined);
  const [keptAt, setKeptAt] = useState<string | undefined>(undefined);
  const savedAt = useRef<string | undefined>(undefined);
  // After Finalize nothing is kept until the next decision (the draft would come back).
  const [dropped, setDropped] = useState(false);
  // The adjudication (key) the adjudicator decided something in: the file's draft is not taken over it.
  const [decidedIn, setDecidedIn] = useState<string | null>(null);
  // The file's draft as read, and the reading already weighed against this browser's.
  const [fromFile, setFromFile] = useState<FileReading<C, R> | null>(null);
  const [weighed, setWeighed] = useState<FileReading<C, R> | null>(null);
  // Begun by carrying another revision's decisions over: a draft of this revision in the file is the adjudicator's own, and taken.
  const [carried, setCarried] = useState(false);
  if (key !== null && key !== loadedFor) {
    const hadDecisions = Object.keys(choices).length > 0 || Object.keys(refChoices).length > 0 || order !== null || added > 0 || setBack !== null;
    setLoadedFor(key);
    const draft = readDraft<C, R>(key);
    // Another key (an annotator's new revision) with no draft of its own: its rows differ, so the
    // previous comparison's choices would fall on other calls; its merged sequence is carried over.
    const changed = loadedFor !== null && hadDecisions && !draft ? revisionsChanged(loadedFor, key) : null;
    const previousMerged = changed ? readDraft<C, R>(loadedFor!)?.merged : undefined;
    const carried = previousMerged ? start.decisionsFor(previousMerged) : null;
    const fromTruth = !draft && !changed && start.truth ? start.decisionsFor(start.truth.calls) : null;
    const begin: RowDecisions<C> = draft ? { choices: draft.choices, order: draft.order ?? null, added: draft.added ?? 0 } : (carried ?? fromTruth ?? { choices: {}, order: null, added: 0 });
    setSetBack(changed ? setBackMessage(changed, carried !== null) : null);
    setTruth(draft?.truth !== undefined ? draft.truth : currentTruth);
    setChoices(begin.choices);
    // The rationale typed so far stays across revisions; a reopened task begins with the ground truth's.
    if (draft) setNoteState(draft.note);
    else if (loadedFor === null && start.truth?.note) setNoteState(start.truth.note);
    setRefChoices(draft?.refChoices ?? {});
    setOrder(begin.order);
    setAdded(begin.added);
    setPast([]);
    setFuture([]);
    setDropped(false);
    // A revision's carried-over decisions are a change of this adjudication, kept as one; so is a
    // draft this browser held before drafts went to the dataset (it has no time). Either goes to the
    // file only once the file's draft is weighed (below), like any draft the file may lack.
    if (draft?.updatedAt) seenTime(draft.updatedAt);
    const time = changed || (draft && !draft.updatedAt) ? changeTime() : draft?.updatedAt;
    setUpdatedAt(time);
    setKeptAt(time);
    setCarried(changed !== null);
  }
  // The file's draft, taken when nothing was decided here yet and it is later than this browser's
  // (or this one only carried another revision's over), if it began on the ground truth there is now
  // (else someone finalized since). Else this browser's draft goes to the file when the file lacks it
  // (made with no name yet, or when the host was away and its queue was lost).
  if (fromFile !== null && fromFile !== weighed && fromFile.key === key && loadedFor === key) {
    setWeighed(fromFile);
    const { draft } = fromFile;
    if (draft?.updatedAt) seenTime(draft.updatedAt);
    const current = (d: { truth?: string | null }) => d.truth === undefined || d.truth === currentTruth;
    if (draft && decidedIn !== key && current(draft) && (carried || newerThan(draft.updatedAt, updatedAt))) {
      setChoices(draft.choices);
      setNoteState(draft.note);
      setRefChoices(draft.refChoices);
      setOrder(draft.order ?? null);
      setAdded(draft.added ?? 0);
      if (draft.truth !== undefined) setTruth(draft.truth);
      setSetBack(null);
      setUpdatedAt(draft.updatedAt);
      setKeptAt(draft.updatedAt);
      setCarried(false);
    } else if (updatedAt !== undefined && updatedAt !== draft?.updatedAt && decidedIn !== key && current({ truth })) setKeptAt(undefined);
  }
  const { mergedOf } = start;
  useEffect(() => {
    if (!key || loadedFor !== key || dropped) return;
    const draft: AdjudicationDraft<C, R> = { choices, note, refChoices, order, added, truth, merged: [...mergedOf({ choices, order, added })], ...(updatedAt ? { updatedAt } : {}) };
    writeDraft(key, draft);
    if (!keeper || updatedAt === undefined || updatedAt === keptAt || updatedAt === savedAt.current) return;
    savedAt.current = updatedAt;
    keeper.save(draftOfKey(key), draft);
  }, [key, loadedFor, dropped, choices, note, refChoices, order, added, truth, mergedOf, updatedAt, keptAt, keeper]);
  const [problems, setProblems] = useState<{ key: string; problems: string[] } | null>(null);
  useEffect(() => {
    if (!key || !keeper) return;
    let current = true;
    keeper.load(draftOfKey(key)).then(
      ({ draft, problems }) => {
        if (!current) return;
        setProblems({ key, problems });
        setFromFile({ key, draft });
      },
      () => undefined, // not reachable: this browser's draft stands (the keeper's status says so on the next write)
    );
    return () => {
      current = false;
    };
  }, [key, keeper]);
  /** After Finalize: the draft goes, here and in the file, and the line just written is the one the next adjudication begins on. */
  const drop = (written: string | null) => {
    if (key) {
      writeBrowserJson(key, undefined);
      keeper?.save(draftOfKey(key), null);
    }
    setDropped(true);
    setTruth(written);
  };
  /** A decision or the rationale changed here: kept from now on, and the file's draft no longer taken over it. */
  const decided = () => {
    setDecidedIn(key);
    setDropped(false);
    setUpdatedAt(changeTime());
  };
  const setNote = (text: string) => {
    decided();
    setNoteState(text);
  };
  const now = (): Decisions<C, R> => ({ choices, refChoices, order, added });
  const apply = (d: Decisions<C, R>) => {
    setChoices(d.choices);
    setRefChoices(d.refChoices);
    setOrder(d.order);
    setAdded(d.added);
  };
  /** Before a decision: the decisions as they are go on the undo list (the newest 100 kept). */
  const remember = () => {
    decided();
    setPast((list) => [...list.slice(-(UNDO_DEPTH - 1)), now()]);
    setFuture([]);
    setSetBack(null); // choosing again: the notice has been read
  };
  const undo = () => {
    if (past.length === 0) return;
    decided();
    setFuture((list) => [now(), ...list]);
    setPast((list) => list.slice(0, -1));
    apply(past[past.length - 1]);
  };
  const redo = () => {
    if (future.length === 0) return;
    decided();
    setPast((list) => [...list, now()]);
    setFuture((list) => list.slice(1));
    apply(future[0]);
  };
  // Every change the view makes is the adjudicator's (an edited call's text too, which has no undo step).
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      decided();
      set(value);
    };
  return {
    choices,
    setChoices: changing(setChoices),
    note,
    setNote,
    refChoices,
    setRefChoices: changing(setRefChoices),
    order,
    setOrder: changing(setOrder),
    added,
    setAdded: changing(setAdded),
    truth,
    drop,
    remember,
    undo,
    redo,
    canUndo: past.length > 0,
    canRedo: future.length > 0,
    setBack,
    problems: problems?.key === key ? problems.problems : [],
  };
}

/** A reading of the file's draft of one adjudication. */
interface FileReading<C, R> {
  key: string;
  draft: AdjudicationDraft<C, R> | null;
}

let lastChange = 0;
/**
 * The time of a change: later than any before it on this page (two changes in one millisecond are
 * two) and than any draft seen here, so a draft stamped by a machine whose clock runs ahead does
 * not stay "later" than the changes made over it.
 */
function changeTime(): string {
  lastChange = Math.max(Date.now(), lastChange + 1);
  return new Date(lastChange).toISOString();
}

function seenTime(time: string): void {
  const at = Date.parse(time);
  if (Number.isFinite(at)) lastChange = Math.max(lastChange, at);
}

/** Whether time `a` is later than `b` (none: the earliest). */
const newerThan = (a: string | undefined, b: string | undefined): boolean => a !== undefined && (b === undefined || Date.parse(a) > Date.parse(b));

/**
 * What the view says of a new revision that changed the rows (a Finalize once wrote, without a
 * word, what the adjudicator had rejected: a team review), until a choice is made again.
 */
export function setBackMessage(changed: string, carried: boolean): string {
  return carried
    ? `${changed} while you adjudicated: your merged sequence was carried over to the new comparison (rows the new revision brought are dropped: take them if they belong). Check the rows before you finalize.`
    : `${changed} while you adjudicated: a new revision is another comparison, and your merged sequence does not fit its rows, so your choices went back to the defaults (the rationale is kept). Choose again before you finalize.`;
}

/** What changed between two drafts' keys of one task (draftKey): e.g. "alice's rev 10 became rev 11". */
export function revisionsChanged(before: string, after: string): string | null {
  const parse = (key: string) => JSON.parse(key.slice(PREFIX.length)) as [string, string, string, number, string, number];
  const [, , a, ra, b, rb] = parse(before);
  const [, , a2, ra2, b2, rb2] = parse(after);
  if (a !== a2 || b !== b2) return null;
  const changes = [ra !== ra2 ? `${a}'s rev ${ra} became rev ${ra2}` : null, rb !== rb2 ? `${b}'s rev ${rb} became rev ${rb2}` : null].filter(Boolean);
  return changes.length > 0 ? changes.join(' and ') : null;
}

interface Decisions<C, R> {
  choices: Record<string, C>;
  refChoices: Record<string, R>;
  order: string[] | null;
  added: number;
}

const UNDO_DEPTH = 100;
