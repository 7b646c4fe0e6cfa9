// Where the focus goes after a key press in the Annotate workspace: a control that is pressed
// keeps the focus or hands it to the next thing to do, never to <body> (the next Tab would start
// from the top of the page), and what a press did is announced. Found by a keyboard-only review.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openTaskAs, typeCalls } from '../annotate-editor';
import { datasetsDir } from '../datasets-on-disk';
import { sharedStudioUrl } from '../studio-host';

const annotator = `focus-${process.pid}-${Date.now().toString(36)}`;
const TASK = 'retail-01';
const PRICE_CALL = { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } };

test.afterAll(async () => {
  await rm(path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`), { force: true });
});

/** The focused element's test id (else its accessible label, else its tag): '<body>' when the focus was dropped. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    return element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.tagName;
  });

test('tool console: Enter on Run sequence keeps the focus there and announces the result; Append returns to the call input', async ({ page }) => {
  test.setTimeout(120_000);
  await openTaskAs(page, `${annotator}-console`, TASK);
  await typeCalls(page, [PRICE_CALL]);
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(1);
  await page.getByTestId('console-tab').focus();
  await page.keyboard.press('Enter');

  const consolePanel = page.getByTestId('tool-console');
  const runAll = page.getByTestId('console-run-all');
  await runAll.focus();
  await page.keyboard.press('Enter');
  await expect(consolePanel.locator('.console-results > li')).toHaveCount(1);
  await expect(consolePanel.getByRole('status')).toHaveText('1 result: succeeded');
  await expect.poll(() => focused(page), { message: 'the focus stays on Run sequence' }).toBe('console-run-all');

  // Append: the call joins the ground truth and the input is ready for the next one.
  const input = page.getByTestId('console-input');
  await input.focus();
  await page.keyboard.type(JSON.stringify(PRICE_CALL));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('console-append')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  await expect(input).toHaveValue('');
  await expect.poll(() => focused(page), { message: 'the focus is back on the call input' }).toBe('console-input');
});

test('visual references: Enter on Add reference leaves the focus in the entity field, ready for the next one', async ({ page }) => {
  test.setTimeout(120_000);
  await openTaskAs(page, `${annotator}-refs`, TASK);
  await page.getByTestId('frame-counter').waitFor();
  for (const key of ['i', 'f', 'f', 'o']) await page.keyboard.press(key);
  await expect(page.getByTestId('frame-counter')).toHaveText('2');
  await page.getByTestId('ref-entity').focus();
  await page.keyboard.type('lune bor');
  const option = page.getByTestId('entity-options').locator('li[data-value="Domaine Lune Bordeaux"]');
  for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ref-entity')).toHaveValue('Domaine Lune Bordeaux');
  await page.getByTestId('ref-add').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('visual-ref-list')).toContainText('Domaine Lune Bordeaux');
  await expect(page.getByTestId('ref-entity')).toHaveValue('');
  await expect.poll(() => focused(page), { message: 'the focus is in the entity field' }).toBe('ref-entity');
});

test('the annotator gate: Enter on the name moves the focus to the task queue', async ({ page }) => {
  await page.goto(sharedStudioUrl());
  await expect(page.getByTestId('annotator-input')).toBeFocused();
  await page.keyboard.type(`${annotator}-gate`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('annotator-name')).toHaveText(`${annotator}-gate`);
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.task-queue')), { message: 'the focus is in the task queue' }).toBe(true);
  // Its Tab stop: the arrows move on from there.
  await expect(page.locator('.task-queue .task-item[tabindex="0"]')).toBeFocused();
});

test('the panel tabs under the clip: one Tab stop, ←/→ Home End move between them and do not step the clip', async ({ page }) => {
  test.setTimeout(120_000);
  await openTaskAs(page, `${annotator}-tabs`, TASK);
  await expect(page.getByTestId('frame-counter')).toHaveText('0');
  const tabs = page.locator('.side-tabs [role="tab"]');
  await expect(tabs).toHaveCount(3);
  const refs = tabs.nth(0);
  await expect(refs).toHaveAttribute('aria-selected', 'true');
  // Roving tabindex: only the open tab is a Tab stop.
  expect(await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute('tabindex')))).toEqual(['0', '-1', '-1']);
  await refs.focus();
  const expectOpen = async (name: string) => {
    const tab = page.getByRole('tab', { name, selected: true });
    await expect(tab).toBeFocused();
    await expect(page.locator('.side-tabs [role="tabpanel"]')).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id'))!);
  };
  await page.keyboard.press('ArrowRight');
  await expectOpen('Tool console');
  await expect(page.getByTestId('tool-console')).toBeVisible();
  await page.keyboard.press('End');
  await expectOpen('Agreement');
  await page.keyboard.press('ArrowRight');
  await expectOpen('Visual references');
  await page.keyboard.press('ArrowLeft');
  await expectOpen('Agreement');
  await page.keyboard.press('Home');
  await expectOpen('Visual references');
  // Still frame 0: the arrows were the tabs', not the clip's.
  await expect(page.getByTestId('frame-counter')).toHaveText('0');
});
