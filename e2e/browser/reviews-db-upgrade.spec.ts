// The review database's v1 -> v2 upgrade in Chromium's own IndexedDB. Version 1 kept writes that
// could not reach the host in memory only, so a v1 browser may hold overrides its reviews/ files
// lack; from v2 the files are the truth (Replay takes them over the browser's copy), so the
// upgrade queues every override it held and Replay writes them: none is dropped.
import { readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { datasetIdFor } from '../../src-main/services/dataset-catalog';
import { copySample, ownHost } from '../own-host';

const host = ownHost('reviews-upgrade-e2e-', 'sample', copySample);

test('a version-1 review database is upgraded: an override only the browser held is written to reviews/ and shows', async ({ page }) => {
  test.setTimeout(120_000);
  const datasetId = datasetIdFor(await realpath(host.dataset));
  const runs = path.join(host.dataset, 'trajectories', (await readdir(path.join(host.dataset, 'trajectories'))).sort()[0]);
  const first = JSON.parse((await readFile(path.join(runs, (await readdir(runs)).sort()[0]), 'utf8')).split('\n')[0]) as { id: string };
  const review = {
    key: `${datasetId}\u0000${first.id}\u0000legacy-reviewer`,
    datasetId,
    trajectoryId: first.id,
    reviewer: 'legacy-reviewer',
    label: 'logic',
    autoLabel: 'perception',
    reason: 'held by a version-1 browser only',
    updatedAt: '2026-06-01T10:00:00.000Z',
  };

  // A blank page of the app's origin, so the app does not open the database first.
  const origin = new URL(host.url).origin;
  await page.route(`${origin}/e2e-blank`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(`${origin}/e2e-blank`);
  await page.evaluate(
    (row) =>
      new Promise<void>((resolve, reject) => {
        // dexie: version(1).stores({ reviews: 'key, datasetId, [datasetId+reviewer], [datasetId+trajectoryId], updatedAt' }) -> IndexedDB version 10.
        const request = indexedDB.open('egobench-studio-reviews', 10);
        request.onerror = () => reject(request.error);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore('reviews', { keyPath: 'key' });
          store.createIndex('datasetId', 'datasetId');
          store.createIndex('[datasetId+reviewer]', ['datasetId', 'reviewer']);
          store.createIndex('[datasetId+trajectoryId]', ['datasetId', 'trajectoryId']);
          store.createIndex('updatedAt', 'updatedAt');
        };
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('reviews', 'readwrite');
          tx.objectStore('reviews').put(row);
          tx.oncomplete = () => (db.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    review,
  );
  await page.unroute(`${origin}/e2e-blank`);

  await page.goto(host.url + '#/replay');
  const file = path.join(host.dataset, 'reviews', 'legacy-reviewer.jsonl');
  await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 30_000 }).toContain('held by a version-1 browser only');
  expect(JSON.parse((await readFile(file, 'utf8')).trim())).toEqual({
    trajectory_id: first.id,
    label: 'logic',
    auto_label: 'perception',
    reason: 'held by a version-1 browser only',
    reviewer: 'legacy-reviewer',
    updated_at: '2026-06-01T10:00:00.000Z',
  });
  await expect(page.getByTestId('review-count')).toContainText('1 override');
  // At version 2 (IndexedDB 20), with the queue empty once written.
  const state = await page.evaluate(
    () =>
      new Promise<{ version: number; stores: string[]; unsent: number }>((resolve, reject) => {
        const request = indexedDB.open('egobench-studio-reviews');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const count = db.transaction('unsent').objectStore('unsent').count();
          count.onsuccess = () => (db.close(), resolve({ version: db.version, stores: [...db.objectStoreNames].sort(), unsent: count.result }));
        };
      }),
  );
  expect(state).toEqual({ version: 20, stores: ['reviews', 'unsent'], unsent: 0 });
});
