import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { AnnotationDb, CURRENT_VERSION, schemaVersions, upgradeRowV1 } from './annotationDb';
import { clearAnnotations, getAnnotation, listAnnotations, saveAnnotation } from './annotationRepo';
import type { AnnotationRecordV1 } from './schema';

function freshDb(name = 'test') {
  return new AnnotationDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
}

const v1Row: AnnotationRecordV1 = {
  dataset: 'sample',
  task: 'retail-01',
  annotator: 'alice',
  calls: [{ tool_name: 'get_price', parameters: { product_name: 'wine' } }],
  visual_refs: [{ id: 'r1', description: 'the black bottle', entity: 'Merlot', start: 1, end: 2.033 }],
  status: 'draft',
  revision: 3,
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('annotation database', () => {
  it('upgrades a version 1 database to the current version, keeping every row', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('upgrade', { indexedDB, IDBKeyRange });
    old.version(1).stores(schemaVersions[1]);
    await old.table('annotations').put(v1Row);
    old.close();

    const db = new AnnotationDb('upgrade', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_VERSION);
    const row = await getAnnotation({ dataset: 'sample', task: 'retail-01', annotator: 'alice' }, db);
    expect(row).toEqual(upgradeRowV1(v1Row));
    expect(row?.calls[0]).toMatchObject({ id: 'c1', frame: null });
    expect(row?.visual_refs[0]).toMatchObject({ start_frame: 30, end_frame: 60, binding: null });
    expect(row?.base).toBeNull();
    expect(await db.fileSync.count()).toBe(0);
    db.close();
  });

  it('bumps the revision on every save and keeps annotators apart', async () => {
    const db = freshDb();
    const alice = { dataset: 'd', task: 't1', annotator: 'alice' };
    const bob = { dataset: 'd', task: 't1', annotator: 'bob' };
    expect((await saveAnnotation(alice, { status: 'draft' }, db)).revision).toBe(1);
    const second = await saveAnnotation(alice, { calls: [{ id: 'c1', tool_name: 'x', parameters: {}, frame: 4 }] }, db);
    expect(second.revision).toBe(2);
    expect(Date.parse(second.updated_at)).not.toBeNaN();
    await saveAnnotation(bob, { status: 'submitted' }, db);
    expect((await listAnnotations('d', 'alice', db)).map((row) => row.revision)).toEqual([2]);
    expect((await getAnnotation(bob, db))?.status).toBe('submitted');
    // Concurrent saves (two tabs) never reuse a revision.
    const revisions = await Promise.all([1, 2, 3, 4].map(() => saveAnnotation(alice, {}, db).then((row) => row.revision)));
    expect(revisions.sort()).toEqual([3, 4, 5, 6]);
    expect(await clearAnnotations('d', 'alice', db)).toBe(1);
    expect(await listAnnotations('d', 'bob', db)).toHaveLength(1);
    db.close();
  });
});
