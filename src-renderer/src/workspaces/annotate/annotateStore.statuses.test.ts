// @vitest-environment happy-dom
// Task statuses against a refresh whose rows were read before an edit: the rows' read is held by
// the test (the store's IndexedDB layer answers when told), so the interleaving is exact.
import { describe, expect, it, vi } from 'vitest';

const lists: { resolve: (v: unknown) => void }[] = [];
/** The open task's row as IndexedDB holds it (getAnnotation). */
let stored: object | undefined;
vi.mock('../../db/annotationRepo', async () => ({
  ...(await import('../../test-support/annotateStoreStubs')).annotationRepoStub,
  getAnnotation: () => Promise.resolve(stored),
  listAnnotations: () => {
    const d = deferred<unknown>();
    lists.push(d);
    return d.promise;
  },
}));
vi.mock('./writeThrough', async () => (await import('../../test-support/annotateStoreStubs')).writeThroughStub);
vi.mock('../../evaluation/sessionDataset', async () => (await import('../../test-support/annotateStoreStubs')).sessionDatasetStub);

import { useAnnotateStore } from './annotateStore';
import { taskStatus, visibleTasks } from './taskQueueModel';
import type { Task } from '../../../../shared/format/types';
import { deferred } from '../../test-support/deferred';

describe('task statuses', () => {
  it('keeps task ids such as __proto__ and constructor as data: their own status, or to do', async () => {
    const row = (task: string, status: 'draft' | 'submitted') => ({ dataset: 'd', task, annotator: 'alice', calls: [], visual_refs: [], status, revision: 1, updated_at: 'x', base: null, editor_text: null });
    useAnnotateStore.setState({ datasetId: 'd', annotator: 'alice', taskId: null, record: null, saveState: 'saved', statuses: {} });
    const refreshing = useAnnotateStore.getState().refreshStatuses();
    lists.at(-1)!.resolve([row('__proto__', 'submitted'), row('t1', 'draft')]);
    await refreshing;
    const { statuses } = useAnnotateStore.getState();
    expect(['__proto__', 'constructor', 'hasOwnProperty', 't1'].map((id) => taskStatus(statuses, id))).toEqual(['submitted', 'todo', 'todo', 'draft']);
    const task = (id: string) => ({ id, scenario: 's', instruction: '', image_description: '', video: '' }) as Task;
    expect(visibleTasks([task('__proto__'), task('constructor'), task('t1')], statuses, 'todo', '').map((t) => t.id)).toEqual(['constructor']);
  });

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

  // A fresh browser's deep link (#/annotate/<task>, then the name typed): the task opens on an empty
  // row before the pull has taken the file's lines; the pull's refreshView then reads the statuses
  // (the open task's from the screen: the empty row, 'todo') and puts the stored row on screen.
  it("a stored row put on screen in place of the open one brings its status to the queue", async () => {
    const empty = { dataset: 'd', task: 't1', annotator: 'dana', calls: [], visual_refs: [], status: 'draft' as const, revision: 0, updated_at: '', base: null, editor_text: null };
    const taken = { ...empty, calls: [{ id: 'c1', tool_name: 'x', parameters: {}, frame: null }], status: 'submitted' as const, revision: 15, updated_at: 'x' };
    useAnnotateStore.setState({ datasetId: 'd', annotator: 'dana', taskId: 't1', record: empty, saveState: 'saved', statuses: {} });
    const refreshing = useAnnotateStore.getState().refreshStatuses();
    lists.at(-1)!.resolve([taken]);
    await refreshing;
    useAnnotateStore.getState().showStoredRow(taken);
    expect(useAnnotateStore.getState().record?.revision).toBe(15);
    expect(useAnnotateStore.getState().statuses.t1).toBe('submitted');
  });

  // After an Import, Export or Clear local (reopenOpenTask): the statuses are read with the
  // open task's from the screen, then the task is opened again on the row stored now.
  it('opening a task again on a newer stored row shows that row\'s status in the queue', async () => {
    const shown = { dataset: 'd', task: 't1', annotator: 'dana', calls: [], visual_refs: [], status: 'draft' as const, revision: 2, updated_at: 'x', base: null, editor_text: null };
    useAnnotateStore.setState({ datasetId: 'd', annotator: 'dana', taskId: 't1', record: shown, saveState: 'saved', statuses: { t1: 'draft' } });
    stored = { ...shown, status: 'submitted', revision: 3, updated_at: 'y' }; // an imported line
    try {
      await useAnnotateStore.getState().openTask('t1');
    } finally {
      stored = undefined;
    }
    expect(useAnnotateStore.getState().record?.revision).toBe(3);
    expect(useAnnotateStore.getState().statuses.t1).toBe('submitted');
  });
});
