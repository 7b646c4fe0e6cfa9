// @vitest-environment happy-dom
// Drafts carried over to a comparison other than the one they were made on, under the same key or
// another: an annotation line edited in place (its revision number kept; the draft remembers the
// contents it was made on), and the pair swapped (A and B the other way round). The decisions fell
// silently on other rows, or the view began from the defaults (an exploratory review).
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftKey, draftOfKey, readDraft, writeDraft, type AdjudicationDraft, type DraftKeeper, type DraftStart, type Made } from './adjudicationDrafts';
import { draftIdOf, draftLine, parseDraftFile } from './draftFile';
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

  it('nothing is left to undo or redo: the screen is the line written', () => {
    const { result } = renderHook(() => useAdjudicationDraft(key, null, startOn(before)));
    act(() => {
      result.current.remember();
      result.current.setChoices({ r0: { choice: 'b' } });
    });
    act(() => {
      result.current.remember();
      result.current.setChoices({ r0: { choice: 'a' } });
    });
    act(() => result.current.undo());
    expect([result.current.canUndo, result.current.canRedo]).toEqual([true, true]);
    act(() => result.current.drop('{"task_id":"t1"}'));
    expect([result.current.canUndo, result.current.canRedo]).toEqual([false, false]);
  });

  it("the other order's draft begun on another ground-truth line is passed over", () => {
    writeDraft(key, { ...stored(before), truth: '{"task_id":"t1","before":true}' });
    const { result } = renderHook(() => useAdjudicationDraft(swapped, '{"task_id":"t1"}', startOn(['bob-v1', 'alice-v1'])));
    expect(result.current.note).toBe('');
    expect(result.current.choices).toEqual({});
  });
});

/** A file of drafts: what a keeper loads is what was saved last (draftFile's lines by id). */
function fileKeeper() {
  const file = new Map<string, AdjudicationDraft<Choice, RefChoice>>();
  const keeper: DraftKeeper<Choice, RefChoice> = {
    path: 'adjudication/lead.jsonl',
    load: async (of) => ({ draft: file.get(draftIdOf(of)) ?? null, problems: [] }),
    save: (of, d) => void (d ? file.set(draftIdOf(of), d) : file.delete(draftIdOf(of))),
  };
  return { keeper, file, lineOf: (k: string) => file.get(draftIdOf(draftOfKey(k))) };
}

