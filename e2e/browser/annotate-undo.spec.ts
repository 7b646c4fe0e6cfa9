// Undo in the calls editor after the call list changed the calls: Ctrl+Z (in the editor, or on the
// list itself) gives back exactly the text before the list's action, whatever its layout. Calls pasted on one line, one deleted from
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

type Line = { task_id: string; revision: number; calls: unknown[]; 'x-studio'?: { calls: { id: string; frame: number | null }[] } };

/** The task's latest line in the annotator's file. */
async function savedLine(): Promise<Line | undefined> {
  const text = await readFile(annotationFile, 'utf8').catch(() => '');
  const lines = text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line);
  return lines.filter((l) => l.task_id === TASK).sort((a, b) => a.revision - b.revision).at(-1);
}

/** The calls of the task's latest line in the annotator's file. */
async function savedCalls(): Promise<unknown[]> {
  return (await savedLine())?.calls ?? [];
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
  // The first call anchored to a frame: the undo gives it back with its id and frame.
  await items.first().getByRole('button', { name: /^Anchor call 1 / }).click();
  await expect.poll(async () => (await savedLine())?.['x-studio']?.calls[0].frame ?? null, { timeout: 15_000 }).not.toBeNull();
  const anchored = (await savedLine())!['x-studio']!.calls[0];
  await items.first().focus();
  await page.keyboard.press('Delete');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual([typed[1]]);
  // Undone where it was done: the focus stays on the list (the editor's undo serves it).
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="call-list"]') !== null), 'the focus is on the list').toBe(true);
  await page.keyboard.press('Control+z');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual(typed);
  await expect(items).toHaveCount(2);
  expect((await savedLine())!['x-studio']!.calls[0]).toEqual(anchored);
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual([typed[1]]);
  await page.keyboard.press('Control+z');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual(typed);

  // A move is one step of its own too: undone alone, the typing before it stays.
  await items.first().focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual([typed[1], typed[0]]);
  await editor(page).click();
  await page.keyboard.press('Control+z');
  await expect.poll(savedCalls, { timeout: 15_000 }).toEqual(typed);
});
