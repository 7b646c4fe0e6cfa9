// @vitest-environment happy-dom
// Task statuses against a refresh whose rows were read before an edit: the rows' read is held by
// the test (the store's IndexedDB layer answers when told), so the interleaving is exact.
import { describe, expect, it, vi } from 'vitest';

const lists: { resolve: (v: unknown) => void }[] = [];
vi.mock('../../db/annotationRepo', () => ({
  emptyAnnotation: (k: object) => ({ ...k, calls: [], visual_refs: [], status: 'draft', revision: 0, updated_at: '', base: null, editor_text: null }),
  getAnnotation: () => Promise.resolve(undefined),
  listAnnotations: () => {
    const d = deferred<unknown>();
    lists.push(d);
    return d.promise;
  },
  saveAnnotation: (record: { revision: number }) => Promise.resolve({ ...record, revision: record.revision + 1 }),
  saveHeldEdit: () => Promise.resolve('moved'),
}));
vi.mock('./writeThrough', () => ({ pull: () => Promise.resolve(), requestDrain: () => Promise.resolve() }));
vi.mock('../../evaluation/sessionDataset', () => ({ sessionDataset: () => Promise.resolve({ tasks: new Map() }) }));

import { useAnnotateStore } from './annotateStore';
import { deferred } from '../../test-support/deferred';

describe('task statuses', () => {
  it('a refresh that read the rows before a submit does not show the task as a draft again', async () => {
    const row = { dataset: 'd', task: 't1', annotator: 'alice', calls: [{ id: 'c1', tool_name: 'x', parameters: {}, frame: null }], visual_refs: [], status: 'draft' as const, revision: 2, updated_at: 'x', base: null, editor_text: null };
    useAnnotateStore.setState({ datasetId: 'd', annotator: 'alice', taskId: 't1', record: row, saveState: 'saved', statuses: { t1: 'draft' } });
    const refreshing = useAnnotateStore.getState().refreshStatuses(); // e.g. a pull's refreshView
    useAnnotateStore.getState().edit({ status: 'submitted' }); // Ctrl+Enter
    expect(useAnnotateStore.getState().statuses.t1).toBe('submitted');
    lists.at(-1)!.resolve([row]); // rows as read before the save
    await refreshing;
    await useAnnotateStore.getState().flush();
    expect(useAnnotateStore.getState().record?.status).toBe('submitted');
    expect(useAnnotateStore.getState().statuses.t1).toBe('submitted');
  });

  it("a refresh begun for one annotator shows nothing once another has signed in", async () => {
    useAnnotateStore.setState({ datasetId: 'd', annotator: 'alice', taskId: null, record: null, saveState: 'saved', statuses: {} });
    const refreshing = useAnnotateStore.getState().refreshStatuses();
    useAnnotateStore.setState({ annotator: 'bob', statuses: {} });
    lists.at(-1)!.resolve([{ dataset: 'd', task: 't9', annotator: 'alice', calls: [], visual_refs: [], status: 'submitted', revision: 1, updated_at: 'x', base: null, editor_text: null }]);
    await refreshing;
    expect(useAnnotateStore.getState().statuses).toEqual({});
  });
});
