// The Replay workspace in Chromium against the real browser host and the sample dataset, a copy
// of its own: these tests write overrides to reviews/, which change the labels other specs filter
// by (replay-clip's first perception failure became 'logic' while it ran beside them).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { takeDatabase } from '../refused-storage';
import { copySample, ownHost } from '../own-host';
import { LABEL_COLORS } from '../../shared/report/label-colors';

/** '#0072b2' as CSS computes it: 'rgb(0, 114, 178)'. */
const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const host = ownHost('replay-e2e-', 'egobench-sample', copySample);

/** The ids of the list's rows on screen, in list order (the window reuses its rows out of order). */
const idsInListOrder = (list: Locator) =>
  list.locator('[role=row]').evaluateAll((rows) => rows.sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex'))).map((r) => r.getAttribute('data-id')!));

/** The address of a run opened at its start. */
const runAtStart = (id: string) => new RegExp(`#/replay/${encodeURIComponent(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/0$`);

/** Opens the studio on the Replay workspace and waits for the evaluation to finish. */
async function openReplay(page: Page): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('status-host')).toHaveText('Browser host');
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
}

function firstTrajectoryLine(): string {
  const dir = path.join(host.dataset, 'trajectories');
  const model = readdirSync(dir).sort()[0];
  const file = readdirSync(path.join(dir, model)).sort()[0];
  return readFileSync(path.join(dir, model, file), 'utf8').split('\n')[0];
}

