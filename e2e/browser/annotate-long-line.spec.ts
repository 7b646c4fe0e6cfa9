// An annotator's file with a line too long to read (300 MiB, past the 16 Mi characters the studio
// reads, and past the 256 MiB of text the host answers): the host answers the file with that
// line's mark in its place, so the annotator's other lines still show (before, the whole file was
// refused and they started from blank), the problems panel names the line, and their next edit is
// appended after it with the line's bytes kept.
import { appendFile, open, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { replaceCalls } from '../annotate-editor';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const WHO = 'lena';
const HUGE = 300 * 1024 * 1024;
const price = (name: string) => ({ tool_name: 'get_price', parameters: { product_name: name } });
const line = (task: string, calls: unknown[]) =>
  JSON.stringify({ task_id: task, annotator: WHO, calls, visual_refs: [], status: 'draft', revision: 1, updated_at: '2026-04-20T09:00:00Z' });
const fileOf = (dataset: string) => path.join(dataset, 'annotations', `${WHO}.jsonl`);

const host = ownHost('studio-long-line-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const file = fileOf(dataset);
  await writeFile(file, `${line('retail-01', [price('Casa Vento Rioja')])}\n`);
  await truncate(file, HUGE); // line 2: NUL bytes up to 300 MiB (a sparse file: quick to make)
  await appendFile(file, `\n${line('retail-02', [price('Domaine Lune Bordeaux'), price('Vigna Alta Chianti')])}\n`);
});

/** The file's last `bytes` bytes, without reading the 300 MiB before them. */
async function tailOf(file: string, bytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(bytes, size));
    await handle.read(buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

test("an annotator's file with a 300 MiB line still shows their other lines, names the line, and takes their next edit after it", async ({ page }) => {
  test.setTimeout(180_000);
  const file = fileOf(host.dataset);
  await openAnnotateTask(page, host, WHO, 'retail-02');
  const calls = page.getByTestId('call-list').locator('.call-item');
  await expect(calls).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('call-list')).toContainText('Vigna Alta Chianti');
  await page.locator('[data-task-id="retail-01"]').click();
  await expect(calls).toHaveCount(1);
  await expect(page.getByTestId('call-list')).toContainText('Casa Vento Rioja');

  // The line is a problem of its file, at its number.
  await page.getByTestId('status-problems').click();
  const problem = page.getByTestId('dataset-problems').locator(`li[data-file="annotations/${WHO}.jsonl"][data-line="2"]`);
  await expect(problem).toContainText('past the limit of 16,777,216');
  await page.keyboard.press('Escape');

  // An edit is appended after the line, whose bytes stay.
  const before = (await stat(file)).size;
  await replaceCalls(page, [price('Casa Vento Rioja'), price('Vigna Alta Chianti')]);
  await expect.poll(async () => (await stat(file)).size, { timeout: 30_000 }).toBeGreaterThan(before);
  const [last] = (await tailOf(file, 4096)).trimEnd().split('\n').slice(-1);
  expect(JSON.parse(last)).toMatchObject({ task_id: 'retail-01', annotator: WHO, revision: 2, calls: [price('Casa Vento Rioja'), price('Vigna Alta Chianti')] });
  const head = Buffer.alloc(16);
  const handle = await open(file, 'r');
  await handle.read(head, 0, 16, HUGE - 16);
  await handle.close();
  expect(head.every((byte) => byte === 0)).toBe(true);
});
