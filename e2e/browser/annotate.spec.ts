// The Annotate workspace end to end in Chromium against the browser host: pick an identity,
// open a task, step frames and read the clip's burned-in index against `frame-counter`, mark a
// visual reference, write two calls with autocomplete, run them and see the diff, reload:
// nothing lost; export, clear, import: the same annotation. Prints the timing figures.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readBurnedIndex, step, videoIndexBox } from '../clip-on-screen';
import { datasetsDir } from '../datasets-on-disk';
import { sharedStudioUrl } from '../studio-host';

const annotator = `e2e-${process.pid}-${Date.now().toString(36)}`;
const exportedFile = path.join(datasetsDir, 'egobench-sample', 'annotations', `${annotator}.jsonl`);
const TASK = 'retail-01';

test.afterAll(async () => {
  await rm(exportedFile, { force: true });
});

const timedStep = async (page: Page, key: string, expected: number) => (await step(page, key, expected)).ms;

/**
 * Opens the completion list after `prefix` (typed at the cursor) and checks that it offers `tool`
 * (the names come from the JSON Schema generated from tools.json), then completes the name.
 * Accepting with Enter races with the list refreshing while the JSON worker answers (an Enter
 * mid-refresh inserts with a stale range), so the rest of the name is typed instead.
 */
async function completeToolName(page: Page, prefix: string, tool: string): Promise<void> {
  await page.keyboard.type(prefix);
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget .monaco-list-row', { hasText: tool }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.type(tool.slice(prefix.length));
  await expect(page.getByTestId('call-list')).toContainText(tool);
}

interface OpenTiming {
  /** Until the brief and the call list of the task show. */
  shown: number;
  /** Until the new clip's metadata is loaded (readyState HAVE_METADATA). */
  meta: number;
  /** Until the new clip's first frame is presented (requestVideoFrameCallback). */
  firstFrame: number;
}

/**
 * Clicks `click` or presses `key` in the page and times the new task's brief, and the metadata
 * and first presented frame of its clip: the <video> under video-player whose currentSrc is not
 * the previous clip's (a new element, or the same one with a new source), watched from before the
 * trigger with requestVideoFrameCallback.
 */
