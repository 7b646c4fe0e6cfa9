// Stand-ins for what the annotate store reaches IndexedDB and the host through, for unit tests
// that use the store without either (unit tests have no IndexedDB; e2e runs the real ones). Each
// test file mocks the modules with these, overriding what it steers:
//   vi.mock('../db/annotationRepo', async () => (await import('../test-support/annotateStoreStubs')).annotationRepoStub);

/** db/annotationRepo: nothing stored; a save is stored as the next revision. */
export const annotationRepoStub = {
  emptyAnnotation: (k: object) => ({ ...k, calls: [], visual_refs: [], status: 'draft', revision: 0, updated_at: '', base: null, editor_text: null }),
  getAnnotation: (): Promise<unknown> => Promise.resolve(undefined),
  listAnnotations: (): Promise<unknown> => Promise.resolve([]),
  saveAnnotation: (record: { revision: number }) => Promise.resolve({ ...record, revision: record.revision + 1 }),
  saveHeldEdit: () => Promise.resolve('moved'),
};

/** workspaces/annotate/writeThrough: no host to pull from or drain to. */
export const writeThroughStub = { pull: () => Promise.resolve(), requestDrain: () => Promise.resolve() };

/** evaluation/sessionDataset: a dataset of no tasks. */
export const sessionDatasetStub = { sessionDataset: () => Promise.resolve({ tasks: new Map() }) };
