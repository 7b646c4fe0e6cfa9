// Adjudication drafts in the dataset: adjudication/<adjudicator>.jsonl, the studio's own working
// file beside SPEC §1's. One line per task and pair of annotation revisions being adjudicated,
// in task order, replaced where it is as the adjudicator decides and removed (every line of the
// task) by Finalize:
// {"task_id","annotations":[{"annotator","revision","content"},{"annotator","revision","content"}],"adjudicator",
//  "choices","ref_choices","order","added","note","truth","merged","updated_at"}
// The same file holds ground-truth corrections in progress (correctionDraft.ts), one line per task
// with "correction" instead of "annotations": kept in task order here, and removed by Finalize.
// "content" is a hash of the annotation line the decisions were made on (adjudicationDrafts.ts
// annotationContent: a line edited in place keeps its revision); lines from before it have none.
// Lines this studio cannot read are left as they are, and said with their line number.
import { markedLine, unreadLineMessage } from '../../../shared/format/jsonl';
import { mergeConflictBlocks, mergeConflictMessage, mergeMarkerOf } from '../../../shared/format/merge-conflict';
import { isJsonObject } from '../../../shared/format/own-data';
import { safeJsonParse } from '../../../shared/format/safe-json';
import { personFilePath } from '../state/personFile';
import type { Choice, RowChoice } from './mergeCalls';
import { MAX_ADDED_ROWS } from './mergeOrder';
import type { RefChoice } from './model';
import { isMade, newerThan, type AdjudicationDraft, type DraftOf } from './adjudicationDrafts';
import { correctionOfLine, isCorrectionLine } from './correctionDraft';
import { insertInTaskOrder, joinLines, taskLines, type TaskLine } from './taskOrderedLines';

export type { DraftOf };

export type Draft = AdjudicationDraft<RowChoice, RefChoice>;

export const draftFilePath = (adjudicator: string): string => personFilePath('adjudication', adjudicator, 'adjudicator');

/** A draft's name within a file (the task and the revisions). */
export const draftIdOf = ({ taskId, a, b }: DraftOf): string => JSON.stringify([taskId, a.annotator, a.revision, b.annotator, b.revision]);

export interface DraftFile {
  /** Drafts by draftIdOf. */
  drafts: Map<string, Draft>;
  /** Lines that are not drafts: "line N: why". */
  problems: string[];
}

/** Rows a line's order may name: bounded as its added calls are (MAX_ADDED_ROWS). */
const MAX_ROWS = 10_000;

const CHOICES: ReadonlySet<string> = new Set<Choice>(['a', 'b', 'edit', 'drop']);
const REF_CHOICES: ReadonlySet<string> = new Set<RefChoice>(['a', 'b', 'keep', 'drop']);

const isRevision = (value: unknown): value is { annotator: string; revision: number; content?: unknown } =>
  isJsonObject(value) && typeof value.annotator === 'string' && Number.isSafeInteger(value.revision);

/** A line's draft and whom it is of, a ground-truth correction's task (correctionDraft.ts), or why it is none. */
function readLine(raw: string, lineNumber: number): { of: DraftOf; draft: Draft } | { correctionOf: string } | { problem: string } {
  // A line the host left out as too long to read is said as such, not as the JSON error its mark makes.
  const marked = markedLine(raw, lineNumber);
  if (marked) return { problem: unreadLineMessage(marked) };
  const parsed = safeJsonParse(raw);
  if (!parsed.ok) return { problem: parsed.message };
  const line = parsed.value;
  if (!isJsonObject(line)) return { problem: 'not a JSON object' };
  if (isCorrectionLine(line)) {
    const read = correctionOfLine(line);
    return read ? { correctionOf: read.taskId } : { problem: '"correction" is not {"text", "note", "truth"} with a "task_id" and an "updated_at" time' };
  }
  const { task_id, annotations, choices, ref_choices, note, order, added, truth, merged, updated_at } = line;
  if (typeof task_id !== 'string') return { problem: 'no "task_id"' };
  if (!Array.isArray(annotations) || annotations.length !== 2 || !annotations.every(isRevision)) return { problem: '"annotations" is not two {"annotator", "revision"}' };
  if (!isJsonObject(choices) || !Object.values(choices).every((c) => isJsonObject(c) && typeof c.choice === 'string' && CHOICES.has(c.choice) && (c.text === undefined || typeof c.text === 'string')))
    return { problem: '"choices" is not an object of {"choice": "a"|"b"|"edit"|"drop", "text"?}' };
  if (!isJsonObject(ref_choices) || !Object.values(ref_choices).every((c) => typeof c === 'string' && REF_CHOICES.has(c))) return { problem: '"ref_choices" is not an object of "a"|"b"|"keep"|"drop"' };
  if (typeof note !== 'string') return { problem: 'no "note" text' };
  if (order !== null && order !== undefined && !(Array.isArray(order) && order.length <= MAX_ROWS && order.every((key) => typeof key === 'string'))) return { problem: `"order" is not a list of at most ${MAX_ROWS} row keys` };
  // Each added call is a row the view draws: a count from a file is bounded.
  if (added !== undefined && !(Number.isSafeInteger(added) && (added as number) >= 0 && (added as number) <= MAX_ADDED_ROWS)) return { problem: `"added" is not a count up to ${MAX_ADDED_ROWS}` };
  if (truth !== undefined && truth !== null && typeof truth !== 'string') return { problem: '"truth" is not a text' };
  if (typeof updated_at !== 'string' || Number.isNaN(Date.parse(updated_at))) return { problem: 'no "updated_at" time' };
  const [a, b] = annotations;
  const made = [a.content, b.content];
  return {
    of: { taskId: task_id, a: { annotator: a.annotator, revision: a.revision }, b: { annotator: b.annotator, revision: b.revision } },
    draft: {
      choices: choices as Record<string, RowChoice>,
      refChoices: ref_choices as Record<string, RefChoice>,
      note,
      order: (order as string[] | null | undefined) ?? null,
      added: (added as number | undefined) ?? 0,
      ...(truth === undefined ? {} : { truth: truth as string | null }),
      ...(Array.isArray(merged) ? { merged } : {}),
      ...(isMade(made) ? { made } : {}),
      updatedAt: updated_at,
    },
  };
}

