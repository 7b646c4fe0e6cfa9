// @vitest-environment happy-dom
// Drafts carried over to a comparison other than the one they were made on, under the same key or
// another: an annotation line edited in place (its revision number kept; the draft remembers the
// contents it was made on), and the pair swapped (A and B the other way round). The decisions fell
// silently on other rows, or the view began from the defaults (an exploratory review).
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftKey, readDraft, writeDraft, type AdjudicationDraft, type DraftKeeper, type DraftStart, type Made } from './adjudicationDrafts';
import { parseDraftFile, draftLine } from './draftFile';
import type { RowChoice } from './mergeCalls';
import type { RefChoice } from './model';
import { useAdjudicationDraft } from './useAdjudicationDraft';

type Choice = RowChoice;
const key = draftKey('d', 't1', { annotator: 'alice', revision: 3 }, { annotator: 'bob', revision: 2 });
const before: Made = ['alice-v1', 'bob-v1'];
const aliceEdited: Made = ['alice-v2', 'bob-v1'];
/** The rows now: the merged sequence ["x", "y"] is row r1 taken from B; anything else does not fit them. */
const startOn = (made: Made): DraftStart<Choice> => ({
  decisionsFor: (calls) => (JSON.stringify(calls) === '["x","y"]' ? { choices: { r1: { choice: 'b' } }, order: null, added: 0 } : null),
  mergedOf: (d) => Object.keys(d.choices),
  truth: null,
  made,
});
const stored = (made?: Made): AdjudicationDraft<Choice, RefChoice> => ({
  choices: { r0: { choice: 'a' } },
  note: 'five tins',
  refChoices: { 'red lentils': 'drop' },
  order: null,
  added: 0,
  truth: null,
  merged: ['x', 'y'],
  updatedAt: '2026-12-05T10:00:00.000Z',
  ...(made ? { made } : {}),
});

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('an adjudication draft made on other contents of the same revisions', () => {
  it('is carried over when the task opens, with a notice naming the annotation; rationale and references stay', () => {
    writeDraft(key, stored(before));
    const { result } = renderHook(() => useAdjudicationDraft(key, null, startOn(aliceEdited)));
    expect(result.current.setBack).toMatch(/^alice's rev 3 was edited in place \(same revision number\) while you adjudicated: your merged sequence was carried over/);
    expect(result.current.choices).toEqual({ r1: { choice: 'b' } });
    expect(result.current.note).toBe('five tins');
    expect(result.current.refChoices).toEqual({ 'red lentils': 'drop' });
    // Kept from now on as made on the new contents.
    expect(readDraft<Choice, RefChoice>(key)?.made).toEqual(aliceEdited);
  });

  it("is carried over when the line changes while the task is open, and the dataset's copy with it", async () => {
    const saved: (Made | undefined)[] = [];
    const keeper: DraftKeeper<Choice, RefChoice> = { path: 'adjudication/lead.jsonl', load: async () => ({ draft: null, problems: [] }), save: (_of, d) => saved.push(d?.made) };
    const { result, rerender } = renderHook(({ made }) => useAdjudicationDraft(key, null, startOn(made), keeper), { initialProps: { made: before } });
    await act(async () => undefined); // the file read: no draft there
    act(() => {
      result.current.remember();
      result.current.setChoices({ r0: { choice: 'a' } });
    });
    expect(result.current.setBack).toBeNull();
    // The merged sequence these decisions gave on the old rows is what is carried.
    writeDraft(key, { ...readDraft<Choice, RefChoice>(key)!, merged: ['x', 'y'] });
    rerender({ made: ['alice-v1', 'bob-v2'] });
    expect(result.current.setBack).toMatch(/^bob's rev 2 was edited in place/);
    expect(result.current.choices).toEqual({ r1: { choice: 'b' } });
    expect(saved).toEqual([before, ['alice-v1', 'bob-v2']]);
  });

  it('whose merged sequence does not fit the new rows goes back to the defaults, and says so', () => {
    writeDraft(key, { ...stored(before), merged: ['z'] });
    const { result } = renderHook(() => useAdjudicationDraft(key, null, startOn(['alice-v2', 'bob-v2'])));
    expect(result.current.setBack).toMatch(/^alice's rev 3 and bob's rev 2 were edited in place .*went back to the defaults/);
    expect(result.current.choices).toEqual({});
    expect(result.current.note).toBe('five tins');
  });

  it('is taken as it is when made on these contents, or from before drafts said what they were made on', () => {
    writeDraft(key, stored(aliceEdited));
    const same = renderHook(() => useAdjudicationDraft(key, null, startOn(aliceEdited)));
    expect(same.result.current.setBack).toBeNull();
    expect(same.result.current.choices).toEqual({ r0: { choice: 'a' } });
    same.unmount();
    writeDraft(key, stored());
    const older = renderHook(() => useAdjudicationDraft(key, null, startOn(aliceEdited)));
    expect(older.result.current.setBack).toBeNull();
    expect(older.result.current.choices).toEqual({ r0: { choice: 'a' } });
  });

  it("keeps the contents in the dataset's file line, beside each annotation's revision", () => {
    const of = { taskId: 't1', a: { annotator: 'alice', revision: 3 }, b: { annotator: 'bob', revision: 2 } };
    const line = draftLine(of, 'lead', stored(before));
    expect(JSON.parse(line).annotations).toEqual([
      { annotator: 'alice', revision: 3, content: 'alice-v1' },
      { annotator: 'bob', revision: 2, content: 'bob-v1' },
    ]);
    const [read] = parseDraftFile(line).drafts.values();
    expect(read.made).toEqual(before);
    const [legacy] = parseDraftFile(draftLine(of, 'lead', stored())).drafts.values();
    expect(legacy.made).toBeUndefined();
  });
});

describe('an adjudication draft of the pair the other way round', () => {
  const swapped = draftKey('d', 't1', { annotator: 'bob', revision: 2 }, { annotator: 'alice', revision: 3 });
  const draftAB = (): AdjudicationDraft<Choice, RefChoice> => ({ ...stored(before), refChoices: { 'red lentils': 'a', tins: 'drop' } });

  it('goes on in this order when the adjudicator swaps A and B: the merged sequence, the rationale, the references by side', () => {
    writeDraft(key, draftAB());
    const { result } = renderHook(() => useAdjudicationDraft(swapped, null, startOn(['bob-v1', 'alice-v1'])));
    expect(result.current.setBack).toBeNull(); // the same work, nothing to check again
    expect(result.current.choices).toEqual({ r1: { choice: 'b' } });
    expect(result.current.note).toBe('five tins');
    expect(result.current.refChoices).toEqual({ 'red lentils': 'b', tins: 'drop' });
    // Kept in this order, later than the other: swapping back goes on from here.
    const kept = readDraft<Choice, RefChoice>(swapped)!;
    expect(kept.made).toEqual(['bob-v1', 'alice-v1']);
    expect(Date.parse(kept.updatedAt!)).toBeGreaterThan(Date.parse(draftAB().updatedAt!));
  });

  it("is passed over when this order's own draft is later", () => {
    writeDraft(key, draftAB());
    writeDraft(swapped, { ...stored(['bob-v1', 'alice-v1']), note: 'later, this order', updatedAt: '2026-12-05T11:00:00.000Z' });
    const { result } = renderHook(() => useAdjudicationDraft(swapped, null, startOn(['bob-v1', 'alice-v1'])));
    expect(result.current.note).toBe('later, this order');
    expect(result.current.choices).toEqual({ r0: { choice: 'a' } });
  });

  it('says so when its merged sequence does not fit this order\'s rows', () => {
    writeDraft(key, { ...draftAB(), merged: ['z'] });
    const { result } = renderHook(() => useAdjudicationDraft(swapped, null, startOn(['bob-v1', 'alice-v1'])));
    expect(result.current.setBack).toMatch(/^The pair was swapped while you adjudicated: .*went back to the defaults/);
    expect(result.current.note).toBe('five tins');
  });
});

describe('after Finalize in one order', () => {
  const swapped = draftKey('d', 't1', { annotator: 'bob', revision: 2 }, { annotator: 'alice', revision: 3 });

  it("the other order's draft goes too: the task reopened begins from the line written", () => {
    writeDraft(key, stored(before));
    const first = renderHook(() => useAdjudicationDraft(swapped, null, startOn(['bob-v1', 'alice-v1'])));
    expect(first.result.current.note).toBe('five tins');
    act(() => first.result.current.drop('{"task_id":"t1"}'));
    first.unmount();
    expect(readDraft(key)).toBeNull();
    const again = renderHook(() => useAdjudicationDraft(swapped, '{"task_id":"t1"}', startOn(['bob-v1', 'alice-v1'])));
    expect(again.result.current.note).toBe('');
    expect(again.result.current.choices).toEqual({});
  });

  it("the other order's draft begun on another ground-truth line is passed over", () => {
    writeDraft(key, { ...stored(before), truth: '{"task_id":"t1","before":true}' });
    const { result } = renderHook(() => useAdjudicationDraft(swapped, '{"task_id":"t1"}', startOn(['bob-v1', 'alice-v1'])));
    expect(result.current.note).toBe('');
    expect(result.current.choices).toEqual({});
  });
});
