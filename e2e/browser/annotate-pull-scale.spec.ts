// An annotator whose file holds thousands of lines opens Annotate in a browser that has none of
// them (a new machine, cleared browser data): the first pull takes every line into this browser's
// rows, each row the file's latest line of its task. Prints a benchmark line (no timed assertion):
// how long until every line was a row (a transaction per line took 22 s for 4,770 lines).
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample, ownHost } from '../own-host';

// 1,500 tasks (2,700 lines): enough to show a batch against a transaction per line, at half the CI time of 3,000.
const TASKS = 1_500;
const ANNOTATOR = 'alice';

type Line = { task_id: string; revision: number; [key: string]: unknown };
const jsonLines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const host = ownHost('egostudio-pull-', 'many-lines', async (dataset) => {
  await copySample(dataset);
  const tasks = (await jsonLines(path.join(dataset, 'tasks.jsonl'))) as { id: string }[];
  const copies = Array.from({ length: TASKS - tasks.length }, (_, i) => ({ ...tasks[i % tasks.length], id: `${tasks[i % tasks.length].id}-copy-${i}` }));
  await writeFile(path.join(dataset, 'tasks.jsonl'), [...tasks, ...copies].map((task) => JSON.stringify(task)).join('\n') + '\n');
  // Every line of alice's file again for each copy of its task (revisions and all).
  const file = path.join(dataset, 'annotations', `${ANNOTATOR}.jsonl`);
  const lines = (await jsonLines(file)) as Line[];
  const copied = copies.flatMap((copy, i) => lines.filter((line) => line.task_id === tasks[i % tasks.length].id).map((line) => ({ ...line, task_id: copy.id })));
  await writeFile(file, [...lines, ...copied].map((line) => JSON.stringify(line)).join('\n') + '\n');
});

test(`a first pull of a ${TASKS.toLocaleString('en-US')}-task dataset takes every line of the file into the browser's rows`, async ({ page }) => {
  test.setTimeout(120_000);
  const lines = (await jsonLines(path.join(host.dataset, 'annotations', `${ANNOTATOR}.jsonl`))) as Line[];
  const latest = new Map<string, number>();
  for (const line of lines) latest.set(line.task_id, Math.max(latest.get(line.task_id) ?? 0, line.revision));
  const url = new URL(host.url);
  url.searchParams.set('annotator', ANNOTATOR);
  url.hash = '#/annotate';
  const started = Date.now();
  await page.goto(url.href);
  await expect(page.locator('[data-task-id]').first()).toBeVisible({ timeout: 60_000 });
  // This browser's rows of the annotator: each task's row based on its latest line.
  const rows = () =>
    page.evaluate(
      (annotator) =>
        new Promise<[string, number | null][]>((resolve, reject) => {
          const open = indexedDB.open('egobench-annotations');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('annotations').objectStore('annotations').getAll();
            all.onsuccess = () => {
              const mine = (all.result as { annotator: string; task: string; base: { revision: number } | null }[]).filter((row) => row.annotator === annotator);
              resolve(mine.map((row) => [row.task, row.base?.revision ?? null]));
              open.result.close();
            };
          };
        }),
      ANNOTATOR,
    );
  await expect.poll(async () => (await rows()).filter(([task, base]) => base === latest.get(task)).length, { timeout: 90_000, intervals: [250] }).toBe(latest.size);
  const tookMs = Date.now() - started;
  expect(new Map(await rows())).toEqual(latest);
  // Nothing was sent back: the outbox stays empty (the drain after the pull found nothing), and
  // the file is as it was.
  const outbox = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('egobench-annotations');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => {
              resolve(count.result);
              open.result.close();
            };
          };
        }),
    );
  // A line wrongly queued is in the outbox until the drain appends it, then in the file: both are looked at.
  await page.waitForTimeout(2_000);
  expect(await outbox()).toBe(0);
  expect((await jsonLines(path.join(host.dataset, 'annotations', `${ANNOTATOR}.jsonl`))).length).toBe(lines.length);
  console.log(
    `annotate pull benchmark: ${latest.size.toLocaleString('en-US')} tasks' lines (${lines.length.toLocaleString('en-US')} in the file) taken into a fresh browser in ${tookMs} ms (page load included); 1-minute load ${loadavg()[0].toFixed(2)}`,
  );
});
