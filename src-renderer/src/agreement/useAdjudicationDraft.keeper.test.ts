// @vitest-environment happy-dom
// The draft's copy in the dataset (a keeper standing for adjudication/<adjudicator>.jsonl): taken
// when it is later than this browser's and nothing was decided yet, written as decisions are made,
// removed by Finalize.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../test-support/deferred';
import { draftKey, writeDraft, type AdjudicationDraft, type DraftKeeper, type DraftOf, type DraftStart } from './adjudicationDrafts';
import { useAdjudicationDraft } from './useAdjudicationDraft';

type Draft = AdjudicationDraft<{ choice: string }, string>;
const key = draftKey('d', 't1', { annotator: 'alice', revision: 1 }, { annotator: 'bob', revision: 2 });
const start: DraftStart<{ choice: string }> = { decisionsFor: () => null, mergedOf: () => [], truth: null };
const draft = (note: string, updatedAt: string): Draft => ({ choices: { row: { choice: 'b' } }, note, refChoices: {}, order: null, added: 0, truth: null, merged: [], updatedAt });

/** A keeper whose file holds `onFile` once `loaded` resolves; what is saved is listed. */
function fakeKeeper(onFile: Draft | null) {
  const loaded = deferred<void>();
  const saved: { of: DraftOf; draft: Draft | null; base?: string | null }[] = [];
  const keeper: DraftKeeper<{ choice: string }, string> = {
    path: 'adjudication/lead.jsonl',
    load: async () => {
      await loaded.promise;
      return { draft: onFile, problems: [] };
    },
    save: (of, d, base) => saved.push({ of, draft: d, base }),
  };
  return { keeper, loaded, saved };
}