// From a review of the carry-overs above, with the dataset's file in play (each failed before).
describe("carried drafts and the dataset's file", () => {
  const swapped = draftKey('d', 't1', { annotator: 'bob', revision: 2 }, { annotator: 'alice', revision: 3 });

  it('swapping back goes on from what was decided in the other order, not from the file\'s older copy of this order', async () => {
    const { keeper, file, lineOf } = fileKeeper();
    writeDraft(key, stored(before));
    file.set(draftIdOf(draftOfKey(key)), stored(before));
    const { result, rerender } = renderHook(({ k, m }) => useAdjudicationDraft(k, null, startOn(m), keeper), { initialProps: { k: key, m: before } });
    await act(async () => undefined);
    rerender({ k: swapped, m: ['bob-v1', 'alice-v1'] as Made });
    await act(async () => undefined);
    act(() => result.current.setNote('written in the other order'));
    rerender({ k: key, m: before });
    await act(async () => undefined);
    expect(result.current.note).toBe('written in the other order');
    expect(result.current.conflict).toBeNull();
    expect(lineOf(key)?.note).toBe('written in the other order');
  });

  it("a revision that comes back (a checkout took bob's newer line, then gave it back) goes on from what was decided since, not from its older draft", async () => {
    const { keeper, file, lineOf } = fileKeeper();
    const older = draftKey('d', 't1', { annotator: 'alice', revision: 3 }, { annotator: 'bob', revision: 1 });
    writeDraft(key, { ...stored(before), note: 'D1' });
    file.set(draftIdOf(draftOfKey(key)), { ...stored(before), note: 'D1' });
    const { result, rerender } = renderHook(({ k }) => useAdjudicationDraft(k, null, startOn(before), keeper), { initialProps: { k: key } });
    await act(async () => undefined);
    expect(result.current.note).toBe('D1');
    // bob's rev 2 line gone: rev 1 is compared, the decisions carried over to it.
    rerender({ k: older });
    await act(async () => undefined);
    expect(result.current.setBack).toMatch(/^bob's rev 2 became rev 1/);
    act(() => result.current.setNote('D1 + D2'));
    // The line back: rev 2's draft in the file is older than what was decided on rev 1.
    rerender({ k: key });
    await act(async () => undefined);
    expect(result.current.note).toBe('D1 + D2');
    expect(result.current.setBack).toMatch(/^bob's rev 1 became rev 2/);
    expect(result.current.conflict).toBeNull();
    expect(lineOf(key)?.note).toBe('D1 + D2');
  });

  it("a later draft another browser left on the old contents is carried over, not written over by this browser's earlier one", async () => {
    const { keeper, file, lineOf } = fileKeeper();
    writeDraft(key, { ...stored(before), note: 'this browser, earlier' });
    file.set(draftIdOf(draftOfKey(key)), { ...stored(before), note: 'another browser, later', updatedAt: '2026-12-05T11:00:00.000Z' });
    const { result } = renderHook(() => useAdjudicationDraft(key, null, startOn(aliceEdited), keeper));
    await act(async () => undefined);
    expect(result.current.note).toBe('another browser, later');
    expect(result.current.choices).toEqual({ r1: { choice: 'b' } });
    expect(result.current.setBack).toMatch(/edited in place/);
    expect(lineOf(key)?.note).toBe('another browser, later');
    expect(lineOf(key)?.made).toEqual(aliceEdited);
  });

  it("with no draft in this browser, the file's draft on the old contents is carried over and said", async () => {
    const { keeper, file } = fileKeeper();
    file.set(draftIdOf(draftOfKey(key)), { ...stored(before), note: 'typed elsewhere' });
    const { result } = renderHook(() => useAdjudicationDraft(key, null, startOn(aliceEdited), keeper));
    await act(async () => undefined);
    expect(result.current.note).toBe('typed elsewhere');
    expect(result.current.choices).toEqual({ r1: { choice: 'b' } });
    expect(result.current.setBack).toMatch(/edited in place/);
  });

  it("a file draft on the old contents whose merged sequence does not fit goes back to the defaults, as its notice says, not to the ground truth's calls", async () => {
    const { keeper, file } = fileKeeper();
    file.set(draftIdOf(draftOfKey(key)), { ...stored(before), merged: ['z'], note: 'typed elsewhere' });
    // A reopened task: the ground truth's calls fit these rows (they are what a task with no draft begins from).
    const start: DraftStart<Choice> = { ...startOn(aliceEdited), truth: { calls: ['x', 'y'], note: '' } };
    const { result } = renderHook(() => useAdjudicationDraft(key, null, start, keeper));
    await act(async () => undefined);
    expect(result.current.note).toBe('typed elsewhere');
    expect(result.current.setBack).toMatch(/edited in place .*went back to the defaults/);
    expect(result.current.choices).toEqual({});
  });

  it("another browser's draft on the old contents, taken in a conflict before Finalize, is carried over to these rows", async () => {
    const { keeper, file } = fileKeeper();
    writeDraft(key, { ...stored(aliceEdited), note: 'mine' });
    const { result } = renderHook(() => useAdjudicationDraft(key, null, startOn(aliceEdited), keeper));
    await act(async () => undefined);
    file.set(draftIdOf(draftOfKey(key)), { ...stored(before), choices: { r5: { choice: 'drop' } }, order: ['r5', 'r0'], note: 'theirs', updatedAt: '2099-01-01T10:00:00.000Z' });
    let asked = false;
    await act(async () => {
      asked = await result.current.otherDraftInFile();
    });
    expect(asked).toBe(true);
    act(() => result.current.resolveConflict('theirs'));
    expect(result.current.note).toBe('theirs');
    expect(result.current.choices).toEqual({ r1: { choice: 'b' } }); // its merged sequence on these rows, not r5 and its order
    expect(result.current.order).toBeNull();
    expect(result.current.setBack).toMatch(/edited in place/);
  });
});
