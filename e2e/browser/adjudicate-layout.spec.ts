// Adjudicate at 1280x800 (a laptop), with the dataset list shown and folded: what the adjudicator
// decides with fits the task's column, with no sideways scrolling of the page.
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 } });

async function openTask(page: Page, task: string): Promise<void> {
  const url = new URL(process.env.STUDIO_URL!);
  url.hash = `#/adjudicate/${task}`;
  await page.goto(url.href);
  await expect(page.getByTestId('alignment-table')).toBeVisible({ timeout: 60_000 }); // "Comparing…" took 30 s at a load of 10
}

/** Where the runs' results and the merged run's are within the task's column (its visible width). */
async function runLayout(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>('.adjudicate-main')!;
    const left = main.getBoundingClientRect().left;
    const right = left + main.clientWidth;
    const results = document.querySelector<HTMLElement>('[data-testid="run-results"]')!;
    const columns = [...results.querySelectorAll<HTMLElement>('.run-column')];
    const mergedIndex = columns.findIndex((column) => column.querySelector('h4')?.textContent?.startsWith('merged'));
    const merged = columns[mergedIndex].getBoundingClientRect();
    return { left, right, resultsRight: results.getBoundingClientRect().right, resultsOverflow: results.scrollWidth - results.clientWidth, mergedLeft: merged.left, mergedRight: merged.right, mergedIndex };
  });
}

// household-05's tables are narrow (three columns), retail-06's wide (seven).
for (const task of ['household-05', 'retail-06']) {
  test(`${task}: the three runs' state changes fit the task's column, merged first, with the dataset list shown or folded`, async ({ page }) => {
    await openTask(page, task);
    await page.getByTestId('run-sequences').click();
    await expect(page.getByTestId('run-results')).toContainText('merged');
    for (const sidebar of ['shown', 'folded']) {
      if (sidebar === 'folded') {
        await page.getByTestId('toggle-sidebar').click();
        await expect(page.locator('.sidebar')).toBeHidden();
      }
      const layout = await runLayout(page);
      const said = `${sidebar}: ${JSON.stringify(layout)}`;
      expect(layout.resultsRight, said).toBeLessThanOrEqual(layout.right);
      expect(layout.resultsOverflow, said).toBeLessThanOrEqual(0);
      expect(layout.mergedIndex, said).toBe(0);
      expect(layout.mergedLeft, said).toBeGreaterThanOrEqual(layout.left);
      expect(layout.mergedRight, said).toBeLessThanOrEqual(layout.right);
      await page.getByTestId('run-results').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${task}-runs-${sidebar}.png`) });
    }
  });
}

test("a row's edited call gets a box as wide as the table, resizable, and an edit that does not parse is said at the row", async ({ page }) => {
  // kitchen-01's row 2 is a near match (servings differ): the edit starts from alice's call.
  await openTask(page, 'kitchen-01');
  const alignment = page.getByTestId('alignment-table');
  await alignment.getByRole('radiogroup', { name: 'Decision for row 2' }).getByLabel('edit').check();
  const box = alignment.getByRole('textbox', { name: 'Edited call 2' });
  await expect(box).toBeVisible();
  const size = (await box.boundingBox())!;
  const table = (await alignment.boundingBox())!;
  // It was 177x62 px in the decision column: four lines of a call broken every 20 characters.
  expect(size.width, JSON.stringify({ size, table })).toBeGreaterThanOrEqual(table.width / 2);
  expect(size.height, JSON.stringify(size)).toBeGreaterThanOrEqual(120);
  expect(await box.evaluate((element) => getComputedStyle(element).resize)).not.toBe('none');
  // All of it within the task's column (with the dataset list shown, long tool names pushed the table past it).
  const column = await page.locator('.adjudicate-main').evaluate((main) => main.getBoundingClientRect().left + main.clientWidth);
  expect(size.x + size.width, JSON.stringify({ size, column })).toBeLessThanOrEqual(column);

  const merged = page.getByTestId('merged-calls');
  const count = await merged.locator('li').count();
  await box.fill('{ "tool_name": "add_recipe_to_meal_plan", "parameters": {');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  const said = page.locator(`#${await box.getAttribute('aria-describedby')}`);
  await expect(said).toContainText(/left out of the merged sequence/i);
  // Beside the box, in the row: right under it, not far below with the merged sequence.
  const [under, boxNow] = [(await said.boundingBox())!, (await box.boundingBox())!];
  expect(under.y - (boxNow.y + boxNow.height), JSON.stringify({ under, boxNow })).toBeLessThan(30);
  expect(under.y).toBeGreaterThan(boxNow.y);
  await expect(merged.locator('li')).toHaveCount(count - 1);
  await page.screenshot({ path: test.info().outputPath('kitchen-01-edit-invalid.png') });

  await box.fill(JSON.stringify({ tool_name: 'add_recipe_to_meal_plan', parameters: { servings: 2 } }));
  await expect(box).toHaveAttribute('aria-invalid', 'false');
  await expect(said).toHaveCount(0);
  await expect(merged.locator('li')).toHaveCount(count);
});

test("a bare arrow on a row's decision radio moves the decision, not the clip; other clip keys still step it", async ({ page }) => {
  test.setTimeout(90_000);
  await openTask(page, 'kitchen-01');
  const clip = page.getByTestId('adjudication-clip');
  await expect(clip.getByTestId('frame-counter')).toHaveText('0', { timeout: 20_000 });
  const radios = page.getByTestId('alignment-table').getByRole('radiogroup', { name: 'Decision for row 1' }).getByRole('radio');
  const checked = await radios.evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).checked));
  const count = await radios.count();
  await radios.nth(checked).focus();
  // ←/→ step the clip elsewhere; on a radio they were taken from it, so the decision could not move.
  await page.keyboard.press('ArrowRight');
  await expect(radios.nth((checked + 1) % count)).toBeChecked();
  await expect(clip.getByTestId('frame-counter')).toHaveText('0');
  await page.keyboard.press('f');
  await expect(clip.getByTestId('frame-counter')).toHaveText('1');
});