export function parseDraftFile(text: string | null): DraftFile {
  const drafts = new Map<string, Draft>();
  const problems: string[] = [];
  const lines = (text ?? '').split('\n');
  // A git merge's markers are said once per block, not as JSON errors (its lines are read as any other).
  const blocks = new Map(mergeConflictBlocks(lines).map((block) => [block.first, block]));
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const block = blocks.get(index + 1);
    if (block) problems.push(`line ${index + 1}: ${mergeConflictMessage(block.first, block.last)}`);
    if (mergeMarkerOf(raw)) return;
    const read = readLine(raw, index + 1);
    if ('problem' in read) problems.push(`line ${index + 1}: ${read.problem}`);
    else if ('of' in read) {
      // Two lines of one draft (a merge of two copies of the file): the later change.
      const id = draftIdOf(read.of);
      const held = drafts.get(id);
      if (!held || !newerDraft(held, read.draft)) drafts.set(id, read.draft);
    }
  });
  return { drafts, problems };
}

export function draftLine(of: DraftOf, adjudicator: string, draft: Draft): string {
  return JSON.stringify({
    task_id: of.taskId,
    annotations: [withContent(of.a, draft.made?.[0]), withContent(of.b, draft.made?.[1])],
    adjudicator,
    choices: draft.choices,
    ref_choices: draft.refChoices,
    order: draft.order ?? null,
    added: draft.added ?? 0,
    note: draft.note,
    truth: draft.truth ?? null,
    merged: draft.merged ?? [],
    updated_at: draft.updatedAt,
  });
}

const withContent = (of: DraftOf['a'], content: string | undefined) => (content === undefined ? of : { ...of, content });

/** Whether `draft` was changed after `than` (a draft with no time is the older). */
export const newerDraft = (draft: Draft, than: Draft | null): boolean => than === null || newerThan(draft.updatedAt, than.updatedAt);

export interface DraftChange {
  of: DraftOf;
  /** null: the draft is gone (Finalize: with every other line of its task). */
  draft: Draft | null;
  /**
   * The time of the file's line this change replaces, as the page knew it (null: it saw none;
   * absent: it could not read the file): a line changed since is another browser's, not replaced.
   */
  base?: string | null;
}

/** A draft the file holds that a change did not replace: another browser's, changed since this one read it or later. */
export interface DraftConflict {
  of: DraftOf;
  theirs: Draft;
}

/**
 * The file's text with these drafts set: a draft's line replaced where it is unless another browser
 * changed it since the change's base (or, with no base known, later than the change): those stay,
 * and are `conflicts`; a new draft's line put in task order (taskOrderedLines.ts); a removed one's
 * task's lines all gone; every other line, unreadable ones too, kept as it is.
 */
export function withDrafts(text: string | null, adjudicator: string, changes: readonly DraftChange[]): { text: string; conflicts: DraftConflict[] } {
  const byId = new Map(changes.map((change) => [draftIdOf(change.of), change]));
  const finalized = new Set(changes.filter((change) => change.draft === null).map((change) => change.of.taskId));
  const reads = new Map<string, ReturnType<typeof readLine>>();
  const readOf = (body: string) => reads.get(body) ?? reads.set(body, readLine(body, 0)).get(body)!;
  const taskOf = (body: string) => {
    const read = readOf(body);
    return 'of' in read ? read.of.taskId : 'correctionOf' in read ? read.correctionOf : null;
  };
  // A finalized task's correction in progress goes with its drafts: its ground truth was replaced.
  const lines = taskLines(text, taskOf).filter((line) => line.task === null || !finalized.has(line.task));
  const conflicts: DraftConflict[] = [];
  /** Drafts whose file line stays (the same change sent again, or another browser's since): nothing written. */
  const stays = new Set<string>();
  /** The lines each change replaces: the first gets the change's line, any other goes. */
  const replacing = new Map<TaskLine, string>();
  for (const line of lines) {
    const read = line.task === null ? null : readOf(line.body);
    if (!read || !('of' in read)) continue;
    const id = draftIdOf(read.of);
    const change = byId.get(id);
    if (!change?.draft || stays.has(id)) continue;
    const theirs = read.draft.updatedAt;
    const same = change.draft.updatedAt === theirs;
    const changedSince = change.base === undefined ? !newerDraft(change.draft, read.draft) : theirs !== change.base;
    if (same || changedSince) {
      if (!same) conflicts.push({ of: change.of, theirs: read.draft });
      stays.add(id);
    } else replacing.set(line, id);
  }
  const written = new Set<string>();
  const out = lines.flatMap((line) => {
    const id = replacing.get(line);
    if (id === undefined) return [line];
    if (stays.has(id) || written.has(id)) return [];
    written.add(id);
    const { of, draft } = byId.get(id)!;
    return [{ ...line, body: draftLine(of, adjudicator, draft!) }];
  });
  for (const [id, { of, draft }] of byId) if (draft && !stays.has(id) && !written.has(id)) insertInTaskOrder(out, draftLine(of, adjudicator, draft), of.taskId);
  return { text: joinLines(out), conflicts };
}
