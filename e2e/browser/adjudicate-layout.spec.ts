// Adjudicate at 1280x800 (a laptop), with the dataset list shown and folded: what the adjudicator
// decides with fits the task's column, with no sideways scrolling of the page.
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 } });

async function openTask(page: Page, task: string): Promise<void> {
  const url = new URL(process.env.STUDIO_URL!);
  url.hash = `#/adjudicate/${task}`;
  await page.goto(url.href);
  await expect(page.getByTestId('alignment-table')).toBeVisible();
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