async function timedOpen(page: Page, trigger: { click: string } | { key: string }): Promise<OpenTiming> {
  return page.evaluate(async (trigger) => {
    const videoNow = () => document.querySelector<HTMLVideoElement>('[data-testid="video-player"] video');
    const previousSrc = videoNow()?.currentSrc ?? '';
    const brief = document.querySelector('[data-testid="task-brief"]')?.textContent ?? null;
    const isNew = (video: HTMLVideoElement) => video.currentSrc !== '' && video.currentSrc !== previousSrc;
    let firstFrame = -1;
    let meta = -1;
    const hooked = new WeakSet<HTMLVideoElement>();
    const hook = (video: HTMLVideoElement) => {
      if (hooked.has(video)) return;
      hooked.add(video);
      const watch = () =>
        video.requestVideoFrameCallback(() => {
          if (isNew(video) && firstFrame < 0) firstFrame = performance.now() - started;
          else watch();
        });
      watch();
    };
    const current = videoNow();
    if (current) hook(current);
    const started = performance.now();
    if ('click' in trigger) document.querySelector<HTMLButtonElement>(trigger.click)!.click();
    else document.body.dispatchEvent(new KeyboardEvent('keydown', { key: trigger.key, bubbles: true, cancelable: true }));
    let shown = -1;
    await new Promise<void>((resolve, reject) => {
      const poll = () => {
        const now = performance.now() - started;
        const text = document.querySelector('[data-testid="task-brief"]')?.textContent ?? null;
        if (shown < 0 && text !== null && text !== brief && document.querySelector('[data-testid="call-list"]')) shown = now;
        const video = videoNow();
        if (video) {
          hook(video);
          if (meta < 0 && isNew(video) && video.readyState >= HTMLMediaElement.HAVE_METADATA) meta = now;
        }
        if (shown >= 0 && meta >= 0 && firstFrame >= 0) resolve();
        else if (now > 10_000) reject(new Error(`open timed out: ${JSON.stringify({ shown, meta, firstFrame })}`));
        else requestAnimationFrame(poll);
      };
      poll();
    });
    return { shown, meta, firstFrame };
  }, trigger);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('annotate a task: frames, visual reference, calls, console, persistence, export and import', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(sharedStudioUrl());
  await expect(page.getByTestId('annotator-gate')).toBeVisible();
  await page.getByTestId('annotator-input').fill(annotator);
  await page.getByTestId('annotator-start').click();
  await expect(page.getByTestId('annotator-name')).toHaveText(annotator);
  await expect(page).toHaveTitle(new RegExp(annotator));
  await expect(page.getByTestId('task-list')).toContainText(TASK);

  // Open the task: time until its brief and call list show, and until the first frame is presented.
  const opened = await timedOpen(page, { click: `[data-task-id="${TASK}"]` });
  await expect(page.getByTestId('frame-counter')).toHaveText('0');

  // Step frames; the counter must name the frame the clip shows (its burned-in index).
  const steps: number[] = [];
  for (let expected = 1; expected <= 12; expected++) steps.push(await timedStep(page, 'f', expected));
  steps.push(await timedStep(page, 'v', 22));
  steps.push(await timedStep(page, 'c', 12));
  steps.push(await timedStep(page, 'd', 11));
  for (const key of ['f', 'v', 'v', 'd']) await page.keyboard.press(key);
  await expect(page.getByTestId('frame-counter')).toHaveText('31');
  // Frame 31 of a 30 fps clip reads as frames, never as a fraction of a second.
  await expect(page.getByTestId('timecode')).toHaveText('00:00:01:01');
  await expect(page.getByTestId('clip-fps')).toHaveText('· 30 fps');
  // What shows the moment the counter changes: a decoded frame drawn over the video (the frame
  // cache) once it holds the frame; then, when the steps pause, the <video> itself.
  const surfaces: string[] = [];
  for (const [key, frame] of [['d', 30], ['f', 31], ['f', 32], ['d', 31], ['d', 30]] as const) {
    const shown = await step(page, key, frame, true);
    surfaces.push(shown.surface);
    const { best, distances } = readBurnedIndex(shown.rgb, frame);
    expect(best, `burned-in index on the ${shown.surface} vs frame-counter ${frame}: ${JSON.stringify(distances)}`).toBe(frame);
    // The <video> is brought to that frame; the drawn frame goes when requestVideoFrameCallback
    // reports the video presenting it.
    await expect(page.locator('[data-testid="video-player"] .frame-overlay')).toBeHidden();
    await expect(page.getByTestId('frame-counter')).toHaveText(String(frame));
    const video = readBurnedIndex(await videoIndexBox(page), frame);
    expect(video.best, `<video> burned-in index vs frame-counter ${frame}: ${JSON.stringify(video.distances)}`).toBe(frame);
  }
  expect(surfaces, 'steps drew decoded frames').toContain('decoded frame');

  // The timeline's filmstrip fills in once the steps pause: 16 thumbnails of the clip.
  await expect(page.getByTestId('timeline').locator('.filmstrip img')).toHaveCount(16);

  // Mark a visual reference from frame 30 to 45.
  await page.keyboard.press('i');
  for (let i = 0; i < 15; i++) await page.keyboard.press('f');
  await expect(page.getByTestId('frame-counter')).toHaveText('45');
  await page.keyboard.press('o');
  // A name the scenario's database does not have is flagged; the real one is not.
  await page.getByTestId('ref-entity').fill('Chateau Nowhere');
  await expect(page.getByTestId('ref-entity-unknown')).toBeVisible();
  // The entity combobox: part of the name searches the database; the option names its table, key
  // column and distinguishing columns; the keyboard picks it.
  await page.getByTestId('ref-entity').fill('');
  await page.getByTestId('ref-entity').pressSequentially('lune bor');
  const option = page.getByTestId('entity-options').locator('li[data-value="Domaine Lune Bordeaux"]');
  await expect(option).toBeVisible();
  // Its table and key column, and two columns of its row that tell it apart (category, colour).
  await expect(option.locator('.entity-source')).toHaveText('wine, black · products · product_name');
  await expect(page.getByTestId('ref-entity')).toHaveAttribute('aria-expanded', 'true');
  const index = await page.getByTestId('entity-options').locator('li').evaluateAll((items) => items.findIndex((li) => li.getAttribute('data-value') === 'Domaine Lune Bordeaux'));
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ref-entity')).toHaveValue('Domaine Lune Bordeaux');
  await expect(page.getByTestId('entity-options')).toBeHidden();
  await expect(page.getByTestId('ref-entity-unknown')).toBeHidden();
  await page.getByTestId('ref-description').fill('the third bottle I pointed at');
  await page.getByTestId('ref-add').click();
  await expect(page.getByTestId('visual-ref-list')).toContainText('Domaine Lune Bordeaux');
  await expect(page.getByTestId('visual-ref-list')).toContainText('f30–45');

  // Two calls, the tool names picked from the autocompletion generated from tools.json.
  const editor = page.getByTestId('gt-editor');
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  const pickTool = async (prefix: string, tool: string) => {
    await page.keyboard.press('ControlOrMeta+Home');
    // Line 1 starts with [{"tool_name": " (Monaco's DOM lines are not in document order, so
    // the position is known rather than read).
    for (let i = 0; i < '[{"tool_name": "'.length; i++) await page.keyboard.press('ArrowRight');
    await completeToolName(page, prefix, tool);
  };
  // add_to_cart first, then get_price inserted before it: each tool name is picked on line 1,
  // where it comes before anything that could wrap.
  await page.keyboard.insertText('[{"tool_name": "", "parameters": {"user_id": "maya_chen_204", "product_name": "Domaine Lune Bordeaux", "qty": 1, "category": "wine", "price": 30.74, "tax_rate": 0.12, "discount": 1}}]');
  await pickTool('add_to_car', 'add_to_cart');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.insertText('{"tool_name": "", "parameters": {"product_name": "Domaine Lune Bordeaux"}},\n');
  await pickTool('get_pric', 'get_price');
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  await expect(page.getByTestId('call-list')).toContainText('add_to_cart');

  // Alt+Down / Alt+Up on a focused call reorder it (elsewhere the same keys change task).
  const names = page.getByTestId('call-list').locator('.call-name');
  await expect(names).toHaveText(['get_price', 'add_to_cart']);
  const brief = await page.getByTestId('task-brief').textContent();
  await page.getByTestId('call-list').locator('.call-item').first().focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(names).toHaveText(['add_to_cart', 'get_price']);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(names).toHaveText(['get_price', 'add_to_cart']);
  expect(await page.getByTestId('task-brief').textContent()).toBe(brief);

  // Run them in the console and see the write's state difference.
  await page.getByTestId('console-tab').click();
  await page.getByTestId('console-run-all').click();
  await expect(page.getByTestId('tool-console')).toContainText('"status": "success"');
  await expect(page.getByTestId('state-diff')).toContainText('Domaine Lune Bordeaux');
  await page.screenshot({ path: test.info().outputPath('annotate-workspace.png') });

  // Saved within a second; a reload loses nothing.
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  await page.reload();
  await expect(page.getByTestId('annotator-name')).toHaveText(annotator);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  await expect(page.getByTestId('visual-ref-list')).toContainText('Domaine Lune Bordeaux');
  const before = await page.getByTestId('call-list').textContent();

  // Export, clear, import: the same annotation.
  await page.getByTestId('export-annotations').click();
  // Write-through has already put the edits in the file: Export finds nothing left to append.
  await expect(page.getByTestId('status-message')).toContainText(`Nothing to export: annotations/${annotator}.jsonl already holds every annotation of yours`);
  // Clear local asks first, in the studio's dialog: Cancel has the focus, and gives it back.
  await page.getByTestId('clear-annotations').click();
  await expect(page.getByTestId('clear-local-confirm-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('clear-local-confirm')).toBeHidden();
  await expect(page.getByTestId('clear-annotations')).toBeFocused();
  await page.getByTestId('clear-annotations').click();
  await page.getByTestId('clear-local-confirm-yes').click();
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(0);
  await expect(page.getByTestId('visual-ref-list')).toContainText('No visual reference');
  await page.getByTestId('import-annotations').click();
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  expect(await page.getByTestId('call-list').textContent()).toBe(before);
  await expect(page.getByTestId('visual-ref-list')).toContainText('f30–45');

  // `?` lists the workspace's shortcuts.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('hotkey-help')).toContainText('Forward one frame');
  await expect(page.getByTestId('hotkey-help')).toContainText('Move the call down (in a focused call)');
  await page.keyboard.press('Escape');

  // The next tasks (n): each clip was fetched while the previous task was open.
  const switches: OpenTiming[] = [];
  const nextSteps: number[] = [];
  for (let task = 0; task < 4; task++) {
    switches.push(await timedOpen(page, { key: 'n' }));
    await expect(page.getByTestId('frame-counter')).toHaveText('0');
    for (let expected = 1; expected <= 4; expected++) nextSteps.push(await timedStep(page, 'f', expected));
    for (let expected = 3; expected >= 2; expected--) nextSteps.push(await timedStep(page, 'd', expected));
  }

  const medianOf = (key: keyof OpenTiming) => Math.round(median(switches.map((timing) => timing[key])));
  const figures = {
    openTaskShownMs: Math.round(opened.shown),
    openTaskMetaMs: Math.round(opened.meta),
    openTaskFirstFrameMs: Math.round(opened.firstFrame),
    frameStepMedianMs: Math.round(median(steps)),
    frameStepMaxMs: Math.round(Math.max(...steps)),
    frameStepsMs: steps.map(Math.round),
    nextTaskMedian: { shownMs: medianOf('shown'), metaMs: medianOf('meta'), firstFrameMs: medianOf('firstFrame') },
    nextTaskFirstFrameMs: switches.map((timing) => Math.round(timing.firstFrame)),
    nextTaskStepMedianMs: Math.round(median(nextSteps)),
    nextTaskStepMaxMs: Math.round(Math.max(...nextSteps)),
  };
  console.log(`annotate benchmark: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: 'benchmark', description: JSON.stringify(figures) });
});
