// What Finalize asks before it writes a task's ground-truth line, in the order asked: each is a
// way the line could hold what the adjudicator did not mean (a team review found each one).
import type { GroundTruth, ToolCall, VisualRef } from '../../../shared/format/types';
import type { ConfirmQuestion } from '../components/useConfirm';
import { GROUND_TRUTH_PATH } from './agreementData';
import { callsEqualJson, callText, defaultRefChoice, entityKey, type RefChoice, type ReferenceRow } from './model';

export interface FinalizeState {
  taskId: string;
  /** Problems of the merged calls against tools.json (mergeCalls' callProblems). */
  callProblems: string[];
  /** The merged calls that fail when run in order from the seed ("call 3 add_to_cart {…}: why"). */
  failedCalls: string[];
  /** The references chosen whose entity no merged call names (as unnamedReferences gives them). */
  unnamedReferences: string[];
  /** The task's ground-truth line now, and whether it is the one the adjudication began on. */
  existing: GroundTruth | null;
  changedSinceBegun: boolean;
  merged: readonly ToolCall[];
  /** Why the choices went back or were carried over (an annotator's new revision), while not chosen again. */
  setBack: string | null;
  /** The pair's annotators whose annotation of the task is a draft. */
  drafts: string[];
}

const list = (items: readonly string[]) => (
  <ul>
    {items.map((item, i) => (
      <li key={i}>{item}</li>
    ))}
  </ul>
);

/** The items of `list` that `other` does not have, counting repeats (a call written twice and kept once is one left out). */
function without(list: readonly string[], other: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const item of other) left.set(item, (left.get(item) ?? 0) + 1);
  return list.filter((item) => {
    const n = left.get(item) ?? 0;
    if (n > 0) left.set(item, n - 1);
    return n === 0;
  });
}

export function finalizeDoubts(s: FinalizeState): ConfirmQuestion[] {
  const doubts: ConfirmQuestion[] = [];
  const n = s.callProblems.length;
  if (n > 0)
    doubts.push({
      title: `Finalize with ${n} call problem${n === 1 ? '' : 's'}?`,
      detail: (
        <>
          Against the scenario's tools.json:
          {list(s.callProblems)}
          The ground truth would hold calls no agent run can get right. Cancel to edit the rows.
        </>
      ),
      confirm: 'Write anyway',
    });
  const failed = s.failedCalls.length;
  if (failed > 0)
    doubts.push({
      title: `Finalize with ${failed} call${failed === 1 ? '' : 's'} that fail${failed === 1 ? 's' : ''} when run?`,
      detail: (
        <>
          Run in order from the seed database:
          {list(s.failedCalls)}
          An agent that makes {failed === 1 ? 'this call' : 'these calls'} gets the same error, and the ground truth's final state is that of the calls that ran. Cancel to edit the rows.
        </>
      ),
      confirm: 'Write anyway',
    });
  const unnamed = s.unnamedReferences.length;
  if (unnamed > 0)
    doubts.push({
      title: `Keep ${unnamed === 1 ? 'a visual reference' : `${unnamed} visual references`} to what no call names?`,
      detail: (
        <>
          No call of the merged sequence names {unnamed === 1 ? 'the entity of this reference' : 'the entities of these references'}:
          {list(s.unnamedReferences)}
          Each is an annotator's, kept by default beside the other's; a call left out may have named it. Cancel to drop it in the references table.
        </>
      ),
      confirm: unnamed === 1 ? 'Keep it' : 'Keep them',
    });
  if (s.drafts.length > 0)
    doubts.push({
      title: `Finalize from ${s.drafts.length === 1 ? 'a draft' : 'drafts'}?`,
      detail: `${s.drafts.join(' and ')} ${s.drafts.length === 1 ? 'has' : 'have'} not submitted ${s.taskId}: their calls may still change. The line is written as adjudicated.`,
      confirm: 'Finalize anyway',
    });
  if (s.setBack)
    doubts.push({ title: 'An annotation changed while you adjudicated', detail: s.setBack, confirm: 'Finalize as shown' });
  // Someone else's line written since this adjudication began is replaced only when asked.
  const { existing } = s;
  if (s.changedSinceBegun)
    doubts.push({
      title: 'The ground truth changed since you began',
      detail: existing
        ? `${s.taskId}'s line in ${GROUND_TRUTH_PATH} is now another (${existing.source ?? 'no source'}${existing.adjudicator ? `, by ${existing.adjudicator}` : ''}${existing.note ? `: "${existing.note}"` : ''}). Finalize replaces it with yours.`
        : `${s.taskId}'s line in ${GROUND_TRUTH_PATH} was removed since you began. Finalize writes yours.`,
      confirm: 'Replace it',
    });
  else if (existing && !callsEqualJson(existing.calls, s.merged)) {
    const before = existing.calls.map(callText);
    const after = s.merged.map(callText);
    const removed = without(before, after);
    const added = without(after, before);
    doubts.push({
      title: "Replace the ground truth's calls?",
      detail: (
        <>
          <p>
            {s.taskId}'s ground truth ({existing.source ?? 'no source'}
            {existing.adjudicator ? `, by ${existing.adjudicator}` : ''}) has {before.length} call(s); yours {after.length}
            {removed.length === 0 && added.length === 0 ? ', the same calls in another order.' : '.'}
          </p>
          {removed.length > 0 && <div>Left out: {list(removed)}</div>}
          {added.length > 0 && <div>New: {list(added)}</div>}
        </>
      ),
      confirm: 'Replace them',
    });
  }
  return doubts;
}

/** Every string among a value's values, however deep. */
function stringsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(entityKey(value));
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsOf(v, into));
  return into;
}

/**
 * The annotators' references chosen (a ground-truth reference kept is the adjudicator's choice
 * already) whose entity no call's parameter value names, case and spacing aside, as Finalize lists them.
 */
export function unnamedReferences(rows: readonly ReferenceRow[], choices: Readonly<Record<string, RefChoice>>, calls: readonly ToolCall[]): string[] {
  const named = new Set<string>();
  for (const call of calls) stringsOf(call.parameters, named);
  const chosen = rows.flatMap((row): VisualRef[] => {
    const choice = choices[row.key] ?? defaultRefChoice(row);
    const ref = choice === 'a' ? row.a : choice === 'b' ? row.b : null;
    return ref ? [ref] : [];
  });
  return chosen.filter((ref) => !named.has(entityKey(ref.entity))).map((ref) => `"${ref.description}" → ${ref.entity}`);
}
