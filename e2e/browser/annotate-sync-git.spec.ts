// Annotate's write-through against what git does to the annotator's own file (a temporary copy of
// the sample dataset, its own browser host): a merge that leaves conflict blocks in it, and a
// branch switch that takes the file away.
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copySharedSample } from '../datasets-on-disk';
import { startStudioHost } from '../studio-host';
import { replaceCalls, typeCalls } from '../annotate-editor';

const TASK = 'retail-01';

let work: string;
let dataset: string;
let host: ChildProcess | undefined;
let studioUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-annotate-git-'));
  dataset = path.join(work, 'egobench-sample');
  await copySharedSample(dataset);
  await mkdir(path.join(work, 'config'));
  const started = await startStudioHost({ dataset, configDir: path.join(work, 'config') });
  host = started.process;
  studioUrl = started.url;
});

test.afterAll(async () => {
  host?.kill('SIGTERM');
  if (work) await rm(work, { recursive: true, force: true });
});

const price = (product: string) => ({ tool_name: 'get_price', parameters: { product_name: product } });
const lastLine = (text: string) => JSON.parse(text.trim().split('\n').at(-1)!) as Record<string, unknown> & { revision: number };

/** Opens TASK as `annotator`, writes one call and waits until write-through has put it in their file; returns the file. */
async function editWritten(page: Page, annotator: string, product: string): Promise<string> {
  const file = path.join(dataset, 'annotations', `${annotator}.jsonl`);
  const url = new URL(studioUrl);
  url.searchParams.set('annotator', annotator);
  url.hash = '#/annotate';
  await page.goto(url.href);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await replaceCalls(page, [price(product)]);
  await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 5000 }).toContain(product);
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-state', 'saved');
  return file;
}

/**
 * `git merge` of the other machine's branch: its line of the task's revision, with other calls
 * (Vigna Alta Chianti), against ours, as a conflict block in place of our last line.
 */
async function mergeOtherVersion(file: string): Promise<{ ours: ReturnType<typeof lastLine>; merged: string }> {
  const written = await readFile(file, 'utf8');
  const ours = lastLine(written);
  const { 'x-studio': _extras, ...plain } = ours;
  const theirs = { ...plain, calls: [price('Vigna Alta Chianti')], updated_at: new Date().toISOString() };
  const head = written.slice(0, written.trimEnd().lastIndexOf('\n') + 1);
  const merged = `${head}<<<<<<< HEAD\n${JSON.stringify(ours)}\n=======\n${JSON.stringify(theirs)}\n>>>>>>> other\n`;
  await writeFile(file, merged);
  return { ours, merged };
}

test("write-through: a merge's conflict block in the annotator's file, two versions of a task, is a conflict to resolve; the choice is appended after the block", async ({ page }) => {
  test.setTimeout(90_000);
  const file = await editWritten(page, 'merge-e2e', 'Domaine Lune Bordeaux');
  const { ours, merged } = await mergeOtherVersion(file);
  const dialog = page.getByTestId('sync-conflict');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.locator('legend')).toHaveText(TASK);
  await expect(dialog).toContainText('Vigna Alta Chianti');
  // Both versions are there, the screen keeps ours, and nothing was written meanwhile.
  await expect(page.getByTestId('call-list')).toContainText('Domaine Lune Bordeaux');
  await expect(page.getByTestId('save-state')).not.toHaveText(/^Saved/);
  expect(await readFile(file, 'utf8')).toBe(merged);
  await dialog.getByRole('radio', { name: /^File/ }).check();
  await page.getByTestId('resolve-conflicts').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('call-list')).toContainText('Vigna Alta Chianti');
  // The version kept goes after the block, above both of its lines: every reader takes it.
  await expect.poll(async () => (await readFile(file, 'utf8')).length, { timeout: 10_000 }).toBeGreaterThan(merged.length);
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-unsent', '0');
  const after = await readFile(file, 'utf8');
  expect(after.startsWith(merged)).toBe(true);
  const kept = lastLine(after);
  expect(kept.calls).toEqual([price('Vigna Alta Chianti')]);
  expect(kept.revision).toBeGreaterThan(ours.revision);
  // Not asked again.
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('sync-conflict')).toBeHidden();
  await expect(page.getByTestId('show-conflicts')).toBeHidden();
});

