// @vitest-environment happy-dom
// Drafts reach adjudication/<adjudicator>.jsonl shortly after a change; while the host is away
// they wait in localStorage (a closed tab's too) and are written when it answers again. The host's
// file is the test's (read with a hash, written only if unchanged, as the host does).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioApi } from '../../../shared/api/studio-api';
import { parseDraftFile, withDrafts, type Draft, type DraftOf } from './draftFile';
import type { DraftHostStatus } from './draftWriteThrough';

const of = (taskId: string): DraftOf => ({ taskId, a: { annotator: 'alice', revision: 1 }, b: { annotator: 'bob', revision: 2 } });
const draft = (note: string, updatedAt = '2026-12-05T10:00:00.000Z'): Draft => ({ choices: {}, refChoices: {}, note, order: null, added: 0, truth: null, merged: [], updatedAt });

/** A host holding one dataset's files in memory; `away` makes every call fail as an unreachable host's do. */
function fakeHost() {
  const files = new Map<string, { text: string; version: number }>();
  const host = { away: false, failing: false, writes: 0, hold: null as Promise<void> | null };
  const reachable = () => {
    if (host.away) throw new StudioError('unreachable', 'the studio host does not answer');
    if (host.failing) throw new StudioError('internal', 'HTTP 503');
  };
  const api = {
    datasets: {
      readVersioned: async (_d: string, path: string) => {
        reachable();
        const file = files.get(path);
        return { text: file?.text ?? null, hash: file ? String(file.version) : null };
      },
      writeIfUnchanged: async (_d: string, path: string, text: string, hash: string | null) => {
        reachable();
        if (host.hold) await host.hold;
        const file = files.get(path);
        if ((file ? String(file.version) : null) !== hash) throw new StudioError('conflict', 'the file changed');
        files.set(path, { text, version: (file?.version ?? 0) + 1 });
        host.writes++;
      },
    },
  } as unknown as StudioApi;
  const notes = (path = 'adjudication/lead.jsonl') => [...parseDraftFile(files.get(path)?.text ?? null).drafts.values()].map((d) => d.note);
  return { api, host, files, notes };
}

// Each test is a fresh page: the module's timers and listeners are its own.
let draftHost: typeof import('./draftWriteThrough').draftHost;
let StudioError: typeof import('../../../shared/api/studio-error').StudioError; // the fresh page's class, as its code checks
beforeEach(async () => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.resetModules();
  ({ draftHost } = await import('./draftWriteThrough'));
  ({ StudioError } = await import('../../../shared/api/studio-error'));
});
afterEach(() => vi.useRealTimers());

/** The page is gone (its timers with it); the next one has only this browser's storage. */
async function nextPage() {
  vi.clearAllTimers();
  vi.resetModules();
  return import('./draftWriteThrough');
}

