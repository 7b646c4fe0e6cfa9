// The adjudication view's decisions and rationale as a React hook over its draft (adjudicationDrafts.ts):
// taken from this browser when a task opens, from the dataset's file (DraftKeeper) when that is the
// later one, written back to both as the adjudicator decides, with undo and redo of the decisions.
import { useEffect, useRef, useState } from 'react';
import { writeBrowserJson } from '../state/tabStorage';
import { draftIdOf } from './draftFile';
import {
  changeTime,
  draftOfKey,
  editedInPlace,
  mirroredDraft,
  newerThan,
  readDraft,
  revisionsChanged,
  seenTime,
  setBackMessage,
  swappedKey,
  writeDraft,
  type AdjudicationDraft,
  type DraftKeeper,
  type DraftStart,
  type RowDecisions,
} from './adjudicationDrafts';

/**
 * The view's choices and rationale, read from the draft once `key` is known and written back as
 * they change, to this browser and to `keeper` (the dataset's file), whose draft is taken when it
 * is the later one and nothing was decided yet; and the ground-truth line the adjudication began
 * on (`truth`, JSON of `currentTruth` when no draft remembers one).
 */
export function useAdjudicationDraft<C, R>(
  key: string | null,
  currentTruth: string | null,
  start: DraftStart<C>,
  keeper: DraftKeeper<C, R> | null = null,
  /** Drafts of the file another browser changed since this page read them (the keeper's last write said so). */
  fileConflicts: readonly { id: string; theirs: AdjudicationDraft<C, R> }[] | null = null,
) {
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
  // The annotations' contents it was taken for: other contents under the same key (a line edited in
  // place) are another comparison too.
  const made = start.made ?? null;
  const madeText = made?.join('\n') ?? '';
  const [loadedOn, setLoadedOn] = useState('');
  // Why the choices went back to the defaults, when an annotator's new revision did that to some.
  const [setBack, setSetBack] = useState<string | null>(null);
  // When the adjudicator last changed this adjudication (none: begun as it was kept); a time another
  // copy already holds (this browser's draft, the file's) is not written to the file again.
  const [updatedAt, setUpdatedAt] = useState<string | undefined>(undefined);
  const [keptAt, setKeptAt] = useState<string | undefined>(undefined);
  const savedAt = useRef<string | undefined>(undefined);
  // Every time this page gave the file (a save may still be on its way when another is made).
  const ownTimes = useRef(new Set<string>());
  // After Finalize nothing is kept until the next decision (the draft would come back).
  const [dropped, setDropped] = useState(false);
  // The adjudication (key) the adjudicator decided something in: the file's draft is not taken over it.
  const [decidedIn, setDecidedIn] = useState<string | null>(null);
  // The file's draft as read, and the reading already weighed against this browser's.
  const [fromFile, setFromFile] = useState<FileReading<C, R> | null>(null);
  const [weighed, setWeighed] = useState<FileReading<C, R> | null>(null);
  // Begun by carrying another revision's decisions over: a draft of this revision in the file is the adjudicator's own, and taken.
  const [carried, setCarried] = useState(false);
  // Begun by carrying a draft over under this key (made on other contents, or of the pair the other
  // way round): the time of the draft carried, which a file's draft must be later than to be taken,
  // and the time of this browser's own draft of the key it replaced, whose copy in the file is no
  // other browser's work.
  const [carriedFrom, setCarriedFrom] = useState<{ from?: string; replaced?: string } | null>(null);
  // The file's other draft of this adjudication (another browser's), until the adjudicator takes it or keeps theirs: nothing goes to the file meanwhile.
  const [conflict, setConflict] = useState<{ key: string; theirs: AdjudicationDraft<C, R> } | null>(null);
  const [heardConflicts, setHeardConflicts] = useState(fileConflicts);
  // The time of this draft's line in the file as this page knows it (null: none; undefined: not read): what a write replaces.
  const fileTime = useRef<string | null | undefined>(undefined);
  /**
   * Where the rows begin when no draft of these rows is taken: a merged sequence decided on other
   * rows carried over when it fits them, else the defaults (the notice says so); with nothing
   * decided on rows, the ground truth's calls (a reopened task), else the defaults.
   */
  const beginFrom = (merged: readonly unknown[] | undefined, rowsWereDecided: boolean) => {
    const carried = rowsWereDecided && merged ? start.decisionsFor(merged) : null;
    const fromTruth = !rowsWereDecided && start.truth ? start.decisionsFor(start.truth.calls) : null;
    const begin: RowDecisions<C> = carried ?? fromTruth ?? { choices: {}, order: null, added: 0 };
    return { begin, carried };
  };
  /**
   * Takes the file's draft as this adjudication's. One made on other contents (an annotation line
   * edited in place) is carried over to these rows, said, and kept as a change: its row choices
   * would fall on other calls.
   */
  const adopt = (draft: AdjudicationDraft<C, R>) => {
    const inPlace = key ? editedInPlace(key, draft.made, made) : null;
    if (inPlace) {
      const { begin, carried } = beginFrom(rowsDecided(draft) ? draft.merged : undefined, rowsDecided(draft));
      setChoices(begin.choices);
      setOrder(begin.order);
      setAdded(begin.added);
      setNoteState(draft.note);
      setRefChoices(draft.refChoices);
      if (draft.truth !== undefined) setTruth(draft.truth);
      setSetBack(rowsDecided(draft) ? setBackMessage(inPlace, carried !== null) : null);
      setUpdatedAt(changeTime());
      setKeptAt(undefined);
      setCarried(false);
      setCarriedFrom(null);
      return;
    }
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
    setCarriedFrom(null);
  };
  if (key !== null && (key !== loadedFor || madeText !== loadedOn)) {
    const hadDecisions = Object.keys(choices).length > 0 || Object.keys(refChoices).length > 0 || order !== null || added > 0 || setBack !== null;
    setLoadedFor(key);
    setLoadedOn(madeText);
    const stored = readDraft<C, R>(key);
    // The same adjudication with A and B the other way round, changed later here: the adjudicator
    // swapped the pair, and what they decided goes on in this order (it began from the defaults,
    // and a Finalize then wrote them and removed the draft).
    const mirrored = mirroredDraft<C, R>(key);
    // One begun on another ground-truth line is passed over: someone finalized since.
    const mirror = mirrored && (mirrored.truth === undefined || mirrored.truth === currentTruth) ? mirrored : null;
    const source = mirror && (!stored || newerThan(mirror.updatedAt, stored.updatedAt)) ? mirror : stored;
    const swapped = source !== null && source === mirror;
    // A draft made on other contents under these revisions (a line edited in place, here or before
    // this page opened) is carried over as another revision's is; its rationale and references stay.
    const inPlace = source ? editedInPlace(key, source.made, made) : null;
    // This key's own draft, older than what was decided since under the key before (a revision that
    // comes back: a checkout took a newer line and gave it back): passed over, the later decisions carried.
    const outdated = !inPlace && !swapped && stored !== null && loadedFor !== null && loadedFor !== key && hadDecisions && updatedAt !== undefined && newerThan(updatedAt, stored.updatedAt);
    const draft = inPlace || swapped || outdated ? null : stored;
    const kept = inPlace || swapped ? source : draft;
    // Another key (an annotator's new revision) with no draft of its own: its rows differ, so the
    // previous comparison's choices would fall on other calls; its merged sequence is carried over.
    const changed =
      inPlace || swapped
        ? rowsDecided(source!) ? (inPlace ?? 'The pair was swapped') : null
        : loadedFor !== null && loadedFor !== key && hadDecisions && !draft ? revisionsChanged(loadedFor, key) : null;
    const previousMerged = changed ? (inPlace || swapped ? source!.merged : readDraft<C, R>(loadedFor!)?.merged) : undefined;
    const { begin: undecided, carried } = beginFrom(previousMerged, changed !== null);
    const begin: RowDecisions<C> = draft ? { choices: draft.choices, order: draft.order ?? null, added: draft.added ?? 0 } : undecided;
    // The same calls in the other order need no word; anything that did not carry over does.
    setSetBack(changed && !(swapped && !inPlace && carried) ? setBackMessage(changed, carried !== null) : null);
    setTruth(kept?.truth !== undefined ? kept.truth : currentTruth);
    setChoices(begin.choices);
    // The rationale typed so far stays across revisions; a reopened task begins with the ground truth's.
    if (kept) setNoteState(kept.note);
    else if (loadedFor === null && start.truth?.note) setNoteState(start.truth.note);
    setRefChoices(kept?.refChoices ?? {});
    setOrder(begin.order);
    setAdded(begin.added);
    setPast([]);
    setFuture([]);
    setDropped(false);
    setConflict(null);
    // A revision's carried-over decisions are a change of this adjudication, kept as one; so is a
    // draft this browser held before drafts went to the dataset (it has no time). Either goes to the
    // file only once the file's draft is weighed (below), like any draft the file may lack.
    if (draft?.updatedAt) seenTime(draft.updatedAt);
    const time = changed || inPlace || swapped || (draft && !draft.updatedAt) ? changeTime() : draft?.updatedAt;
    setUpdatedAt(time);
    // Carried over on this page under the same key: the file's draft was weighed already, and is written over now.
    setKeptAt(inPlace && loadedFor === key ? undefined : time);
    // A new revision's rows are new: a file draft of them is the adjudicator's own, and taken. A draft
    // carried under this key is weighed against the file's by the time of what was carried.
    setCarried(changed !== null && !inPlace && !swapped && !outdated);
    // The outdated draft's copy in the file is passed over and written over, as a replaced one's.
    setCarriedFrom(inPlace || swapped ? { from: source!.updatedAt, replaced: stored?.updatedAt } : outdated ? { from: updatedAt, replaced: stored.updatedAt } : null);
  }
  // The file's draft, weighed once read (it began on the ground truth there is now: else someone
  // finalized since, and it is passed over). Another than this page's: taken when nothing was decided
  // here and it is the later one, or this page only carried another revision's over; else the
  // adjudicator chooses (a conflict). None: this page's draft goes to the file (made with no name
  // yet, or when the host was away and its queue was lost). Nothing is written before this.
  if (fromFile !== null && fromFile !== weighed && fromFile.key === key && loadedFor === key) {
    setWeighed(fromFile);
    const { draft } = fromFile;
    if (draft?.updatedAt) seenTime(draft.updatedAt);
    const current = (d: { truth?: string | null }) => d.truth === undefined || d.truth === currentTruth;
    // This browser's own draft that a carry replaced: its copy in the file is passed over, and written over.
    const replaced = (d: AdjudicationDraft<C, R>) => d.updatedAt !== undefined && d.updatedAt === carriedFrom?.replaced;
    const other = draft && current(draft) && !replaced(draft) && draft.updatedAt !== updatedAt && contentOf(draft) !== contentOf({ choices, note, refChoices, order, added }) ? draft : null;
    // Taken (adopt carries one made on other contents over to these rows) when nothing was decided
    // here and it is later than what this page began from.
    if (other && decidedIn !== key && (carried || updatedAt === undefined || newerThan(other.updatedAt, carriedFrom?.from ?? updatedAt))) adopt(other);
    else if (other) setConflict({ key, theirs: other });
    else if (draft !== undefined && (!draft || !current(draft) || replaced(draft) || editedInPlace(key, draft.made, made) !== null) && updatedAt !== undefined && decidedIn !== key && current({ truth }))
      setKeptAt(undefined);
  }
  // A write the file refused for this draft: another browser changed it since this page read it.
  if (fileConflicts !== heardConflicts) {
    setHeardConflicts(fileConflicts);
    const mine = key ? fileConflicts?.find((c) => c.id === draftIdOf(draftOfKey(key))) : undefined;
    if (mine && key) setConflict({ key, theirs: mine.theirs });
  }
  const { mergedOf } = start;
  useEffect(() => {
    if (!key || loadedFor !== key || dropped) return;
    const draft: AdjudicationDraft<C, R> = {
      choices,
      note,
      refChoices,
      order,
      added,
      truth,
      merged: [...mergedOf({ choices, order, added })],
      ...(updatedAt ? { updatedAt } : {}),
      ...(made ? { made } : {}),
    };
    writeDraft(key, draft);
    if (!keeper || weighed?.key !== key || weighed.path !== keeper.path || conflict?.key === key) return;
    if (updatedAt === undefined || updatedAt === keptAt || updatedAt === savedAt.current) return;
    savedAt.current = updatedAt;
    ownTimes.current.add(updatedAt);
    keeper.save(draftOfKey(key), draft, fileTime.current);
    fileTime.current = updatedAt;
  }, [key, loadedFor, dropped, choices, note, refChoices, order, added, truth, mergedOf, updatedAt, keptAt, keeper, weighed, conflict, made]);
  useEffect(() => {
    if (!key || !keeper) return;
    let current = true;
    fileTime.current = undefined;
    const { path } = keeper;
    keeper.load(draftOfKey(key)).then(
      ({ draft, problems }) => {
        if (!current) return;
        fileTime.current = draft?.updatedAt ?? null;
        setFromFile({ key, path, draft, problems });
      },
      // Not read (the host away): this page's draft stands, and its writes replace the file's only if later.
      () => current && setFromFile({ key, path, draft: undefined, problems: [] }),
    );
    return () => {
      current = false;
    };
  }, [key, keeper]);
  /** After Finalize: the draft goes, here and in the file, and the line just written is the one the next adjudication begins on. */
  const drop = (written: string | null) => {
    if (key) {
      writeBrowserJson(key, undefined);
      writeBrowserJson(swappedKey(key), undefined); // the other order's, which it may have gone on from
      keeper?.save(draftOfKey(key), null);
    }
    setDropped(true);
    setTruth(written);
    // What was finalized is the file's line now: an undo would set the screen apart from it (and
    // write a draft again) next to "Written to ground_truth.jsonl".
    setPast([]);
    setFuture([]);
  };
  /**
   * Before Finalize: the file's draft read again. One this page has not seen (another tab or
   * browser saved it since this page read the file) becomes a conflict the adjudicator settles
   * first: Finalize writes this page's choices and deletes the task's draft, so a tab left open on
   * the defaults wiped out another's decisions unseen (an exploratory review, 3 of 3).
   */
  const otherDraftInFile = async (): Promise<boolean> => {
    if (!key || !keeper) return false;
    const found = (await keeper.load(draftOfKey(key)).catch(() => null))?.draft;
    if (!found?.updatedAt || found.updatedAt === fileTime.current || ownTimes.current.has(found.updatedAt)) return false;
    // Begun on another ground-truth line: someone finalized since, which Finalize asks about itself.
    if (found.truth !== undefined && found.truth !== currentTruth) return false;
    if (contentOf(found) === contentOf({ choices, note, refChoices, order, added })) return false;
    setConflict({ key, theirs: found });
    return true;
  };
  /** The adjudicator's choice in a conflict: the file's draft (another browser's), or this page's written over it. */
  const resolveConflict = (take: 'theirs' | 'mine') => {
    if (!conflict || conflict.key !== key) return;
    fileTime.current = conflict.theirs.updatedAt ?? null;
    if (take === 'theirs') adopt(conflict.theirs);
    else setUpdatedAt(changeTime());
    setDecidedIn(key);
    setConflict(null);
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
    /** What in the file read for this adjudication is no draft. */
    problems: fromFile?.key === key ? fromFile.problems : [],
    /** Another browser's draft of this adjudication in the file, until resolveConflict. */
    conflict: conflict?.key === key ? conflict.theirs : null,
    resolveConflict,
    otherDraftInFile,
    /** Finalized here: nothing is kept until the next decision. */
    finalized: dropped,
  };
}

/** A reading of the file's draft of one adjudication. */
interface FileReading<C, R> {
  key: string;
  /** The keeper's file (the adjudicator's): another one is read again. */
  path: string;
  /** undefined: the file could not be read. */
  draft: AdjudicationDraft<C, R> | null | undefined;
  /** The file's lines that are no drafts ("line N: why"). */
  problems: string[];
}

/** Whether a draft holds decisions on the rows (a rationale alone is none). */
const rowsDecided = (d: { choices: object; order?: unknown; added?: number }) => Object.keys(d.choices).length > 0 || Array.isArray(d.order) || (d.added ?? 0) > 0;

/** What of a draft is the adjudicator's work, as one text: two drafts that differ in it are two. */
const contentOf = (d: { choices: unknown; note: string; refChoices: unknown; order?: unknown; added?: number }) => JSON.stringify([d.choices, d.note, d.refChoices, d.order ?? null, d.added ?? 0]);

interface Decisions<C, R> {
  choices: Record<string, C>;
  refChoices: Record<string, R>;
  order: string[] | null;
  added: number;
}

const UNDO_DEPTH = 100;
