// What an adjudicator chose and wrote for a task before finalizing (take A, B, an edit or drop per row,
// the rows' order, a choice per reference, the rationale) outlives opening another task or workspace, a
// reload, closing the tab and another machine: it is kept in the browser's localStorage per dataset,
// task and the two annotations' revisions, and in the dataset's adjudication/<adjudicator>.jsonl
// (draftFile.ts, draftWriteThrough.ts). With no draft, a task that has ground truth begins from it (its
// calls, its rationale: a reopened task began from A's calls, and a second Finalize wrote them over the
// adjudicated ones). A new revision of either annotation is another comparison, whose rows differ: the
// merged sequence chosen so far is carried over to its rows (and said so), or, when it cannot be, the
// choices go back to the defaults (said so too; Finalize asks). So is an annotation line edited in place
// (its revision number kept): the draft remembers the contents it was made on. Finalizing drops the draft.
import type { Annotation } from '../../../shared/format/types';
import { hashText } from '../db/annotationFile';
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
  /**
   * The two annotations' contents the decisions were made on (annotationContent of each): under the
   * same revisions, other contents (a line edited in place) have other rows. Drafts from before it have none.
   */
  made?: Made;
}

/** Annotation A's and B's contents, as annotationContent gives them. */
export type Made = readonly [string, string];

/**
 * An annotation's content as a draft remembers it: a hash of what the adjudication is made on, its
 * calls and its references' entities and descriptions. Not its status, time or the studio's extras, nor
 * how this browser holds a line it wrote (its own rows laid over the file's, model.ts), which can
 * differ for the same revision.
 */
export function annotationContent(annotation: Pick<Annotation, 'calls' | 'visual_refs'>): string {
  const calls = annotation.calls.map((call) => [call.tool_name, call.parameters]);
  // Not their frames: a line read from the file and this browser's row of it give a reference with
  // no times differently (0 and its start), and reference choices are by entity.
  const refs = annotation.visual_refs.map((ref) => [ref.entity, ref.description]);
  return hashText(JSON.stringify([calls, refs]));
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
  /** The contents of the two annotations compared now (none: not known). */
  made?: Made | null;
}

const PREFIX = 'egobench-studio.adjudication-draft\u0000';

/** The draft's name: dataset, task and each annotator's revision. */
export function draftKey(datasetId: string, taskId: string, a: { annotator: string; revision: number }, b: { annotator: string; revision: number }): string {
  return PREFIX + JSON.stringify([datasetId, taskId, a.annotator, a.revision, b.annotator, b.revision]);
}

/** The key of the same adjudication with A and B the other way round. */
export function swappedKey(key: string): string {
  const [datasetId, taskId, a, ra, b, rb] = JSON.parse(key.slice(PREFIX.length)) as [string, string, string, number, string, number];
  return PREFIX + JSON.stringify([datasetId, taskId, b, rb, a, ra]);
}

/**
 * This browser's draft of the adjudication with A and B the other way round, seen from this order:
 * its reference choices and contents with their sides swapped (row choices are named by rows of
 * the other alignment: its merged sequence is what carries over).
 */
export function mirroredDraft<C, R>(key: string): AdjudicationDraft<C, R> | null {
  const draft = readDraft<C, R>(swappedKey(key));
  if (!draft) return null;
  const side = (choice: R): R => (choice === 'a' ? 'b' : choice === 'b' ? 'a' : choice) as R;
  const refChoices = Object.fromEntries(Object.entries(draft.refChoices).map(([ref, choice]) => [ref, side(choice)]));
  return { ...draft, refChoices, made: draft.made ? [draft.made[1], draft.made[0]] : undefined };
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
  /** null: the task was finalized. `base`: the time of the file's line the draft replaces (draftFile.ts DraftChange). */
  save(of: DraftOf, draft: AdjudicationDraft<C, R> | null, base?: string | null): void;
}

