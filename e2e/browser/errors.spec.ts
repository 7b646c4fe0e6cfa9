// Errors a person can act on, against a browser host of this spec's own: a dataset whose files
// are broken opens the problems panel (each problem with its file and line), and a host call
// that fails says in the status bar what failed and what to do; a workspace that did not load says so.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe';
import { ownHost } from '../own-host';

const host = ownHost('studio-errors-', 'broken', async (broken) => {
  await mkdir(path.join(broken, 'scenarios'), { recursive: true });
  await writeFile(path.join(broken, 'dataset.json'), JSON.stringify({ id: 'broken', name: 'Broken dataset', version: '1', modes: ['static'] }));
  const lines = ['{"id": "t1", "scenario": ', JSON.stringify({ id: 't2', scenario: 'nowhere', instruction: 'x', image_description: 'y', video: 'videos/t2.webm' })];
  // Line 3 saved as Latin-1 (é is one byte, E9): not UTF-8.
  await writeFile(path.join(broken, 'tasks.jsonl'), Buffer.concat([Buffer.from(lines.join('\n') + '\n'), Buffer.from('{"id": "t3", "scenario": "café"}\n', 'latin1')]));
});

test('a dataset with no readable task opens the problems panel: file and line of each problem; Escape closes it, the status bar reopens it', async ({ page }) => {
  await page.goto(host.url);
  const panel = page.getByTestId('dataset-problems');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Problems in Broken dataset');
  await expect(panel.locator('li[data-file="tasks.jsonl"][data-line="1"]')).toContainText('tasks.jsonl:1');
  await expect(panel.locator('li[data-file="tasks.jsonl"][data-line="2"]')).toContainText('nowhere');
  await expect(panel.locator('li[data-file="tasks.jsonl"][data-line="3"]')).toContainText('not UTF-8');
  await expect(page.getByTestId('status-message')).toContainText('Broken dataset has no task that can be read');
  expect(await seriousViolations(page), 'problems panel (axe)').toEqual([]);
  // A modal dialog: focus is inside it and stays there.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="dataset-problems"]'))).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="dataset-problems"]'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const reopen = page.getByTestId('status-problems');
  await expect(reopen).toHaveText(/⚠ [2-9] problems/);
  await reopen.click();
  await expect(panel).toBeVisible();
  await panel.getByTestId('dataset-problems-close').click();
  await expect(panel).toBeHidden();
  // Focus goes back to what opened it.
  await expect(reopen).toBeFocused();
});

test('a host call that fails says what failed and what to do, not a stack or an HTTP code', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('dataset-problems')).toBeVisible();
  await page.keyboard.press('Escape');
  // The host goes away; opening a dataset then fails.
  await page.route('**/api/datasets.open', (route) => route.abort('connectionrefused'));
  await page.getByTestId('toggle-sidebar').click();
  if (!(await page.locator('#dataset-sidebar').isVisible())) await page.getByTestId('toggle-sidebar').click();
  await page.getByTestId('dataset-entry').first().click();
  const message = page.getByTestId('status-message');
  await expect(message).toContainText('Cannot open the dataset Broken dataset');
  await expect(message).toContainText('The studio host is not answering: check that it still runs');
  // The same words head the problems panel.
  await expect(page.getByTestId('dataset-problems')).toContainText('could not open this dataset');
  await page.keyboard.press('Escape');
  // An HTTP error without an explanation: the code is not all the user gets.
  await page.route('**/api/datasets.open', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
  await page.getByTestId('dataset-entry').first().click();
  await expect(message).toContainText('Cannot open the dataset Broken dataset');
  await expect(message).toContainText('The host failed: its terminal says why');
  expect(await message.innerText()).not.toMatch(/\n|\bat \w+ \(/);
});

test("a workspace whose chunk did not load says so, and Try again loads it", async ({ page }) => {
  // The host does not serve Reports' chunk until Try again (a busy machine, a host restarting).
  // Chromium asks for it once or twice before the failure shows (its preload, and its import
  // unless that shares the preload's fetch), so the host refuses until the button is pressed.
  let serving = false;
  const asked = { refused: 0, served: 0 };
  // Try again may ask under a query of its own: Chromium keeps a failed module fetch, URL by URL.
  await page.route(/\/assets\/ReportsWorkspace-[\w-]+\.js(\?[^/]*)?$/, (route) => {
    if (!serving) return (asked.refused++, route.abort('connectionreset'));
    asked.served++;
    return route.continue();
  });
  await page.goto(host.url);
  await expect(page.getByTestId('dataset-problems')).toBeVisible(); // the broken dataset's
  await page.keyboard.press('Escape');
  await page.getByTestId('workspace-reports').click();
  const failure = page.getByTestId('view-failure');
  await expect(failure).toContainText('Reports could not be shown');
  serving = true;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  expect(asked.refused).toBeGreaterThan(0);
  expect(asked.served).toBe(1); // Try again asked for the chunk anew
});

test("a workspace whose stylesheet did not load is shown, and the stylesheet is asked for again", async ({ page }) => {
  let asked = 0;
  await page.route(/\/assets\/ReportsWorkspace-[\w-]+\.css$/, (route) => (asked++ === 0 ? route.abort('connectionreset') : route.continue()));
  await page.goto(host.url);
  await expect(page.getByTestId('dataset-problems')).toBeVisible(); // the broken dataset's
  await page.keyboard.press('Escape');
  await page.getByTestId('workspace-reports').click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Reports');
  // Styled: reports.css sets its heading's size (the shell's h1 is another).
  await expect.poll(() => heading.evaluate((h) => getComputedStyle(h).fontSize)).toBe('22px');
  expect(asked).toBe(2);
});
