import { describe, expect, it } from 'vitest';
import { correctOverFailureNote, shownOverride, withLabelChosen, withReasonTyped } from './overrideForm';

const nothingTyped = { label: '', reason: '' } as const;
const mine = { label: 'perception', reason: 'the wrong bottle' } as const;

describe('the override form', () => {
  it('shows the saved review until something is typed, else the automatic label', () => {
    expect(shownOverride(nothingTyped, mine, 'logic')).toEqual(mine);
    expect(shownOverride(nothingTyped, undefined, 'logic')).toEqual({ label: 'logic', reason: '' });
  });

  it('keeps the saved reason when only the label changes', () => {
    const typed = withLabelChosen(nothingTyped, mine, 'logic', 'hallucination');
    expect(shownOverride(typed, mine, 'logic')).toEqual({ label: 'hallucination', reason: 'the wrong bottle' });
    // A reason typed before the label stays as typed, even emptied.
    const emptied = withReasonTyped(nothingTyped, mine, 'logic', '');
    expect(shownOverride(withLabelChosen(emptied, mine, 'logic', 'syntactic'), mine, 'logic')).toEqual({ label: 'syntactic', reason: '' });
  });

  it('keeps the label shown when the reason is edited first', () => {
    expect(withReasonTyped(nothingTyped, mine, 'logic', 'x')).toEqual({ label: 'perception', reason: 'x' });
    expect(withReasonTyped(nothingTyped, undefined, 'logic', 'x')).toEqual({ label: 'logic', reason: 'x' });
  });
  it("says that a failing run labelled correct moves only the label shares, and nothing otherwise", () => {
    expect(correctOverFailureNote('correct', { joint_succ: false })).toMatch(/fails JointSucc.*Audit, then Adjudicate/);
    expect(correctOverFailureNote('correct', { joint_succ: true })).toBeNull();
    expect(correctOverFailureNote('logic', { joint_succ: false })).toBeNull();
  });
});