export function readDraft<C, R>(key: string): AdjudicationDraft<C, R> | null {
  const value = readBrowserJson(key) as AdjudicationDraft<C, R> | null;
  if (!value || typeof value !== 'object' || typeof value.note !== 'string' || !value.choices || !value.refChoices) return null;
  const truth = typeof value.truth === 'string' || value.truth === null ? value.truth : undefined;
  const merged = Array.isArray(value.merged) ? value.merged : undefined;
  const added = Number.isInteger(value.added) && (value.added ?? 0) > 0 ? Math.min(value.added!, MAX_ADDED_ROWS) : 0;
  const updatedAt = typeof value.updatedAt === 'string' ? value.updatedAt : undefined;
  const made = isMade(value.made) ? value.made : undefined;
  return { ...value, updatedAt, made, order: Array.isArray(value.order) && value.order.every((key) => typeof key === 'string') ? value.order : null, truth, merged, added };
}

export const isMade = (value: unknown): value is Made => Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string');

export function writeDraft<C, R>(key: string, draft: AdjudicationDraft<C, R>): void {
  const empty = draft.note === '' && Object.keys(draft.choices).length === 0 && Object.keys(draft.refChoices).length === 0 && !draft.order && !draft.added;
  writeBrowserJson(key, empty ? undefined : draft);
}

let lastChange = 0;
/**
 * The time of a change: later than any before it on this page (two changes in one millisecond are
 * two) and than any draft seen here, so a draft stamped by a machine whose clock runs ahead does
 * not stay "later" than the changes made over it.
 */
export function changeTime(): string {
  lastChange = Math.max(Date.now(), lastChange + 1);
  return new Date(lastChange).toISOString();
}

/** A draft's time seen here: changes made after it are later. */
export function seenTime(time: string): void {
  const at = Date.parse(time);
  if (Number.isFinite(at)) lastChange = Math.max(lastChange, at);
}

/** Whether time `a` is later than `b` (none: the earliest). */
export const newerThan = (a: string | undefined, b: string | undefined): boolean => a !== undefined && (b === undefined || Date.parse(a) > Date.parse(b));

/**
 * What the view says of a new revision that changed the rows (a Finalize once wrote, without a
 * word, what the adjudicator had rejected: a team review), until a choice is made again.
 */
export function setBackMessage(changed: string, carried: boolean): string {
  return carried
    ? `${changed} while you adjudicated: your merged sequence was carried over to the new comparison (rows the change brought are dropped: take them if they belong). Check the rows before you finalize.`
    : `${changed} while you adjudicated: a changed annotation is another comparison, and your merged sequence does not fit its rows, so your choices went back to the defaults (the rationale is kept). Choose again before you finalize.`;
}

/**
 * Which annotation of a draft's key changed in place since the draft was made (e.g. "alice's rev 3
 * was edited in place"), or null: the same contents, or a draft (or a comparison) that does not say.
 */
export function editedInPlace(key: string, made: Made | undefined, now: Made | null | undefined): string | null {
  if (!made || !now) return null;
  const { a, b } = draftOfKey(key);
  const edited = [made[0] !== now[0] ? `${a.annotator}'s rev ${a.revision}` : null, made[1] !== now[1] ? `${b.annotator}'s rev ${b.revision}` : null].filter(Boolean);
  return edited.length === 0 ? null : `${edited.join(' and ')} ${edited.length === 1 ? 'was' : 'were'} edited in place (same revision number)`;
}

/** What changed between two drafts' keys of one task (draftKey): e.g. "alice's rev 10 became rev 11". */
export function revisionsChanged(before: string, after: string): string | null {
  const { a, b } = draftOfKey(before);
  const now = draftOfKey(after);
  if (a.annotator !== now.a.annotator || b.annotator !== now.b.annotator) return null;
  const changes = [
    a.revision !== now.a.revision ? `${a.annotator}'s rev ${a.revision} became rev ${now.a.revision}` : null,
    b.revision !== now.b.revision ? `${b.annotator}'s rev ${b.revision} became rev ${now.b.revision}` : null,
  ].filter(Boolean);
  return changes.length > 0 ? changes.join(' and ') : null;
}
