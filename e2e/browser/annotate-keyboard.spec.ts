// Issue 18: an annotator who never touches the mouse annotates a task from the queue to Submit:
// name, open a task, step frames, a visual reference (entity picked by typing), two calls, one
// run in the tool console, submit; the dataset's file holds it (written through). Chords work from
// inside the editor (Ctrl+Enter, Ctrl+K). Only page.keyboard
// acts; `tabTo` presses Tab until the focus is where an annotator tabbing through would stop.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { openTaskAs, typeCalls } from '../annotate-editor';
import { datasetsDir } from '../datasets-on-disk';
import { printClipTraceOnFailure } from '../clip-trace';
import { sharedStudioUrl } from '../studio-host';

const annotator = `kb-${process.pid}-${Date.now().toString(36)}`;
const annotationFile = path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`);
const TASK = 'retail-01';

test.afterAll(async () => {
  await rm(annotationFile, { force: true });
});
printClipTraceOnFailure();

const focusedMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails past `max`
 * presses. Passing through the code editor, where Tab indents, it presses Escape (Shift+Escape
 * going back) to leave it, as an annotator would.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 120 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await focusedMatches(page, selector)) return;
    if (await focusedMatches(page, '.monaco-editor *')) await page.keyboard.press(back ? 'Shift+Escape' : 'Escape');
    else await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} is not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

/** The focused element shows a visible focus ring (an outline or a box shadow). */
async function hasFocusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
}

test('keyboard only: from the queue to Submit, and the dataset file holds the annotation', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(sharedStudioUrl());

  // The name field has the focus; Enter starts.
  await expect(page.getByTestId('annotator-gate')).toBeVisible();
  await tabTo(page, '[data-testid="annotator-input"]');
  await page.keyboard.type(annotator);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('annotator-name')).toHaveText(annotator);

  // Open the task from the queue: Tab to the queue (one stop), arrows to the task, Enter.
  await expect(page.getByTestId('task-list')).toContainText(TASK);
  await tabTo(page, '.task-list .task-item');
  for (let i = 0; i < 60 && !(await focusedMatches(page, `[data-task-id="${TASK}"]`)); i++) await page.keyboard.press('ArrowDown');
  expect(await focusedMatches(page, `[data-task-id="${TASK}"]`), `${TASK} is reached with ArrowDown`).toBe(true);
  expect(await hasFocusRing(page), 'the focused task shows a focus ring').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('frame-counter')).toHaveText('0');
  // The clip's length is known once it is ready: steps before then stop at what is known (CI once saw 2 for 12).
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');

  // Step frames: F/D one, V/C ten.
  for (const key of ['f', 'f', 'f', 'v', 'v', 'c', 'd']) await page.keyboard.press(key);
  await expect(page.getByTestId('frame-counter')).toHaveText('12');

  // A visual reference from frame 12 to 20, its entity picked by typing part of its name.
  await page.keyboard.press('i');
  for (let i = 0; i < 8; i++) await page.keyboard.press('f');
  await expect(page.getByTestId('frame-counter')).toHaveText('20');
  await page.keyboard.press('o');
  await tabTo(page, '[data-testid="ref-entity"]');
  await page.keyboard.type('lune bor');
  const option = page.getByTestId('entity-options').locator('li[data-value="Domaine Lune Bordeaux"]');
  await expect(option).toBeVisible();
  await expect(option.locator('.entity-source')).toContainText('products');
  for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ref-entity')).toHaveValue('Domaine Lune Bordeaux');
  await tabTo(page, '[data-testid="ref-description"]');
  await page.keyboard.type('the bottle on the left');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('visual-ref-list')).toContainText('Domaine Lune Bordeaux');
  await expect(page.getByTestId('visual-ref-list')).toContainText('f12–20');

  // Two calls in the editor: `e` puts the focus in it (Tab reaches it too, below); replace its text.
  await expect(page.getByTestId('gt-editor').locator('.monaco-editor')).toBeVisible();
  // Monaco takes input in a focusable element of its own (a textarea, or an EditContext div).
  // (Out of the reference's fields first: there `e` is a letter, or picks an option.)
  await tabTo(page, 'button:not(:disabled)');
  await page.keyboard.press('e');
  expect(await focusedMatches(page, '[data-testid="gt-editor"] .monaco-editor *'), '`e` puts the focus in the editor').toBe(true);
  // Select all, then type over the new task's `[ ]` key by key: a bracket typed over a selection
  // replaces it (auto-surround left stray closers: `...}}"}]`).
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('[{"tool_name": "get_price"}]');
  await expect.poll(() => page.getByTestId('gt-editor').locator('.view-lines').innerText().then((text) => text.replace(/\s+/g, ''))).toBe('[{"tool_name":"get_price"}]');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // Half-typed text is not submitted: what would be written is not what is on screen.
  await page.keyboard.insertText('[{"tool_name": "get_price", ');
  // Ctrl+Enter submits from inside the editor (the editor would otherwise add a line).
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('status-message')).toContainText('not submitted: the calls text does not parse');
  await expect(page.getByTestId('submit-task')).toHaveText('Submit');
  // Nor does the header call it saved: the file keeps the last calls that parsed.
  await expect(page.getByTestId('save-state')).toHaveText('Not in the file: the text does not parse');
  await expect(page.getByTestId('gt-editor').locator('.view-line')).toHaveCount(1);
  // Ctrl+K opens the palette from the editor too; Escape gives the focus back to the editor.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toBeHidden();
  // (Radix gives the focus back as the dialog unmounts, a moment after it is hidden: asked until then.)
  await expect.poll(() => focusedMatches(page, '[data-testid="gt-editor"] .monaco-editor *'), { message: 'the focus is back in the editor' }).toBe(true);
  // Shift+Escape leaves the editor backwards (Shift+Tab outdents there); Tab comes back in.
  await page.keyboard.press('Shift+Escape');
  const leftBackwards = await page.evaluate(() => {
    const editor = document.querySelector('[data-testid="gt-editor"]')!;
    const focused = document.activeElement!;
    return focused !== document.body && !editor.contains(focused) && (editor.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  });
  expect(leftBackwards, 'Shift+Escape focuses the control before the editor').toBe(true);
  await page.keyboard.press('Tab');
  expect(await focusedMatches(page, '[data-testid="gt-editor"] .monaco-editor *'), 'Tab is back in the editor').toBe(true);
  // A completion with placeholders to fill: the first Escape ends them and stays (as in VS Code);
  // it left the editor, and the next letters ran as shortcuts.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('[{');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget .monaco-list-row').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gt-editor').locator('.snippet-placeholder, .finish-snippet-placeholder').first()).toBeAttached();
  await page.keyboard.press('Escape');
  expect(await focusedMatches(page, '[data-testid="gt-editor"] .monaco-editor *'), 'the first Escape ends the placeholders only').toBe(true);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(
    JSON.stringify([
      { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } },
      { tool_name: 'add_to_cart', parameters: { user_id: 'maya_chen_204', product_name: 'Domaine Lune Bordeaux', qty: 1, category: 'wine', price: 30.74, tax_rate: 0.12, discount: 1 } },
    ]),
  );
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);

  // With text selected, Escape first clears the selection (as in VS Code); the next one leaves.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Escape');
  expect(await focusedMatches(page, '[data-testid="gt-editor"] .monaco-editor *'), 'the first Escape clears the selection').toBe(true);
  // Out of the editor (Escape, then Tab), to the tool console; run the first call alone.
  await page.keyboard.press('Escape');
  expect(await focusedMatches(page, '[data-testid="gt-editor"] .monaco-editor *'), 'the second Escape leaves the editor').toBe(false);
  // The panel tabs are one Tab stop, the open one (Visual references); → opens the tool console.
  await tabTo(page, '.side-tabs [role="tab"][aria-selected="true"]');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('console-tab')).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, '[data-testid="console-input"]');
  await page.keyboard.type('{"tool_name": "get_price", "parameters": {"product_name": "Domaine Lune Bordeaux"}}');
  await page.keyboard.press('Enter');
  // Run after the two calls: one result, the price from the scenario's database.
  const results = page.getByTestId('tool-console').locator('.console-results > li');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveClass(/\bok\b/);
  await expect(results.first()).toContainText('get_price');
  await expect(results.first()).toContainText('"price": 30.74');
  expect(await seriousViolations(page, '[data-testid="tool-console"]'), 'axe: the tool console').toEqual([]);

  // Submit: Tab to it, Enter. No Export: the edit is written through to the dataset's
  // annotations/<name>.jsonl (the status bar's badge says when nothing is left unsent).
  await tabTo(page, '[data-testid="submit-task"]');
  // Space presses a button the keyboard focused (it played the clip instead).
  await page.keyboard.press('Space');
  await expect(page.getByTestId('submit-task')).toHaveText('Reopen');
  expect(await page.locator('.video-host video').evaluate((video: HTMLVideoElement) => video.paused), 'Space did not play the clip').toBe(true);
  // The earlier refusal is not left standing over the submit.
  await expect(page.getByTestId('status-message')).not.toContainText('not submitted');
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-unsent', '0', { timeout: 15_000 });
  await expect.poll(async () => (await readFile(annotationFile, 'utf8').catch(() => '')).includes('"status":"submitted"'), { timeout: 15_000 }).toBe(true);

  // A second Ctrl+Enter (a double tap, or to be sure) does not take the submission back.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('status-message')).toContainText('is submitted already');
  await expect(page.getByTestId('submit-task')).toHaveText('Reopen');

  const lines = (await readFile(annotationFile, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const saved = lines.filter((line) => line.task_id === TASK).at(-1)!;
  expect(saved).toMatchObject({ task_id: TASK, annotator, status: 'submitted' });
  expect((saved.calls as { tool_name: string }[]).map((call) => call.tool_name)).toEqual(['get_price', 'add_to_cart']);
  expect(saved.visual_refs).toEqual([expect.objectContaining({ entity: 'Domaine Lune Bordeaux', description: 'the bottle on the left' })]);
});

