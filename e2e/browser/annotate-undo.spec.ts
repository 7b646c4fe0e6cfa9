// Undo in the calls editor after the call list changed the calls: Ctrl+Z gives back exactly the
// text before the list's action, whatever its layout. Calls pasted on one line, one deleted from
// the list, then Ctrl+Z saved "Paint Bucket" for "Paint Bucket White" (found by an exploratory
// review, 4 of 4 runs): the list's edit shared an undo step with the typing before it.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { datasetsDir } from '../datasets-on-disk';
import { sharedStudioUrl } from '../studio-host';

const annotator = `undo-${process.pid}-${Date.now().toString(36)}`;
const annotationFile = path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`);
const TASK = 'warehouse-02';
const call = (item_name: string) => ({ tool_name: 'get_item_supplier', parameters: { item_name } });

test.afterAll(async () => {
  await rm(annotationFile, { force: true });
});

/** The calls of the task's latest line in the annotator's file. */
async function savedCalls(): Promise<unknown[]> {
  const text = await readFile(annotationFile, 'utf8').catch(() => '');
  const lines = text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { task_id: string; rev: number; calls: unknown[] });
  const latest = lines.filter((l) => l.task_id === TASK).sort((a, b) => a.rev - b.rev).at(-1);
  return latest?.calls ?? [];
}

const editor = (page: Page) => page.getByTestId('gt-editor').locator('.view-lines');

test('Ctrl+Z after a call is deleted or moved in the list gives back the calls as they were', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(sharedStudioUrl());
  await page.getByTestId('annotator-input').fill(annotator);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('annotator-name')).toHaveText(annotator);
  await page.evaluate((task) => (location.hash = `#/annotate/${task}`), TASK);
  await expect(page.locator(`[data-task-id="${TASK}"]`)).toHaveAttribute('aria-current', 'true');

  // One line, not the studio's layout.
  const typed = [call('Green Pallet Wrap'), call('Paint Bucket White')];
  await editor(page).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(typed));
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual(typed);

  const items = page.getByTestId('call-list').locator('.call-item');
  await items.first().focus();
  await page.keyboard.press('Delete');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual([typed[1]]);
  await editor(page).click();
  await page.keyboard.press('Control+z');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual(typed);
  await expect(items).toHaveCount(2);

  // A move is one step of its own too: undone alone, the typing before it stays.
  await items.first().focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual([typed[1], typed[0]]);
  await editor(page).click();
  await page.keyboard.press('Control+z');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual(typed);
});
