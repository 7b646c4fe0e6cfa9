// An edit still waiting for its save (the pause after typing) when the page reloads or closes is
// not lost: the page writes it down as it goes, and the next page saves it (it reaches the
// dataset's file too). Without that, a reload within ~300 ms of the last keystroke lost the edit.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { typeCalls } from '../annotate-editor';
import { datasetsDir } from '../datasets-on-disk';
import { sharedStudioUrl } from '../studio-host';

const annotator = `reload-${process.pid}-${Date.now().toString(36)}`;
const annotationFile = path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`);
const TASK = 'retail-02';

test.afterAll(async () => {
  await rm(annotationFile, { force: true });
});

test('calls typed just before a reload are there after it, and in the annotator file', async ({ page }) => {
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', annotator);
  url.hash = '#/annotate';
  await page.goto(url.href);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  const calls = [
    { tool_name: 'get_price', parameters: { product_name: 'Casa Vento Rioja' } },
    { tool_name: 'add_to_cart', parameters: { user_id: 'reload_user', product_name: 'Casa Vento Rioja', qty: 2 } },
  ];
  await typeCalls(page, calls);
  await page.reload(); // at once: the save waits for a pause in typing first

  await page.locator(`[data-task-id="${TASK}"]`).click();
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  await expect(page.getByTestId('call-list')).toContainText('reload_user');
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  await expect.poll(async () => (await readFile(annotationFile, 'utf8').catch(() => '')).includes('reload_user'), { timeout: 15_000 }).toBe(true);
});