describe('adjudication drafts written through', () => {
  it('are written once shortly after a burst of changes, merged into the file', async () => {
    const { api, host, files, notes } = fakeHost();
    files.set('adjudication/lead.jsonl', { text: `${JSON.stringify({ note: 'a line of its own' })}\n`, version: 1 });
    const statuses: DraftHostStatus['kind'][] = [];
    const keeper = draftHost(api, 'd', 'lead', (status) => statuses.push(status.kind));
    keeper.save(of('t1'), draft('t'));
    keeper.save(of('t1'), draft('ty'));
    keeper.save(of('t2'), draft('other task'));
    expect(host.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(400);
    expect(host.writes).toBe(1);
    expect(notes()).toEqual(['ty', 'other task']);
    expect(files.get('adjudication/lead.jsonl')!.text).toContain('a line of its own');
    expect(statuses).toEqual(['waiting', 'waiting', 'waiting', 'saved']);
    expect((await keeper.load(of('t1'))).draft?.note).toBe('ty');
    expect((await keeper.load(of('t1'))).problems).toEqual(['line 1: no "task_id"']);
  });

  it('wait while the host is away, say so, and are written when it is back', async () => {
    const { api, host, notes } = fakeHost();
    const statuses: DraftHostStatus['kind'][] = [];
    const keeper = draftHost(api, 'd', 'lead', (status) => statuses.push(status.kind));
    host.away = true;
    keeper.save(of('t1'), draft('written offline'));
    await vi.advanceTimersByTimeAsync(400);
    expect(statuses.at(-1)).toBe('offline');
    expect(localStorage.length).toBe(1); // queued in the browser
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses.at(-1)).toBe('offline');
    host.away = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses.at(-1)).toBe('saved');
    expect(notes()).toEqual(['written offline']);
    expect(localStorage.length).toBe(0);
  });

  it("left queued by a closed page are written by the next one's drain; a Finalize removes the task's lines", async () => {
    const { api, host, notes } = fakeHost();
    host.away = true;
    draftHost(api, 'd', 'lead', () => undefined).save(of('t1'), draft('from a page closed while the host was away'));
    await vi.advanceTimersByTimeAsync(400);
    const next = await nextPage();
    host.away = false;
    await next.drainDrafts(api, 'other dataset');
    expect(notes()).toEqual([]);
    await next.drainDrafts(api, 'd');
    expect(notes()).toEqual(['from a page closed while the host was away']);
    const keeper = next.draftHost(api, 'd', 'lead', () => undefined);
    keeper.save(of('t1'), null);
    await vi.advanceTimersByTimeAsync(400);
    expect(notes()).toEqual([]);
  });

  it('carry ground-truth corrections in progress too: the latest change of a task wins, a closed page\'s is drained, a removal removes the line', async () => {
    const { api, host, files, notes } = fakeHost();
    const truth = JSON.stringify({ task_id: 't9', calls: [], visual_refs: [] });
    const correction = (text: string) => ({ text, note: '', truth, updatedAt: '2026-12-05T10:00:00.000Z' });
    const keeper = draftHost(api, 'd', 'lead', () => undefined);
    keeper.save(of('t1'), draft('a draft beside it'));
    keeper.saveCorrection('t9', correction('[1]'));
    keeper.saveCorrection('t9', correction('[2]'));
    await vi.advanceTimersByTimeAsync(400);
    expect(host.writes).toBe(1);
    expect(notes()).toEqual(['a draft beside it']);
    expect((await keeper.loadCorrection('t9'))?.text).toBe('[2]');
    // Offline, then the page closes: the next page's drain writes the later change (a removal) over the earlier.
    host.away = true;
    keeper.saveCorrection('t9', correction('[3]'));
    await vi.advanceTimersByTimeAsync(400);
    keeper.saveCorrection('t9', null);
    await vi.advanceTimersByTimeAsync(400);
    const next = await nextPage();
    host.away = false;
    await next.drainDrafts(api, 'd');
    expect(files.get('adjudication/lead.jsonl')!.text).not.toContain('correction');
    expect(notes()).toEqual(['a draft beside it']);
    expect(localStorage.length).toBe(0);
  });

  it("queued before the task's Finalize are not written after it: a draft of another revision does not come back", async () => {
    const { api, host, notes } = fakeHost();
    const keeper = draftHost(api, 'd', 'lead', () => undefined);
    host.away = true;
    keeper.save(of('t1'), draft('rev 1, queued while the host was away'));
    await vi.advanceTimersByTimeAsync(400);
    keeper.save({ ...of('t1'), a: { annotator: 'alice', revision: 3 } }, null); // finalized on rev 3
    keeper.save(of('t2'), draft('another task'));
    host.away = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(notes()).toEqual(['another task']);
    expect(localStorage.length).toBe(0);
  });

  it('wait while the host fails the write (a restart behind a proxy), and are written once it does not', async () => {
    const { api, host, notes } = fakeHost();
    const statuses: DraftHostStatus[] = [];
    const keeper = draftHost(api, 'd', 'lead', (status) => statuses.push(status));
    host.failing = true;
    keeper.save(of('t1'), draft('kept through a 503'));
    await vi.advanceTimersByTimeAsync(400);
    expect(statuses.at(-1)).toEqual({ kind: 'failing', path: 'adjudication/lead.jsonl', message: 'HTTP 503' });
    host.failing = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(notes()).toEqual(['kept through a 503']);
    expect(statuses.at(-1)?.kind).toBe('saved');
  });

  it('say how a retry went to the view shown now, not to the one that began it', async () => {
    const { api, host } = fakeHost();
    const first: string[] = [];
    const shown: string[] = [];
    host.away = true;
    draftHost(api, 'd', 'lead', (status) => first.push(status.kind)).save(of('t1'), draft('x'));
    await vi.advanceTimersByTimeAsync(400);
    draftHost(api, 'd', 'lead', (status) => shown.push(status.kind)); // another task opened meanwhile
    host.away = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(first).toEqual(['waiting', 'offline']);
    expect(shown).toEqual(['saved']);
  });

  it("say when another browser changed a draft since this page read it, and leave that browser's line", async () => {
    const { api, files } = fakeHost();
    const statuses: DraftHostStatus[] = [];
    const keeper = draftHost(api, 'd', 'lead', (status) => statuses.push(status));
    const theirs = draft('theirs', '2026-12-05T09:00:00.000Z');
    const file = withDrafts(null, 'lead', [{ of: of('t1'), draft: theirs }]).text;
    files.set('adjudication/lead.jsonl', { text: file, version: 1 });
    keeper.save(of('t1'), draft('mine, made over none'), null);
    await vi.advanceTimersByTimeAsync(400);
    expect(statuses.at(-1)).toEqual({ kind: 'conflict', path: 'adjudication/lead.jsonl', conflicts: [{ of: of('t1'), theirs, id: JSON.stringify(['t1', 'alice', 1, 'bob', 2]) }] });
    expect(files.get('adjudication/lead.jsonl')!.text).toBe(file);
    // Kept over theirs: written on the base of their line.
    keeper.save(of('t1'), draft('mine, kept', '2026-12-05T10:00:01.000Z'), theirs.updatedAt);
    await vi.advanceTimersByTimeAsync(400);
    expect(statuses.at(-1)?.kind).toBe('saved');
  });

  it('of a draft still queued, write the newest over the line the first one was based on', async () => {
    const { api, host, files, notes } = fakeHost();
    const theirs = draft('in the file', '2026-12-05T09:00:00.000Z');
    files.set('adjudication/lead.jsonl', { text: withDrafts(null, 'lead', [{ of: of('t1'), draft: theirs }]).text, version: 1 });
    const keeper = draftHost(api, 'd', 'lead', () => undefined);
    host.away = true;
    keeper.save(of('t1'), draft('first', '2026-12-05T10:00:00.000Z'), theirs.updatedAt);
    await vi.advanceTimersByTimeAsync(400);
    // The page took its first change as the file's line; the file still holds the one before.
    keeper.save(of('t1'), draft('second', '2026-12-05T10:00:01.000Z'), '2026-12-05T10:00:00.000Z');
    host.away = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(notes()).toEqual(['second']);
  });

  it('of a draft changed while its write ran, write the change over the line just written (no conflict with itself)', async () => {
    const { api, host, notes } = fakeHost();
    const statuses: string[] = [];
    const keeper = draftHost(api, 'd', 'lead', (status) => statuses.push(status.kind));
    let release!: () => void;
    host.hold = new Promise((resolve) => (release = resolve));
    keeper.save(of('t1'), draft('first', '2026-12-05T10:00:00.000Z'), null);
    await vi.advanceTimersByTimeAsync(300); // the write is under way
    keeper.save(of('t1'), draft('second', '2026-12-05T10:00:01.000Z'), '2026-12-05T10:00:00.000Z');
    host.hold = null;
    release();
    await vi.advanceTimersByTimeAsync(400);
    expect(notes()).toEqual(['second']);
    expect(statuses).not.toContain('conflict');
  });

  it('say saved only once the newest change is in the file: a write that ends with a newer change queued says it is still waiting', async () => {
    const { api, host, files } = fakeHost();
    const statuses: string[] = [];
    const keeper = draftHost(api, 'd', 'lead', (status) => statuses.push(status.kind));
    const truth = JSON.stringify({ task_id: 't9', calls: [], visual_refs: [] });
    const correction = (text: string) => ({ text, note: '', truth, updatedAt: '2026-12-05T10:00:00.000Z' });
    let release!: () => void;
    host.hold = new Promise((resolve) => (release = resolve));
    keeper.saveCorrection('t9', correction('[1]'));
    await vi.advanceTimersByTimeAsync(300); // the write of [1] is under way (a slow host)
    keeper.saveCorrection('t9', correction('[2]'));
    host.hold = null;
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(files.get('adjudication/lead.jsonl')!.text).toContain('[1]');
    expect(statuses.at(-1)).toBe('waiting'); // [1] is written, [2] is not yet
    await vi.advanceTimersByTimeAsync(400);
    expect(files.get('adjudication/lead.jsonl')!.text).toContain('[2]');
    expect(statuses.at(-1)).toBe('saved');
  });
});
