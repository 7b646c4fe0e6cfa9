// Tasks that share one clip (an EgoBench release has 18 to 59 tasks per clip): opening the next
// task of the same clip keeps the player as it is (its frame count, its position), so the counter,
// the timeline and stepping still work although the <video> loads nothing new.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const FIRST = 'kitchen-01';
const SECOND = 'kitchen-02';

const host = ownHost('studio-shared-clip-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const tasks = path.join(dataset, 'tasks.jsonl');
  const lines = (await readFile(tasks, 'utf8')).split('\n').map((line) => {
    if (!line.includes(`"id":"${SECOND}"`)) return line;
    const task = JSON.parse(line) as { video: string };
    task.video = `videos/${FIRST}.webm`;
    return JSON.stringify(task);
  });
  await writeFile(tasks, lines.join('\n'));
});

async function open(page: Page, task: string): Promise<void> {
  await openAnnotateTask(page, host, 'shared-clip-e2e', task);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
}

const total = (page: Page) => page.locator('.frame-counter .muted').first();

test('the next task of the same clip keeps its frame count and steps as the first did', async ({ page }) => {
  await open(page, FIRST);
  await expect(total(page)).not.toHaveText(/–/);
  const before = await total(page).textContent();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('v');
  await expect(page.getByTestId('frame-counter')).toHaveText('10');

  await open(page, SECOND);
  await expect(total(page)).toHaveText(before!);
  await expect(page.getByTestId('frame-counter')).toHaveText('10');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('v');
  await page.keyboard.press('f');
  await expect(page.getByTestId('frame-counter')).toHaveText('21');
  await page.keyboard.press('c');
  await page.keyboard.press('c');
  await page.keyboard.press('c');
  await expect(page.getByTestId('frame-counter')).toHaveText('0');
});

test("the tool console and the reference picker start afresh on the next task: no result or half-typed name of the last one", async ({ page }) => {
  await open(page, FIRST);
  await page.getByTestId('console-tab').click();
  const input = page.getByTestId('console-input');
  await expect(input).toHaveAttribute('placeholder', /find_ingredients_by_name/); // the scenario's own tool, not another's
  await input.fill('{"tool_name": "find_ingredients_by_name", "parameters": {"name": "broccoli"}}');
  await input.press('Enter');
  await expect(page.locator('.console-results li')).toHaveCount(1);
  await open(page, SECOND);
  await expect(page.getByTestId('tool-console')).toBeVisible();
  await expect(page.locator('.console-results li')).toHaveCount(0);
  await expect(input).toHaveValue('');

  await page.getByRole('tab', { name: 'Visual references' }).click();
  await page.getByTestId('ref-entity').fill('Broccoli');
  await open(page, FIRST);
  await expect(page.getByTestId('ref-entity')).toHaveValue('');
});
