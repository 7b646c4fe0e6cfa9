// The Ctrl+K "Go to" palette, keyboard only: a workspace, a task (opened in Annotate), a
// trajectory by id (opened in Replay) and an action of the keymap; axe finds nothing serious.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { sharedStudioUrl } from '../studio-host';

async function goTo(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('palette-input');
  await expect(input).toBeFocused();
  await input.pressSequentially(query);
}

test('Ctrl+K goes to a workspace, a task, a trajectory and an action without the mouse', async ({ page }) => {
  test.setTimeout(180_000);
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', `palette-${process.pid}`);
  url.hash = '#/adjudicate';
  await page.goto(url.href);
  await expect(page.getByTestId('status-dataset')).not.toHaveText('No dataset open');

  await goTo(page, 'repl');
  const palette = page.getByTestId('command-palette');
  await expect(palette.locator('[cmdk-item][data-selected="true"]')).toHaveAttribute('data-entry', 'workspace:replay');
  expect(await seriousViolations(page), 'palette (axe)').toEqual([]);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/#\/replay$/);
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });

  // A trajectory by part of its id; the arrow keys choose among the matches.
  await goTo(page, 'llama static retail-0');
  await expect(palette.locator('[data-kind="trajectory"]').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const chosen = await palette.locator('[cmdk-item][data-selected="true"]').getAttribute('data-entry');
  expect(chosen).toMatch(/^trajectory:llama-sim-70b\/static\/retail-0/);
  await page.keyboard.press('Enter');
  const id = chosen!.slice('trajectory:'.length);
  await expect(page).toHaveURL(new RegExp(`#/replay/${encodeURIComponent(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/0$`));
  await expect(page.getByTestId('trajectory-list').locator(`[data-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');

  // A task: Annotate opens it.
  await goTo(page, 'kitchen-02');
  await expect(palette.locator('[cmdk-item][data-selected="true"]')).toHaveAttribute('data-entry', 'task:kitchen-02');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/annotate\/kitchen-02$/);
  await expect(page.locator('[data-task-id="kitchen-02"]')).toHaveAttribute('aria-current', 'true', { timeout: 30_000 });

  // An action of the keymap, found by its description.
  await page.getByTestId('status-bar').click();
  await goTo(page, 'list of shortcuts');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('hotkey-help')).toBeVisible();
  await page.keyboard.press('Escape');

  // Nothing matches: it says so; Escape closes and gives the focus back.
  await page.getByTestId('status-bar').click();
  await goTo(page, 'zzz-nothing');
  await expect(palette).toContainText('Nothing matches');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