test('steps and a mark pressed right after opening a task whose clip is not in memory act on that clip', async ({ page }) => {
  test.setTimeout(120_000);
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', `${annotator}-switch`);
  url.hash = `#/annotate/${TASK}`;
  await page.goto(url.href);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  // Tasks far from the open one in the queue: their clips are not fetched ahead.
  for (const [i, task] of ['kitchen-05', 'household-04', 'warehouse-02'].entries()) {
    // The clip before stands at a frame of its own, far from the one the steps ask for.
    await page.getByTestId('goto-frame').fill(String(150 + i));
    await page.getByTestId('goto-frame').press('Enter');
    await expect(page.getByTestId('frame-counter')).toHaveText(String(150 + i));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate((id) => (window.location.hash = `#/annotate/${id}`), task);
    // The page takes the address in a task of its own, which Chromium's input can overtake: on a
    // busy CI machine the first V came before it and stepped the task still shown (as it should).
    // A person's keys come once the task they opened is the open one; its clip is still to come.
    await expect(page.locator(`[data-task-id="${task}"]`)).toHaveAttribute('aria-current', 'true');
    // V V V I at once: before, they moved and marked the clip before (still in the element while the new one downloaded).
    for (const key of ['v', 'v', 'v', 'i']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(15);
    }
    await expect(page.locator('.video-host')).toHaveAttribute('data-src', new RegExp(task));
    await expect(page.getByTestId('frame-counter')).toHaveText('30', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: /^In / })).toHaveText('In 30');
  }
});