test("Import leaves a task of a merge's conflict block to the conflict dialog: it took the block's later side over ours without a word", async ({ page }) => {
  test.setTimeout(90_000);
  const file = await editWritten(page, 'merge-import-e2e', 'Domaine Lune Bordeaux');
  const { merged } = await mergeOtherVersion(file);
  await expect(page.getByTestId('sync-conflict')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('sync-conflict').getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('import-annotations').click();
  await expect(page.getByTestId('status-message')).toContainText(`${TASK}: in a git conflict block of the file`);
  await expect(page.getByTestId('call-list')).toContainText('Domaine Lune Bordeaux');
  await expect(page.getByTestId('call-list')).not.toContainText('Vigna Alta Chianti');
  await page.getByTestId('export-annotations').click();
  await expect(page.getByTestId('status-message')).toContainText('Nothing to export');
  await expect(page.getByTestId('status-message')).toContainText(`${TASK}: in a git conflict block of the file`);
  expect(await readFile(file, 'utf8')).toBe(merged);
});

/** The annotator's file taken away (a checkout of a branch without it): the studio holds its tasks and says so. */
async function heldAfterRemoval(page: Page, file: string): Promise<void> {
  await rm(file);
  const held = page.getByTestId('held-file');
  await expect(held).toBeVisible({ timeout: 10_000 });
  await expect(held).toContainText('1 task(s) are kept in this browser');
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-state', 'held');
  await expect(page.getByTestId('save-state')).toHaveText('Not in the file: kept in this browser');
  // Nothing written by itself: a new untracked file would block the checkout back.
  await page.waitForTimeout(3000);
  await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
}

test('write-through: the annotator\'s file gone (a branch without it checked out) is not written again by itself; when it comes back, work goes on', async ({ page }) => {
  test.setTimeout(90_000);
  const file = await editWritten(page, 'branch-e2e', 'Domaine Lune Bordeaux');
  const written = await readFile(file, 'utf8');
  await heldAfterRemoval(page, file);
  await page.getByTestId('held-wait').click();
  await expect(page.getByTestId('held-file')).toContainText('until the file comes back');
  // An edit meanwhile stays in the browser too.
  await typeCalls(page, [price('Domaine Lune Bordeaux'), price('Casa Vento Rioja')]);
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('save-state')).toHaveText('Not in the file: kept in this browser');
  await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  // `git checkout master`: the file is back as it was; the hold ends and the edit goes out on it.
  await writeFile(file, written);
  await expect(page.getByTestId('held-file')).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => readFile(file, 'utf8'), { timeout: 10_000 }).toContain('Casa Vento Rioja');
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-unsent', '0');
  expect((await readFile(file, 'utf8')).startsWith(written)).toBe(true);
  await expect(page.getByTestId('sync-conflict')).toBeHidden();
});

test('write-through: the annotator\'s file gone, "write back now" writes its tasks again', async ({ page }) => {
  test.setTimeout(90_000);
  const file = await editWritten(page, 'write-back-e2e', 'Domaine Lune Bordeaux');
  await heldAfterRemoval(page, file);
  await page.getByTestId('held-write-back').click();
  await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('Domaine Lune Bordeaux');
  await expect(page.getByTestId('held-file')).toBeHidden();
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-unsent', '0');
  const rewritten = lastLine(await readFile(file, 'utf8'));
  await expect(page.getByTestId('save-state')).toHaveText(`Saved · rev ${rewritten.revision}`);
});

test('write-through: the annotator\'s file gone while the page was away is held after a reload too (not "Saved"); when it comes back, work goes on', async ({ page }) => {
  test.setTimeout(90_000);
  const file = await editWritten(page, 'reload-e2e', 'Domaine Lune Bordeaux');
  const written = await readFile(file, 'utf8');
  await page.goto('about:blank');
  await rm(file);
  await page.goBack();
  const held = page.getByTestId('held-file');
  await expect(held).toBeVisible({ timeout: 10_000 });
  await expect(held).toContainText('1 task(s) are kept in this browser');
  await expect(page.getByTestId('save-state')).toHaveText('Not in the file: kept in this browser');
  await page.waitForTimeout(2000);
  await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  await writeFile(file, written);
  await expect(held).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('write-through')).toHaveAttribute('data-state', 'saved');
  expect(await readFile(file, 'utf8')).toBe(written);
});
