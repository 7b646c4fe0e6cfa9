// The annotation database's v1 -> v2 upgrade in Chromium's own IndexedDB: in the app's origin,
// before the app runs, a version-1 database is created exactly as dexie writes it (dexie stores
// version N as IndexedDB version N*10; the object stores and indexes of schemaVersions[1], compound
// keys as arrays), with rows of two annotators. Then the Annotate workspace opens it at the
// current version: the rows must carry call ids, frames, bindings and an empty file base, the
// annotation must show in the UI, and the next edit must take the next revision.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { datasetIdFor } from '../../src-main/services/dataset-catalog';
import { datasetsDir } from '../datasets-on-disk';
import { sharedStudioUrl } from '../studio-host';

const DB_NAME = 'egobench-annotations';
const TASK = 'retail-01';
const annotator = `upgrade-${process.pid}-${Date.now().toString(36)}`;
const other = `${annotator}-b`;

/** A row as dexie v1 of the studio stored it (AnnotationRecordV1). */
function v1Row(dataset: string, who: string, entity: string) {
  return {
    dataset,
    task: TASK,
    annotator: who,
    calls: [
      { tool_name: 'get_price', parameters: { product_name: entity } },
      { tool_name: 'add_to_cart', parameters: { user_id: 'maya_chen_204', product_name: entity, qty: 1 } },
    ],
    visual_refs: [{ id: 'r1', description: 'the bottle on the left', entity, start: 1, end: 2.033 }],
    status: 'draft',
    revision: 3,
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

interface RawDbState {
  version: number;
  stores: { name: string; keyPath: string | string[] | null; indexes: { name: string; keyPath: string | string[] }[] }[];
  rows: Record<string, unknown>[];
}

/** Reads the database with the plain IndexedDB API (no dexie), at whatever version it has. */
function readRawDb(page: Page): Promise<RawDbState> {
  return page.evaluate(
    (name) =>
      new Promise<RawDbState>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const stores = names.map((storeName) => {
            const store = tx.objectStore(storeName);
            return {
              name: storeName,
              keyPath: store.keyPath,
              indexes: [...store.indexNames].map((index) => ({ name: index, keyPath: store.index(index).keyPath })),
            };
          });
          const all = tx.objectStore('annotations').getAll();
          all.onsuccess = () => {
            db.close();
            resolve({ version: db.version, stores, rows: all.result as Record<string, unknown>[] });
          };
          all.onerror = () => reject(all.error);
        };
      }),
    DB_NAME,
  );
}