test('Ctrl+Enter and the next task at once: the task left behind is submitted, not dropped unseen', async ({ page }) => {
  test.setTimeout(120_000);
  const who = `${annotator}-quick`;
  await openTaskAs(page, who, TASK);
  await typeCalls(page, [{ tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } }]);
  // At once, as an annotator who knows the keys: the calls' check may still be running.
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page).not.toHaveURL(new RegExp(`#/annotate/${TASK}$`));
  const file = path.join(datasetsDir, 'egobench-sample', 'annotations', `${who}.jsonl`);
  const submitted = async () => (await readFile(file, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { task_id: string; status: string }).filter((line) => line.task_id === TASK).at(-1)?.status === 'submitted';
  // Submitted, as asked, whether its check ended before the next task opened or after.
  await expect.poll(submitted, { timeout: 15_000 }).toBe(true);
  await expect(page.locator(`[data-task-id="${TASK}"]`)).toContainText('submitted');
  await rm(file, { force: true });
});

test('n on a focused call opens the next task with the focus on its calls, not on <body>', async ({ page }) => {
  test.setTimeout(120_000);
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', `${annotator}-calls-focus`);
  url.hash = `#/annotate/${TASK}`;
  await page.goto(url.href);
  await typeCalls(page, [{ tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } }]);
  const row = page.getByTestId('call-list').locator('[data-call-index="0"]');
  await expect(row).toBeVisible();
  await row.focus();
  await page.keyboard.press('n');
  await expect(page.locator(`[data-task-id="${TASK}"]`)).not.toHaveAttribute('aria-current', 'true');
  await expect.poll(() => focusedMatches(page, '.call-list, .call-list *'), { message: 'the focus is on the new task\'s calls' }).toBe(true);
});
