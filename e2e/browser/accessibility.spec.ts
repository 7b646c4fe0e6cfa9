// Accessibility measured with axe-core: every workspace (in the states people work in), the `?`
// shortcut overlay and the dialogs have no serious or critical violation (WCAG 2.1 A/AA and
// axe's best practices).
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { sharedStudioUrl } from '../studio-host';

test.use({ viewport: { width: 1440, height: 900 } });

async function open(page: Page, hash: string, annotator?: string): Promise<void> {
  const url = new URL(sharedStudioUrl());
  if (annotator) url.searchParams.set('annotator', annotator);
  url.hash = hash;
  await page.goto(url.href);
  await expect(page.getByTestId('status-host')).toHaveText('Browser host');
  await expect(page.getByTestId('status-dataset')).not.toHaveText('No dataset open');
}

test('Annotate: the annotator gate, then a task open with its clip and editor', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#/annotate');
  await expect(page.getByTestId('annotator-gate')).toBeVisible();
  expect(await seriousViolations(page), 'annotator gate').toEqual([]);
  await open(page, '#/annotate', `a11y-${process.pid}`);
  await page.locator('[data-task-id="retail-01"]').click();
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('gt-editor').locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('toggle-sidebar').click();
  expect(await seriousViolations(page), 'annotate with a task').toEqual([]);
  // The entity combobox with its options open.
  await page.getByTestId('ref-entity').pressSequentially('bord');
  await expect(page.getByTestId('entity-options').locator('li').first()).toBeVisible();
  expect(await seriousViolations(page), 'entity combobox open').toEqual([]);
});

test('Adjudicate: the task list with a task open, and the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#/adjudicate');
  await page.getByTestId('adjudicate-task-list').locator('[data-task-id="retail-04"]').click();
  await expect(page.getByTestId('adjudication-diff').locator('.monaco-diff-editor')).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'adjudicate task').toEqual([]);
  // Working on it: the three runs, a row's call edited (its box and, once it does not parse, the message), the draft's line.
  await page.getByTestId('run-sequences').click();
  await expect(page.getByTestId('run-results')).toContainText('merged', { timeout: 30_000 });
  const alignment = page.getByTestId('alignment-table');
  await alignment.getByRole('radiogroup', { name: 'Decision for row 1' }).getByLabel('edit').check();
  await alignment.getByRole('textbox', { name: 'Edited call 1' }).fill('{ "tool_name": ');
  await expect(page.getByTestId('draft-status')).toBeVisible();
  expect(await seriousViolations(page), 'adjudicate task, worked on').toEqual([]);
  await page.getByTestId('adjudicate-dashboard-tab').click();
  await expect(page.getByTestId('dashboard-overall')).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'adjudicate dashboard').toEqual([]);
});

test('Replay: the list and a trajectory open', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#/replay');
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await page.getByTestId('trajectory-list').locator('[role=row]').first().click();
  await expect(page.getByTestId('label-badge')).toBeVisible();
  expect(await seriousViolations(page), 'replay').toEqual([]);
  // A perception failure: the clip's entity beside what the agent queried, each side of its own.
  await page.getByLabel('Filter Label').selectOption('perception');
  await page.getByTestId('trajectory-list').locator('[role=row][aria-rowindex]').first().click();
  await expect(page.getByTestId('perception-agent')).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'replay, a perception failure').toEqual([]);
});

test('Reports', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, '#/reports');
  await expect(page.locator('#workspace-panel')).toHaveAttribute('data-workspace', 'reports');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 90_000 });
  expect(await seriousViolations(page), 'reports').toEqual([]);
});

test('the ? shortcut overlay', async ({ page }) => {
  await open(page, '#/replay');
  await page.getByTestId('status-bar').click();
  await page.keyboard.press('?');
  await expect(page.getByTestId('hotkey-help')).toBeVisible();
  expect(await seriousViolations(page), 'shortcut overlay').toEqual([]);
});