test('a version-1 annotation database is upgraded in Chromium and its annotation shows', async ({ page }) => {
  test.setTimeout(60_000);
  const dataset = datasetIdFor(await realpath(path.join(datasetsDir, 'egobench-sample')));
  const origin = new URL(sharedStudioUrl()).origin;

  // A blank page of the app's origin (served by the test, so the app does not run and open the
  // database first): the same IndexedDB the app will use.
  await page.route(`${origin}/e2e-blank`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(`${origin}/e2e-blank`);
  const created = await page.evaluate(
    ({ name, rows, annotators }) =>
      new Promise<{ version: number; existed: boolean }>((resolve, reject) => {
        let existed = true;
        // dexie: db.version(1).stores(schemaVersions[1]) -> IndexedDB version 10.
        const request = indexedDB.open(name, 10);
        request.onerror = () => reject(request.error);
        request.onupgradeneeded = () => {
          existed = request.transaction!.db.objectStoreNames.length > 0;
          const db = request.result;
          // annotations: '&[dataset+task+annotator], [dataset+annotator], [dataset+task], updated_at'
          const annotations = db.createObjectStore('annotations', { keyPath: ['dataset', 'task', 'annotator'], autoIncrement: false });
          annotations.createIndex('[dataset+annotator]', ['dataset', 'annotator'], { unique: false, multiEntry: false });
          annotations.createIndex('[dataset+task]', ['dataset', 'task'], { unique: false, multiEntry: false });
          annotations.createIndex('updated_at', 'updated_at', { unique: false, multiEntry: false });
          // annotators: '&name'
          db.createObjectStore('annotators', { keyPath: 'name', autoIncrement: false });
        };
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['annotations', 'annotators'], 'readwrite');
          for (const row of rows) tx.objectStore('annotations').put(row);
          for (const who of annotators) tx.objectStore('annotators').put({ name: who, created_at: '2026-01-01T00:00:00.000Z', last_used_at: '2026-01-01T00:00:00.000Z' });
          tx.oncomplete = () => {
            db.close();
            resolve({ version: db.version, existed });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DB_NAME, rows: [v1Row(dataset, annotator, 'Domaine Lune Bordeaux'), v1Row(dataset, other, 'Casa Vento Rioja')], annotators: [annotator, other] },
  );
  expect(created).toEqual({ version: 10, existed: false });

  // The app opens the database at the current version (dexie runs the v2 and v3 upgrades).
  await page.unroute(`${origin}/e2e-blank`);
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', annotator);
  url.hash = '#/annotate';
  await page.goto(url.href);
  await expect(page.getByTestId('annotator-name')).toHaveText(annotator);
  // The queue reads this annotator's statuses from the upgraded rows.
  await expect(page.locator(`[data-task-id="${TASK}"] .status-badge`)).toHaveText('draft');
  await page.locator(`[data-task-id="${TASK}"]`).click();
  const calls = page.getByTestId('call-list').locator('.call-item');
  await expect(calls).toHaveCount(2);
  await expect(calls.nth(0)).toContainText('get_price');
  await expect(calls.nth(1)).toContainText('add_to_cart');
  await expect(page.getByTestId('visual-ref-list')).toContainText('Domaine Lune Bordeaux');
  await expect(page.getByTestId('visual-ref-list')).toContainText('f30–60');
  await expect(page.getByTestId('save-state')).toContainText('rev 3');
  // The other annotator's queued edit goes to their file too (writeThrough's drainOthers), which sets
  // its row's file base: read the rows once it has, or that write may land between the two reads below.
  const otherFile = path.join(datasetsDir, 'egobench-sample', 'annotations', `${other}.jsonl`);
  await expect.poll(() => readFile(otherFile, 'utf8').catch(() => ''), { timeout: 15_000 }).toContain('"revision":3');

  const upgraded = await readRawDb(page);
  expect(upgraded.version).toBe(30);
  const stores = Object.fromEntries(upgraded.stores.map((store) => [store.name, store]));
  expect(Object.keys(stores).sort()).toEqual(['annotations', 'annotators', 'fileSync', 'outbox']);
  expect(stores.annotations.keyPath).toEqual(['dataset', 'task', 'annotator']);
  expect(stores.annotations.indexes).toContainEqual({ name: '[dataset+status]', keyPath: ['dataset', 'status'] });
  expect(stores.annotators.indexes).toContainEqual({ name: 'last_used_at', keyPath: 'last_used_at' });
  expect(stores.fileSync.keyPath).toEqual(['dataset', 'annotator']);
  const rowOf = (who: string) => upgraded.rows.find((row) => row.annotator === who && row.dataset === dataset && row.task === TASK);
  for (const [who, entity] of [
    [annotator, 'Domaine Lune Bordeaux'],
    [other, 'Casa Vento Rioja'],
  ]) {
    // Every row is upgraded, not only the one the UI opened; nothing else in it changes (but the
    // file base: v3 queued each never-exported edit, written through since).
    const { base, ...row } = rowOf(who)!;
    expect(base === null || (base as { revision: number }).revision === 3).toBe(true);
    expect(row).toEqual({
      dataset,
      task: TASK,
      annotator: who,
      calls: [
        { id: 'c1', tool_name: 'get_price', parameters: { product_name: entity }, frame: null },
        { id: 'c2', tool_name: 'add_to_cart', parameters: { user_id: 'maya_chen_204', product_name: entity, qty: 1 }, frame: null },
      ],
      visual_refs: [{ id: 'r1', description: 'the bottle on the left', entity, start: 1, end: 2.033, start_frame: 30, end_frame: 60, binding: null }],
      status: 'draft',
      revision: 3,
      updated_at: '2026-01-01T00:00:00.000Z',
      editor_text: null,
    });
  }
  // The v1 row that was never exported reached the annotator's file with no Export.
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-unsent', '0');
  const file = await readFile(path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`), 'utf8');
  expect(JSON.parse(file.trim().split('\n')[0])).toMatchObject({ task_id: TASK, revision: 3, calls: [{ tool_name: 'get_price' }, { tool_name: 'add_to_cart' }] });

  // The next edit on an upgraded row is saved as the next revision, the other annotator's row untouched.
  // The v1 row's add_to_cart lacks required parameters: once its replay says so, Submit asks first.
  await expect(page.locator('.lint-line.error').filter({ hasText: 'fails on replay' }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('submit-task').click();
  await page.getByTestId('submit-confirm').getByRole('button', { name: 'Submit anyway' }).click();
  await expect(page.getByTestId('save-state')).toContainText('rev 4');
  await expect(page.locator(`[data-task-id="${TASK}"] .status-badge`)).toHaveText('submitted');
  const after = await readRawDb(page);
  expect(after.rows.find((row) => row.annotator === annotator)).toMatchObject({ revision: 4, status: 'submitted', calls: rowOf(annotator)!.calls });
  // The other annotator's row is untouched by this edit.
  expect(after.rows.find((row) => row.annotator === other)).toEqual(rowOf(other));
});
