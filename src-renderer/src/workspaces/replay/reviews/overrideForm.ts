// What the override form shows for one run: what the reviewer typed and has not saved, over their
// saved review, over the automatic label. Kept apart from the form so it can be tested without one.
import type { Label } from '../../../../../shared/eval/profile';

/** An override typed and not saved: the label chosen and the reason written so far ('' each: nothing typed). */
export interface TypedOverride {
  label: Label | '';
  reason: string;
}

/** The reviewer's saved review of the run, as far as the form needs it. */
interface Saved {
  label: Label;
  reason: string;
}

export function shownOverride(typed: TypedOverride, mine: Saved | undefined, autoLabel: Label): { label: Label; reason: string } {
  const startedTyping = typed.label !== '' || typed.reason !== '';
  return { label: typed.label || mine?.label || autoLabel, reason: startedTyping ? typed.reason : (mine?.reason ?? '') };
}

/**
 * The draft once a label is chosen: the reason shown so far goes with it (the saved one, when
 * nothing was typed yet). A label changed alone blanked the saved reason, and Save then asked for one.
 */
export function withLabelChosen(typed: TypedOverride, mine: Saved | undefined, autoLabel: Label, label: Label): TypedOverride {
  return { label, reason: shownOverride(typed, mine, autoLabel).reason };
}

/** The draft once the reason is edited: the label shown so far goes with it (as chosen). */
export function withReasonTyped(typed: TypedOverride, mine: Saved | undefined, autoLabel: Label, reason: string): TypedOverride {
  return { label: shownOverride(typed, mine, autoLabel).label, reason };
}

/**
 * What the form says when a run whose JointSucc fails is labelled `correct`: a reviewer may judge
 * so (the ground truth may be wrong), but the override changes only the label shares, so Reports'
 * "with overrides" correct share then exceeds JointSucc. The ground truth's correction keeps every
 * figure consistent. Null when nothing needs saying.
 */
export function correctOverFailureNote(label: Label, run: { joint_succ: boolean }): string | null {
  if (label !== 'correct' || run.joint_succ) return null;
  return "This run fails JointSucc: labelled correct, it moves only Reports' label shares (its metrics still count it failed). If the ground truth is wrong, correct it (Replay's Audit, then Adjudicate) and every figure follows.";
}
