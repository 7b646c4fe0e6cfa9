// What an adjudicator chose and wrote for a task before finalizing (take A, B or an edit per row,
// the rows' order, a choice per reference, the rationale) outlives opening another task or workspace, and a
// reload: it is kept in the tab's sessionStorage per dataset, task and the two annotations'
// revisions (a new revision of either is another comparison, whose rows differ: its choices start
// afresh, the rationale stays).
// Finalizing drops it.
import { useEffect, useState } from 'react';
import { readTabJson, writeTabJson } from '../state/tabStorage';

export interface AdjudicationDraft<C, R> {
  choices: Record<string, C>;
  note: string;
  refChoices: Record<string, R>;
  /** The merged sequence's rows in order (mergeOrder.ts); null: the alignment's. Drafts from before it have none. */
  order?: string[] | null;
  /**
   * The task's ground-truth line (JSON; null: none) when the adjudication began: Finalize asks
   * before replacing a line that changed since (someone else finalized meanwhile).
   */
  truth?: string | null;
}

const PREFIX = 'egobench-studio.adjudication-draft\u0000';

/** The draft's name: dataset, task and each annotator's revision. */
export function draftKey(datasetId: string, taskId: string, a: { annotator: string; revision: number }, b: { annotator: string; revision: number }): string {
  return PREFIX + JSON.stringify([datasetId, taskId, a.annotator, a.revision, b.annotator, b.revision]);
}

export function readDraft<C, R>(key: string): AdjudicationDraft<C, R> | null {
  const value = readTabJson(key) as AdjudicationDraft<C, R> | null;
  if (!value || typeof value !== 'object' || typeof value.note !== 'string' || !value.choices || !value.refChoices) return null;
  const truth = typeof value.truth === 'string' || value.truth === null ? value.truth : undefined;
  return { ...value, order: Array.isArray(value.order) && value.order.every((key) => typeof key === 'string') ? value.order : null, truth };
}

export function writeDraft<C, R>(key: string, draft: AdjudicationDraft<C, R>): void {
  const empty = draft.note === '' && Object.keys(draft.choices).length === 0 && Object.keys(draft.refChoices).length === 0 && !draft.order;
  writeTabJson(key, empty ? undefined : draft);
}

/**
 * The view's choices and rationale, read from the draft once `key` is known and written back as
 * they change; and the ground-truth line the adjudication began on (`truth`, JSON of
 * `currentTruth` when no draft remembers one).
 */
export function useAdjudicationDraft<C, R>(key: string | null, currentTruth: string | null) {
  const [choices, setChoices] = useState<Record<string, C>>({});
  const [note, setNote] = useState('');
  const [refChoices, setRefChoices] = useState<Record<string, R>>({});
  const [order, setOrder] = useState<string[] | null>(null);
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
  if (key !== null && key !== loadedFor) {
    const hadDecisions = Object.keys(choices).length > 0 || Object.keys(refChoices).length > 0 || order !== null;
    setLoadedFor(key);
    const draft = readDraft<C, R>(key);
    setSetBack(loadedFor !== null && hadDecisions && !draft ? revisionsChanged(loadedFor, key) : null);
    setTruth(draft?.truth !== undefined ? draft.truth : currentTruth);
    // Another key (an annotator's new revision) with no draft of its own starts its choices afresh:
    // its rows differ, and the previous comparison's choices and order would fall on other calls.
    // The rationale typed so far stays.
    setChoices(draft?.choices ?? {});
    if (draft) setNote(draft.note);
    setRefChoices(draft?.refChoices ?? {});
    setOrder(draft?.order ?? null);
    setPast([]);
    setFuture([]);
  }
  useEffect(() => {
    if (key && loadedFor === key) writeDraft(key, { choices, note, refChoices, order, truth });
  }, [key, loadedFor, choices, note, refChoices, order, truth]);
  /** After Finalize: the draft goes, and the line just written is the one the next adjudication begins on. */
  const drop = (written: string | null) => {
    if (key) writeTabJson(key, undefined);
    setTruth(written);
  };
  const now = (): Decisions<C, R> => ({ choices, refChoices, order });
  const apply = (d: Decisions<C, R>) => {
    setChoices(d.choices);
    setRefChoices(d.refChoices);
    setOrder(d.order);
  };
  /** Before a decision: the decisions as they are go on the undo list (the newest 100 kept). */
  const remember = () => {
    setPast((list) => [...list.slice(-(UNDO_DEPTH - 1)), now()]);
    setFuture([]);
    setSetBack(null); // choosing again: the notice has been read
  };
  const undo = () => {
    if (past.length === 0) return;
    setFuture((list) => [now(), ...list]);
    setPast((list) => list.slice(0, -1));
    apply(past[past.length - 1]);
  };
  const redo = () => {
    if (future.length === 0) return;
    setPast((list) => [...list, now()]);
    setFuture((list) => list.slice(1));
    apply(future[0]);
  };
  return { choices, setChoices, note, setNote, refChoices, setRefChoices, order, setOrder, truth, drop, remember, undo, redo, canUndo: past.length > 0, canRedo: future.length > 0, setBack };
}

/**
 * What changed between two drafts' keys of one task (draftKey): e.g. "alice's rev 10 became rev 11".
 * The view says so where the choices went back to the defaults: they were reset without a word, and
 * a Finalize then wrote what the adjudicator had rejected (a team review).
 */
export function revisionsChanged(before: string, after: string): string | null {
  const parse = (key: string) => JSON.parse(key.slice(PREFIX.length)) as [string, string, string, number, string, number];
  const [, , a, ra, b, rb] = parse(before);
  const [, , a2, ra2, b2, rb2] = parse(after);
  if (a !== a2 || b !== b2) return null;
  const changes = [ra !== ra2 ? `${a}'s rev ${ra} became rev ${ra2}` : null, rb !== rb2 ? `${b}'s rev ${rb} became rev ${rb2}` : null].filter(Boolean);
  return changes.length > 0 ? `${changes.join(' and ')} while you adjudicated: a new revision is another comparison, so your choices went back to the defaults (the rationale is kept). Choose again before you finalize.` : null;
}

interface Decisions<C, R> {
  choices: Record<string, C>;
  refChoices: Record<string, R>;
  order: string[] | null;
}

const UNDO_DEPTH = 100;
