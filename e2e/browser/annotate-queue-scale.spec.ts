// Annotate's queue and Adjudicate's list with 20,000 tasks (the sample's 30 and copies): only the rows in view
// are in the page, the keyboard still reaches every task (End goes to the last, thousands of rows
// down), and the search finds a task far down. Prints a benchmark line (no timed assertion): how
// long the queue took to show, and the longest frame while it opened and while a word was typed
// in the search (before the queue was virtualised: 1.8 s to show, a 0.65 s task, and about 9 s a
// key typed).
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatFrames, installFrameWatch, takeFrameFigures } from '../frame-watch';
import { copySample, ownHost } from '../own-host';

const TASKS = 20_000;

const host = ownHost('egostudio-queue-', 'many-tasks', async (dataset) => {
  await copySample(dataset);
  const file = path.join(dataset, 'tasks.jsonl');
  const sample = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { id: string });
  const copies = Array.from({ length: TASKS - sample.length }, (_, i) => ({ ...sample[i % sample.length], id: `${sample[i % sample.length].id}-copy-${String(i).padStart(5, '0')}` }));
  await writeFile(file, [...sample, ...copies].map((task) => JSON.stringify(task)).join('\n') + '\n');
});

test('20,000 tasks: a window of rows in the page, End reaches the last task, the search a far one', async ({ page }) => {
  test.setTimeout(120_000);
  await installFrameWatch(page, '.task-queue');
  const url = new URL(host.url);
  url.searchParams.set('annotator', `queue-${process.pid}`);
  url.hash = '#/annotate';
  const started = Date.now();
  await page.goto(url.href);
  const first = page.locator('[data-task-id]').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  const shownMs = Date.now() - started;
  const opening = await takeFrameFigures(page);
  const inPage = await page.locator('[data-task-id]').count();
  expect(inPage, 'only the rows in view (and a few more) are in the page').toBeLessThan(100);

  // The last task of the queue (scenarios in order, tasks in file order): the last copy of a warehouse task.
  const lastId = await page.evaluate(async () => {
    // Asked of the page's own list: scrolled to its end, the last row drawn.
    const list = document.querySelector('[data-testid="task-list"]')!;
    list.scrollTop = list.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ids = [...list.querySelectorAll('[data-task-id]')].map((button) => button.getAttribute('data-task-id'));
    list.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return ids.at(-1);
  });
  expect(lastId).toMatch(/^warehouse-.*-copy-\d{5}$/);
  const [firstId, secondId, thirdId] = await page.locator('[data-task-id]').evaluateAll((buttons) => buttons.slice(0, 3).map((button) => button.getAttribute('data-task-id')!));
  await first.focus();
  await page.keyboard.press('End');
  await expect(page.locator(`[data-task-id="${lastId}"]`)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator(`[data-task-id="${firstId}"]`)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[data-task-id="${secondId}"]`)).toBeFocused();
  // A page down and back up.
  await page.keyboard.press('PageDown');
  await expect(page.locator('[data-task-id]:focus')).not.toHaveAttribute('data-task-id', new RegExp(`^(${firstId}|${secondId}|${thirdId})$`));
  await page.keyboard.press('PageUp');
  await expect(page.locator(`[data-task-id="${secondId}"]`)).toBeFocused();
  // Scrolled far away (the wheel, PageDown), the focused task stays in the page and focused, and the arrows go on from it.
  await page.getByTestId('task-list').evaluate((list) => (list.scrollTop = list.scrollHeight / 2));
  await expect(page.locator(`[data-task-id="${firstId}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-task-id="${secondId}"]`)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[data-task-id="${thirdId}"]`)).toBeFocused();
  // Ctrl+K's "Focus the last task of the list" acts once the palette has given the focus back.
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').fill('Focus the last task of the list');
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-task-id="${lastId}"]`)).toBeFocused();

  // A task thousands of rows down (copy 12345 of one of the sample's), found by the search and opened.
  const needle = 'copy-12345';
  await takeFrameFigures(page);
  const search = page.getByLabel('Search tasks');
  await search.click();
  const typing = Date.now();
  await search.pressSequentially(needle);
  const found = page.locator('[data-task-id]');
  await expect(found).toHaveCount(1);
  const typedMs = Date.now() - typing;
  const typed = await takeFrameFigures(page);
  const far = (await found.getAttribute('data-task-id'))!;
  expect(far).toMatch(/-copy-12345$/);
  await found.click();
  await expect(found).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(new RegExp(`#/annotate/${far}$`));

  console.log(
    `annotate queue benchmark: ${TASKS.toLocaleString('en-US')} tasks shown in ${shownMs} ms (page load included), ${inPage} task rows in the page; ` +
      `longest frame gap/long task while opening ${formatFrames(opening)}, while typing ${needle.length} keys in the search ${formatFrames(typed)} (${typedMs} ms); 1-minute load ${loadavg()[0].toFixed(2)}`,
  );
});

test("20,000 tasks in Adjudicate's list: a window of rows in the page, End reaches the last task", async ({ page }) => {
  test.setTimeout(120_000);
  const url = new URL(host.url);
  url.hash = '#/adjudicate';
  const started = Date.now();
  await page.goto(url.href);
  const list = page.getByTestId('adjudicate-task-list');
  const first = list.locator('[data-task-id]').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  const shownMs = Date.now() - started;
  const inPage = await list.locator('[data-task-id]').count();
  expect(inPage, 'only the rows in view (and a few more) are in the page').toBeLessThan(100);
  // Adjudicate lists the tasks in file order: the last is the last copy.
  await first.focus();
  await page.keyboard.press('End');
  await expect(list.locator('[data-task-id]:focus')).toHaveAttribute('data-task-id', /-copy-19969$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/adjudicate\/[^/]+-copy-19969$/);
  console.log(`adjudicate list benchmark: ${TASKS.toLocaleString('en-US')} tasks shown in ${shownMs} ms (page load included), ${inPage} task rows in the page; 1-minute load ${loadavg()[0].toFixed(2)}`);
});