const render = (keeper: DraftKeeper<{ choice: string }, string>) => renderHook(() => useAdjudicationDraft(key, null, start, keeper));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("an adjudication draft's copy in the dataset", () => {
  it("is taken when this browser has none (another browser's, another machine's), and not written back", async () => {
    const { keeper, loaded, saved } = fakeKeeper(draft('from the file', '2026-12-05T10:00:00.000Z'));
    const { result } = render(keeper);
    expect(result.current.note).toBe('');
    await act(async () => loaded.resolve());
    expect(result.current.note).toBe('from the file');
    expect(result.current.choices).toEqual({ row: { choice: 'b' } });
    expect(saved).toEqual([]);
  });

  it("is not taken over this browser's later draft: the adjudicator chooses, and what is kept goes over the file's line", async () => {
    writeDraft(key, draft('this browser, later', '2026-12-05T10:00:09.000Z'));
    const { keeper, loaded, saved } = fakeKeeper(draft('the file, earlier', '2026-12-05T10:00:00.000Z'));
    const { result } = render(keeper);
    await act(async () => loaded.resolve());
    expect(result.current.note).toBe('this browser, later');
    expect(result.current.conflict?.note).toBe('the file, earlier');
    expect(saved).toEqual([]); // nothing written until the choice
    act(() => result.current.resolveConflict('mine'));
    expect(result.current.conflict).toBeNull();
    expect(saved.map((s) => [s.draft?.note, s.base])).toEqual([['this browser, later', '2026-12-05T10:00:00.000Z']]);
  });

  it('that the adjudicator takes in a conflict is this page\'s, and not written back', async () => {
    writeDraft(key, draft('this browser, later', '2026-12-05T10:00:09.000Z'));
    const { keeper, loaded, saved } = fakeKeeper(draft('the file, earlier', '2026-12-05T10:00:00.000Z'));
    const { result } = render(keeper);
    await act(async () => loaded.resolve());
    act(() => result.current.resolveConflict('theirs'));
    expect(result.current.note).toBe('the file, earlier');
    expect(saved).toEqual([]);
    act(() => result.current.setNote('changed after taking it'));
    expect(saved.map((s) => [s.draft?.note, s.base])).toEqual([['changed after taking it', '2026-12-05T10:00:00.000Z']]);
  });

  it("the file lacks gets this browser's draft once read", async () => {
    writeDraft(key, draft('only in this browser', '2026-12-05T10:00:09.000Z'));
    const { keeper, loaded, saved } = fakeKeeper(null);
    render(keeper);
    expect(saved).toEqual([]);
    await act(async () => loaded.resolve());
    expect(saved.map((s) => [s.draft?.note, s.base])).toEqual([['only in this browser', null]]);
  });

  it('gets a draft made before the adjudicator was named once they are', async () => {
    const { keeper, loaded, saved } = fakeKeeper(null);
    const { result, rerender } = renderHook(({ k }) => useAdjudicationDraft(key, null, start, k), { initialProps: { k: null as typeof keeper | null } });
    act(() => result.current.setNote('decided before naming myself'));
    rerender({ k: keeper });
    await act(async () => loaded.resolve());
    expect(saved.map((s) => s.draft?.note)).toEqual(['decided before naming myself']);
  });

  it("is taken from a machine whose clock runs ahead, and the changes made over it are later still", async () => {
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    const { keeper, loaded, saved } = fakeKeeper(draft('from a clock an hour ahead', ahead));
    const { result } = render(keeper);
    await act(async () => loaded.resolve());
    expect(result.current.note).toBe('from a clock an hour ahead');
    act(() => result.current.setNote('changed over it here'));
    expect(saved.map((s) => s.draft?.note)).toEqual(['changed over it here']);
    expect(Date.parse(saved[0].draft!.updatedAt!)).toBeGreaterThan(Date.parse(ahead));
  });

  it('is not taken when it began on another ground truth than there is now (someone finalized since)', async () => {
    const { keeper, loaded, saved } = fakeKeeper({ ...draft('begun before the task was finalized', '2026-12-05T10:00:00.000Z'), truth: null });
    const { result } = renderHook(() => useAdjudicationDraft(key, '{"task_id":"t1"}', start, keeper));
    await act(async () => loaded.resolve());
    expect(result.current.note).toBe('');
    expect(saved).toEqual([]);
  });

  it('is not taken over a decision made before it was read: the adjudicator chooses', async () => {
    const { keeper, loaded, saved } = fakeKeeper(draft('from the file', '2026-12-05T10:00:00.000Z'));
    const { result } = render(keeper);
    act(() => result.current.setNote('typed at once'));
    expect(saved).toEqual([]); // not before the file is read
    await act(async () => loaded.resolve());
    expect(result.current.note).toBe('typed at once');
    expect(result.current.conflict?.note).toBe('from the file');
    expect(saved).toEqual([]);
  });

  it('hears of a write refused because another browser changed the line since', async () => {
    const { keeper, loaded, saved } = fakeKeeper(null);
    const theirs = draft('written in another browser meanwhile', '2026-12-05T10:00:05.000Z');
    const { result, rerender } = renderHook(({ conflicts }) => useAdjudicationDraft(key, null, start, keeper, conflicts), {
      initialProps: { conflicts: null as { id: string; theirs: Draft }[] | null },
    });
    await act(async () => loaded.resolve());
    act(() => result.current.setNote('mine'));
    expect(saved).toHaveLength(1);
    rerender({ conflicts: [{ id: JSON.stringify(['t1', 'alice', 1, 'bob', 2]), theirs }] });
    expect(result.current.conflict?.note).toBe('written in another browser meanwhile');
    act(() => result.current.setNote('mine, more'));
    expect(saved).toHaveLength(1); // held until the choice
  });

  it('gets each change with its time, and the removal at Finalize with nothing after it', async () => {
    const { keeper, loaded, saved } = fakeKeeper(null);
    const { result } = render(keeper);
    await act(async () => loaded.resolve());
    expect(saved).toEqual([]); // opening a task writes nothing
    act(() => {
      result.current.remember();
      result.current.setChoices({ row: { choice: 'a' } });
    });
    expect(saved).toHaveLength(1);
    expect(saved[0].of).toEqual({ taskId: 't1', a: { annotator: 'alice', revision: 1 }, b: { annotator: 'bob', revision: 2 } });
    expect(saved[0].draft?.choices).toEqual({ row: { choice: 'a' } });
    expect(Date.parse(saved[0].draft!.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    act(() => result.current.drop('{"task_id":"t1"}'));
    expect(saved.map((s) => s.draft)).toEqual([saved[0].draft, null]);
    expect(localStorage.getItem(key)).toBeNull();
    act(() => result.current.setNote('a decision after Finalize is kept again'));
    expect(saved.at(-1)?.draft?.note).toBe('a decision after Finalize is kept again');
  });

  it("of an annotator's new revision is taken over the decisions carried over to it", async () => {
    const rev3 = draftKey('d', 't1', { annotator: 'alice', revision: 3 }, { annotator: 'bob', revision: 2 });
    const carrying: DraftStart<{ choice: string }> = { ...start, decisionsFor: () => ({ choices: { row: { choice: 'a' } }, order: null, added: 0 }) };
    const { keeper, loaded, saved } = fakeKeeper(draft("rev 3 decided on another machine", '2026-12-05T10:00:00.000Z'));
    const { result, rerender } = renderHook(({ k }) => useAdjudicationDraft(k, null, carrying, keeper), { initialProps: { k: key } });
    await act(async () => loaded.resolve()); // (the same file draft answers for rev 1: taken, nothing decided there)
    act(() => {
      result.current.remember();
      result.current.setChoices({ row: { choice: 'b' } });
    });
    const before = saved.length;
    rerender({ k: rev3 });
    expect(result.current.setBack).toMatch(/carried over/);
    expect(saved.length).toBe(before); // the carried-over decisions wait for the file's draft
    await act(async () => undefined);
    expect(result.current.note).toBe('rev 3 decided on another machine');
    expect(saved.length).toBe(before);
  });
});