test('filter to perception failures, step to the evidence, override the label; the override survives a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await openReplay(page);
  const list = page.getByTestId('trajectory-list');
  await expect(list.locator('[role=row]').first()).toBeVisible();

  await page.getByLabel('Filter Label').selectOption('perception');
  const rows = list.locator('[role=row]');
  await expect(rows.first()).toBeVisible();
  for (const label of await rows.locator('.col-label .label-chip').allTextContents()) expect(label).toBe('perception');

  await rows.first().click();
  await expect(page.getByTestId('label-badge')).toHaveText('perception');
  // The label's colour is the Reports charts' (shared/report/label-colors.ts), as the page draws it.
  await expect(page.getByTestId('label-badge')).toHaveCSS('border-top-color', hexToRgb(LABEL_COLORS.perception));
  await expect(rows.first().locator('.col-label .label-chip')).toHaveCSS('border-top-color', hexToRgb(LABEL_COLORS.perception));
  await expect(page).toHaveURL(/#\/replay\/[^/]+\/0$/);
  await expect(page.getByTestId('cascade').locator('.predicate.fired')).toHaveAttribute('data-label', 'perception');
  await expect(page.getByTestId('gt-compare')).toContainText('matched');

  // Step call by call with J, then jump to the evidence with E.
  await page.keyboard.press('j');
  await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', '1');
  await page.keyboard.press('e');
  await expect(page.locator('.call-detail.evidence')).toBeVisible();
  const step = await page.getByTestId('replay-step').getAttribute('data-step');
  expect(Number(step)).toBeGreaterThan(0);
  await expect(page).toHaveURL(new RegExp(`/${step}$`));
  await expect(page.getByTestId('state-diff')).toBeVisible();

  // Override the label.
  const override = page.getByTestId('label-override');
  await override.getByLabel('Override label').selectOption('logic');
  await override.getByLabel('Reviewer').fill('e2e-reviewer');
  await override.getByLabel('Reason').fill('the agent saw the right item but skipped a call');
  // Looking at another run and coming back keeps what was typed and not saved (it was dropped).
  await expect(override.getByTestId('override-unsaved')).toBeVisible();
  await rows.nth(1).click();
  await expect(page.getByTestId('label-override').getByLabel('Reason')).toHaveValue('');
  await rows.first().click();
  await page.getByTestId('replay-step').click(); // out of the list, so the replay's keys apply
  await page.keyboard.press('e'); // back at the evidence
  await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', step!);
  await expect(override.getByLabel('Reason')).toHaveValue('the agent saw the right item but skipped a call');
  await expect(override.getByLabel('Override label')).toHaveValue('logic');
  await override.getByRole('button', { name: 'Save override' }).click();
  await expect(override.getByTestId('override-unsaved')).toBeHidden();
  await expect(override.getByTestId('override-entry')).toContainText('logic');
  await expect(page.getByTestId('review-count')).toContainText('1 override');
  // The review's label is the run's label (Reports counts it), the automatic one is named beside it:
  // in the header, the taxonomy and the list's row, whose cell shows all of it (it was cut to "perception → …").
  await expect(page.getByTestId('label-badge')).toHaveText('logic');
  await expect(page.getByTestId('label-origin')).toHaveText('✎ by e2e-reviewer (auto: perception)');
  const cascade = page.getByTestId('cascade');
  await expect(cascade.locator('.predicate.fired')).toHaveAttribute('data-label', 'perception');
  await expect(cascade.locator('.predicate.fired .auto-pill')).toHaveText('automatic label');
  await expect(cascade.locator('.predicate.reviewed')).toHaveAttribute('data-label', 'logic');
  await expect(cascade.locator('.predicate.reviewed .fired-pill')).toHaveText('label ✎ e2e-reviewer');
  const labelCell = list.locator('[role=row][aria-selected=true] .col-label');
  await expect(labelCell).toHaveText('logic ✎ (auto: perception)');
  expect(await labelCell.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
  // The review filter: the run is among the reviewed ones and those a review changed, not among the failures no one reviewed.
  const reviewFilter = page.getByTestId('review-filter');
  const count = page.getByTestId('list-count');
  const perceptionRuns = Number((await count.innerText()).split(' of ')[0].replace(/\D/g, ''));
  await reviewFilter.selectOption('reviewed');
  await expect(count).toHaveText(/^1 of /);
  await reviewFilter.selectOption('changed');
  await expect(count).toHaveText(/^1 of /);
  await reviewFilter.selectOption('unreviewed-failures');
  await expect(count).toHaveText(new RegExp(`^${perceptionRuns - 1} of `));
  await expect(list.locator('[role=row][aria-selected=true]')).toHaveCount(0);
  await reviewFilter.selectOption('all');
  await expect(count).toHaveText(new RegExp(`^${perceptionRuns} of `));
  // Saved to the reviewer's file on the host as it is made (no Export).
  const reviewFile = path.join(host.dataset, 'reviews', 'e2e-reviewer.jsonl');
  await expect.poll(() => readFile(reviewFile, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('"label":"logic"');
  expect(JSON.parse((await readFile(reviewFile, 'utf8')).trim())).toMatchObject({ label: 'logic', reviewer: 'e2e-reviewer', reason: 'the agent saw the right item but skipped a call' });

  // Reload: the deep link, the override and its count are kept.
  await page.reload();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', step!);
  await expect(page.getByTestId('label-override').getByTestId('override-entry')).toContainText('e2e-reviewer');
  await expect(page.getByTestId('review-count')).toHaveText('1 override'); // no κ of one override in the toolbar
  await page.getByTestId('review-count').click();
  await expect(page.locator('.agreement-popover')).toContainText('Cohen’s κ');
  await expect(page.getByTestId('kappa-few')).toContainText('κ over fewer than 10 overrides says little');
  await expect(page.locator('.agreement-popover .confusion td.off')).toHaveText('1');

  // Removing it removes its line from the file too (the next tests count this dataset's overrides).
  await page.getByTestId('review-count').click();
  await page.getByTestId('label-override').getByRole('button', { name: 'Remove mine' }).click();
  await expect.poll(() => readFile(reviewFile, 'utf8').catch(() => 'gone'), { timeout: 10_000 }).toBe('');
  // What was removed stays in the form, unsaved: Save override would put it back.
  await expect(page.getByTestId('label-override').getByLabel('Reason')).toHaveValue('the agent saw the right item but skipped a call');
  await expect(page.getByTestId('label-override').getByLabel('Override label')).toHaveValue('logic');
  await expect(page.getByTestId('override-unsaved')).toBeVisible();
  await rm(reviewFile, { force: true });
});

test('an override the browser refuses to keep (storage off or full) says so, and the form keeps what was typed', async ({ page }) => {
  test.setTimeout(120_000);
  await openReplay(page);
  await page.getByTestId('trajectory-list').locator('[role=row][aria-rowindex]').first().click();
  const override = page.getByTestId('label-override');
  await expect(override).toBeVisible();
  // The reviews' database is taken by a newer version with no stores (the studio cannot open it
  // again), and localStorage refuses every write, as a browser with site data off or a full disk.
  expect(await takeDatabase(page, 'egobench-studio-reviews')).toBe(1000);
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await override.getByLabel('Override label').selectOption('logic');
  await override.getByLabel('Reviewer').fill('e2e-refused');
  await override.getByLabel('Reason').fill('kept in the form');
  await override.getByRole('button', { name: 'Save override' }).click();
  await expect(override).toContainText('The override is not saved: this browser refused to keep it');
  await expect(override.getByLabel('Reason')).toHaveValue('kept in the form');
  await expect(override.getByTestId('override-entry')).toHaveCount(0);
  expect(await readFile(path.join(host.dataset, 'reviews', 'e2e-refused.jsonl'), 'utf8').catch(() => 'none')).toBe('none');
});

test("an override already in the dataset's reviews/ files (a teammate's) shows in Replay, in its count and κ", async ({ page }) => {
  const line = JSON.parse(firstTrajectoryLine()) as { id: string };
  const reviewFile = path.join(host.dataset, 'reviews', 'e2e-teammate.jsonl');
  const review = { trajectory_id: line.id, label: 'logic', auto_label: 'perception', reason: 'written elsewhere', reviewer: 'e2e-teammate', updated_at: new Date().toISOString() };
  await mkdir(path.dirname(reviewFile), { recursive: true });
  await writeFile(reviewFile, `${JSON.stringify(review)}\n`);
  try {
    await openReplay(page); // a fresh browser profile: nothing in its IndexedDB
    await expect(page.getByTestId('review-count')).toContainText('1 override');
    await page.getByTestId('review-count').click();
    await expect(page.locator('.agreement-popover .confusion td.off, .agreement-popover .confusion td.diagonal')).toHaveText('1');
    // The compare view's header shows the review's label too, as the run's own header does.
    const other = line.id.replace(/^[^/]+\//, 'llama-sim-70b/');
    await page.goto(`${host.url.replace(/#.*$/, '')}#/replay/compare/${[line.id, other].map(encodeURIComponent).join(',')}`);
    const labels = page.getByTestId('compare-view').getByTestId('compare-label');
    await expect(labels).toHaveCount(2, { timeout: 60_000 });
    await expect(labels.first()).toContainText(/^logic✎ .*e2e-teammate/);
  } finally {
    await rm(reviewFile, { force: true });
  }
});

test('imported trajectory files are evaluated against the open dataset; what did not load is listed', async ({ page }) => {
  test.setTimeout(180_000);
  await openReplay(page);
  // The status's count, not the list's: the list takes streamed rows as a deferred value and may show an older batch for a moment.
  const before = Number(/^[\d,]+/.exec((await page.getByTestId('evaluation-status').textContent())!)![0].replace(/\D/g, ''));
  const line = JSON.parse(firstTrajectoryLine()) as { id: string; task_id: string };
  const imported = JSON.stringify({ ...line, id: `imported/${line.id}` });
  await page.locator('.import-button input[type=file][multiple]').setInputFiles({
    name: 'extra.jsonl',
    mimeType: 'application/jsonl',
    buffer: Buffer.from(`${imported}\n{"id": "broken"\n`),
  });
  await expect(page.getByTestId('list-count')).toContainText(`of ${(before + 1).toLocaleString('en-US')}`, { timeout: 60_000 });
  await page.getByTestId('problems-toggle').click();
  await expect(page.getByTestId('problems')).toContainText('extra.jsonl');
  await expect(page.getByTestId('problems').locator('tr', { hasText: 'extra.jsonl' }).locator('td').nth(1)).toHaveText('2');
  // The status bar counts what Replay lists (the dataset's problems and the scoring's).
  const listed = /^\d+/.exec((await page.getByTestId('problems-toggle').textContent())!)![0];
  await expect(page.getByTestId('status-problems')).toHaveText(new RegExp(`⚠ ${listed} problems?$`));
  await page.getByLabel('Filter Task').fill(line.task_id);
  await expect(page.getByTestId('trajectory-list').locator('.imported-mark')).toHaveCount(1);
  // Its override form says what an override of it does (it went to reviews/ and Reports never counted it).
  await page.getByTestId('trajectory-list').locator('[role=row]', { has: page.locator('.imported-mark') }).click();
  await expect(page.getByTestId('override-imported')).toContainText('imported for this page only');
  // Reports is the dataset's: it leaves the imported run and its file's problem out, and says so.
  await page.getByTestId('workspace-reports').click();
  await expect(page.getByTestId('report-table')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('report-imported-note')).toContainText('1 run(s) imported in Replay are not in this report');
  await expect(page.getByTestId('report-problems').filter({ hasText: 'extra.jsonl' })).toHaveCount(0);
  await page.getByTestId('workspace-replay').click();
  // Imports last until a reload: after one, the studio says which files are no longer listed.
  await page.reload();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('status-message')).toContainText('1 imported file is no longer listed (extra.jsonl)');
  await expect(page.getByTestId('list-count')).toContainText(`of ${before.toLocaleString('en-US')}`);
});

test("an EgoBench release's results file (one JSON document) is one problem, not one per line; a folder with no .jsonl file says so", async ({ page }) => {
  test.setTimeout(180_000);
  await openReplay(page);
  // The list fills just after the evaluation says ready: read its count once it holds the sample's runs (CI once read "0 of 0").
  await expect(page.getByTestId('list-count')).toHaveText(/^[1-9][\d,]* of [1-9][\d,]*$/);
  const before = await page.getByTestId('list-count').textContent();
  const pretty = JSON.stringify([{ task_id: 'retail1-1', messages: [] }, { task_id: 'retail1-2', messages: [] }], null, 2);
  await page.locator('.import-button input[type=file][multiple]').setInputFiles({ name: 'retail1_easy.json', mimeType: 'application/json', buffer: Buffer.from(pretty) });
  await page.getByTestId('problems-toggle').click();
  const rowsOf = (file: string) => page.getByTestId('problems').locator('tr', { hasText: file });
  await expect(rowsOf('retail1_easy.json')).toHaveCount(1);
  await expect(rowsOf('retail1_easy.json')).toContainText('one JSON document over several lines, not JSON Lines');
  const folder = await mkdtemp(path.join(tmpdir(), 'replay-no-jsonl-'));
  await mkdir(path.join(folder, 'model-x'));
  await writeFile(path.join(folder, 'model-x', 'retail1_easy.json'), pretty);
  await page.locator('.import-button input[type=file][webkitdirectory]').setInputFiles(path.join(folder, 'model-x'));
  await expect(rowsOf('model-x')).toContainText('no .jsonl file in this folder or below');
  await expect(page.getByTestId('list-count')).toHaveText(before!);
  await rm(folder, { recursive: true, force: true });
});

test('at 1440 px the list shows model and mode names in full; a column resized by keyboard ends in an ellipsis with a tooltip and keeps its width', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openReplay(page);
  const list = page.getByTestId('trajectory-list');
  await expect(list.locator('[role=row]').first()).toBeVisible();
  /** Each visible cell of a column: its text, whether it is cut, its tooltip. */
  const cells = (column: string) =>
    list.locator(`.col-${column}`).evaluateAll((elements) =>
      elements.map((e) => ({ text: e.textContent ?? '', cut: e.scrollWidth > e.clientWidth, title: e.getAttribute('title') })),
    );
  for (const column of ['model', 'mode', 'scenario', 'task']) {
    const seen = await cells(column);
    expect(seen.length, column).toBeGreaterThan(0);
    expect(seen.filter((c) => c.cut), `${column} cut at 1440 px`).toEqual([]);
  }
  expect((await cells('mode')).map((c) => c.text)).toEqual(expect.arrayContaining(['dynamic_easy']));

  // Narrow the Model column from the keyboard: the names end in an ellipsis, the tooltip keeps them.
  const resizer = page.getByTestId('resize-model');
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  await resizer.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect(resizer).toHaveAttribute('aria-valuenow', '36');
  const narrow = await cells('model');
  expect(narrow.some((c) => c.cut)).toBe(true);
  for (const c of narrow) expect(c.title).toBe(c.text.replace(/^⇪ /, ''));
  // Remembered across a reload; double-click fits it again.
  await openReplay(page);
  await expect(page.getByTestId('resize-model')).toHaveAttribute('aria-valuenow', '36');
  await page.getByTestId('resize-model').dblclick();
  await expect(page.getByTestId('resize-model')).toHaveAttribute('aria-valuenow', String(before));
});

test('at 1280 x 720 with the dataset list open, a trajectory\'s detail keeps half the room beside it and nothing runs off its right edge', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openReplay(page);
  if (!(await page.locator('#dataset-sidebar').isVisible())) await page.getByTestId('toggle-sidebar').click();
  await expect(page.locator('#dataset-sidebar')).toBeVisible();
  await page.getByTestId('trajectory-list').locator('[role=row]').nth(2).click();
  const detail = page.locator('.replay-main');
  await expect(detail.getByTestId('video-player')).toBeVisible();
  const body = await page.locator('.replay-body').boundingBox();
  const box = await detail.boundingBox();
  expect(box!.width, 'the detail pane, at least half of what the dataset list leaves').toBeGreaterThanOrEqual(body!.width / 2 - 1);
  // Its panels wrap to its width (container queries): no horizontal scroll.
  expect(await detail.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
});

test('the trajectory list\'s edge gives it more room at 1280 px (drag or keys), never all of it; remembered, and double-click fits it again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openReplay(page);
  const panel = page.locator('.trajectory-list-panel');
  const edge = page.getByTestId('resize-trajectory-list');
  const width = async () => (await panel.boundingBox())!.width;
  const fitted = await width();
  // Columns past the list's right edge at the fitted width (it stops at half the body).
  const hidden = async () =>
    panel.locator('.trajectory-row.header [role=columnheader]').evaluateAll((cells, right) => cells.filter((c) => c.getBoundingClientRect().right > (right as number) + 1).length, (await panel.boundingBox())!.x + (await width()));
  const hiddenAtFitted = await hidden();
  expect(hiddenAtFitted, 'columns cut at the fitted width').toBeGreaterThan(0);

  const box = (await edge.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + 40, { steps: 4 });
  await page.mouse.up();
  await expect.poll(width).toBeGreaterThan(fitted + 110);
  await edge.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowRight');
  // As wide as it may be: the replay beside it keeps 360 px.
  const body = (await page.locator('.replay-body').boundingBox())!;
  await expect.poll(width).toBeCloseTo(body.width - 360, 0);
  const wide = await width();
  expect(await hidden()).toBeLessThan(hiddenAtFitted);

  await openReplay(page);
  await expect.poll(width).toBeCloseTo(wide, 0);
  await page.getByTestId('resize-trajectory-list').dblclick();
  await expect.poll(width).toBeCloseTo(fitted, 0);
});

test('the trajectory list from the keyboard: arrows, End and Home open runs in list order, Shift+J/K from the replay; Import is a Tab stop', async ({ page }) => {
  test.setTimeout(120_000);
  await openReplay(page);
  await page.getByLabel('Filter Label').selectOption('perception');
  const list = page.getByTestId('trajectory-list');
  const ids = () => idsInListOrder(list);
  await expect.poll(async () => (await ids()).length).toBeGreaterThan(2);
  const order = await ids();
  const opened = async (id: string) => {
    await expect(page).toHaveURL(runAtStart(id));
    await expect(list.locator(`[role=row][data-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  };
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await opened(order[0]);
  await page.keyboard.press('ArrowDown');
  await opened(order[1]);
  await page.keyboard.press('ArrowUp');
  await opened(order[0]);
  await page.keyboard.press('End');
  const count = Number(/^\d+/.exec((await page.getByTestId('list-count').textContent())!)![0]);
  await expect(list.locator('[role=row][aria-selected=true]')).toHaveAttribute('aria-rowindex', String(count + 2));
  await page.keyboard.press('Home');
  await opened(order[0]);
  // From the replay beside it: Shift+J is the next run of the list.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Shift+J');
  await opened(order[1]);
  // One history entry for the keyboard's walk, not one per run.
  await page.goBack();
  await expect(page).toHaveURL(/#\/replay$/);
  // A walk from a run picked with the mouse: Back returns to that run (it went past it).
  await list.locator(`[role=row][data-id="${order[0]}"]`).click();
  await opened(order[0]);
  await page.keyboard.press('Shift+J');
  await opened(order[1]);
  await page.keyboard.press('Shift+J');
  await opened(order[2]);
  await page.goBack();
  await opened(order[0]);

  // Import files… and Import folder… are reached with Tab (their file inputs are not display: none).
  const imports = page.locator('.import-button input[type=file]');
  await expect(imports).toHaveCount(2);
  for (const input of await imports.all()) expect(await input.evaluate((el) => (el as HTMLInputElement).tabIndex >= 0 && getComputedStyle(el).display !== 'none')).toBe(true);
  await imports.first().focus();
  await page.keyboard.press('Tab');
  await expect(imports.nth(1)).toBeFocused();
});

test('triage under "Failures not reviewed": a run reviewed leaves the list, and Shift+J opens the one that followed it, not the first', async ({ page }) => {
  test.setTimeout(120_000);
  await openReplay(page);
  await page.getByTestId('review-filter').selectOption('unreviewed-failures');
  const list = page.getByTestId('trajectory-list');
  const ids = () => idsInListOrder(list);
  await expect.poll(async () => (await ids()).length).toBeGreaterThan(4);
  const order = await ids();
  await list.locator(`[role=row][data-id="${order[2]}"]`).click();
  const override = page.getByTestId('label-override');
  await override.getByLabel('Override label').selectOption('correct');
  await override.getByLabel('Reviewer').fill('e2e-triage');
  await override.getByLabel('Reason').fill('looked fine');
  await override.getByRole('button', { name: 'Save override' }).click();
  await expect(list.locator(`[role=row][data-id="${order[2]}"]`)).toHaveCount(0);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Shift+J');
  await expect(page).toHaveURL(runAtStart(order[3]));
  await page.keyboard.press('Shift+K');
  await expect(page).toHaveURL(runAtStart(order[1]));
});

test('a look at Reports and back keeps Replay as it was: its filters and the open run', async ({ page }) => {
  await openReplay(page);
  const list = page.getByTestId('trajectory-list');
  const count = page.getByTestId('list-count');
  await page.getByLabel('Filter Label').selectOption('perception');
  await page.getByTestId('review-filter').selectOption('unreviewed-failures');
  const filtered = await count.innerText();
  const first = list.locator('[role=row]').first();
  const id = (await first.getAttribute('data-id'))!;
  await first.click();
  await expect(page).toHaveURL(/#\/replay\/[^/]+\/0$/);
  const url = page.url();

  await page.getByTestId('workspace-reports').click();
  await expect(page).toHaveURL(/#\/reports$/);
  await page.getByTestId('workspace-replay').click();
  await expect(page).toHaveURL(url);
  await expect(page.getByLabel('Filter Label')).toHaveValue('perception');
  await expect(page.getByTestId('review-filter')).toHaveValue('unreviewed-failures');
  await expect(count).toHaveText(filtered);
  await expect(list.locator(`[role=row][data-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  // Alt+3 from Reports does the same; the Replay tab from within Replay goes to its start.
  await page.getByTestId('workspace-reports').click();
  await page.keyboard.press('Alt+3');
  await expect(page).toHaveURL(url);
  await page.getByTestId('workspace-replay').click();
  await expect(page).toHaveURL(/#\/replay$/);
});
