// An EgoBench release in the browser host (issue 9): `egostudio import-egobench` converts the
// release (../shared/egobench when present, else the committed retail1-mini fixture) into a temp
// dataset, a host of this spec's own opens it, and the clips the release does not ship show as
// missing (status bar control, Annotate and Replay placeholders naming videos/<file>). Then the
// Clips control points the dataset at a temp folder holding one sample clip renamed to the
// expected name, the open Replay view loads it, and the media URL serves it (HTTP 206 for a Range
// request).
import { execFile, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import type { StudioApi } from '../../shared/api/studio-api';
import { datasetsDir, repoRoot } from '../datasets-on-disk';
import { startStudioHost } from '../studio-host';

const fullRelease = path.resolve(repoRoot, '..', 'shared', 'egobench');
const fixture = path.join(repoRoot, 'src-main', 'services', 'import-egobench', 'fixtures', 'retail1-mini');
// EGOBENCH_E2E_RELEASE=fixture runs the fresh-clone path on a machine that has the release.
const release = existsSync(path.join(fullRelease, 'tasks')) && process.env.EGOBENCH_E2E_RELEASE !== 'fixture' ? fullRelease : fixture;
const CLIP = 'videos/retail1.mp4';
const TASK = 'retail1-1';

test.describe.configure({ mode: 'serial' });

let work: string;
let dataset: string;
let clips: string;
let host: ChildProcess;
let studioUrl: string;
let expectedClips: string[];

async function startHost(datasetDir: string, configDir: string): Promise<string> {
  const started = await startStudioHost({ dataset: datasetDir, configDir });
  host = started.process;
  return started.url;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = await mkdtemp(path.join(tmpdir(), 'studio-egobench-'));
  dataset = path.join(work, 'egobench');
  clips = path.join(work, 'clips');
  // Exit code 2 means "imported, with problems"; the release has none, the fixture neither.
  const { stdout } = await promisify(execFile)(process.execPath, ['src-main/cli/egostudio.mjs', 'import-egobench', release, '--out', dataset], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stdout).toMatch(/imported \d+ task\(s\)/);
  const tasks = (await readFile(path.join(dataset, 'tasks.jsonl'), 'utf8')).split('\n').filter((l) => l.trim());
  expectedClips = [...new Set(tasks.map((l) => (JSON.parse(l) as { video: string }).video))];
  expect(expectedClips).toContain(CLIP);
  await mkdir(clips);
  await copyFile(path.join(datasetsDir, 'egobench-sample', 'videos', 'retail-01.webm'), path.join(clips, path.basename(CLIP)));
  await mkdir(path.join(work, 'config'));
  studioUrl = await startHost(dataset, path.join(work, 'config'));
});

test.afterAll(async () => {
  host?.kill('SIGTERM');
  if (work) await rm(work, { recursive: true, force: true });
});

function at(hash: string, query = ''): string {
  const url = new URL(studioUrl);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  url.hash = hash;
  return url.href;
}

/** Status of a Range request for a dataset path, through window.studio.mediaUrl in the page. */
async function mediaStatus(page: Page, clip: string): Promise<number> {
  return page.evaluate(async (p) => {
    const studio = (globalThis as unknown as { studio: StudioApi }).studio;
    const [dataset] = (await studio.datasets.list()).filter((entry) => entry.source === 'added');
    const response = await fetch(studio.mediaUrl(dataset.id, p), { headers: { Range: 'bytes=0-99' } });
    await response.arrayBuffer();
    return response.status;
  }, clip);
}

test('the imported release opens without clips: the Clips control, Annotate and Replay name videos/<file>', async ({ page }) => {
  test.info().annotations.push({ type: 'release', description: release === fullRelease ? fullRelease : `${fixture} (no ../shared/egobench)` });
  test.setTimeout(180_000);
  await page.goto(at('#/annotate', 'annotator=e2e'));
  await expect(page.getByTestId('status-dataset')).toHaveText('EgoBench (imported release)');
  const control = page.getByTestId('clips-control');
  await expect(control).toHaveText(`Clips: ${expectedClips.length} missing — Choose folder…`);
  await control.click();
  const list = page.getByTestId('clips-list');
  for (const clip of expectedClips) await expect(list.locator(`[data-clip="${clip}"]`)).toContainText('missing');
  await expect(page.getByTestId('clips-folder')).toContainText('none chosen');
  await control.click();

  // Annotate: the task's clip is missing, the placeholder names it, the rest of the task is there.
  await expect(page.getByTestId('annotator-name')).toHaveText('e2e');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(TASK);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await expect(page.getByTestId('clip-missing')).toContainText(CLIP, { timeout: 20_000 });
  // Every line of it clear of its edges (the wrapped explanation once ran from the very left edge).
  const atEdge = await page.getByTestId('clip-missing').evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const lines = [...box.children].map((line) => ({ text: line.textContent, rect: line.getBoundingClientRect() }));
    return lines.filter(({ rect }) => rect.left < outer.left + 4 || rect.right > outer.right - 4).map(({ text }) => text);
  });
  expect(atEdge).toEqual([]);

  // Replay: the first trajectory (retail1) shows the same clip component's placeholder naming the same path.
  await page.getByTestId('workspace-replay').click();
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await page.getByTestId('trajectory-list').locator('[role=row]').first().click();
  await expect(page.getByTestId('clip-missing')).toContainText(CLIP, { timeout: 20_000 });
  expect(await mediaStatus(page, CLIP)).toBe(404);

  // The label is read out as the official analysis decides it: its six classes in order, the one that fired marked.
  const evidence = page.getByTestId('egobench-evidence');
  await expect(evidence.locator('.predicate')).toHaveCount(6);
  const label = (await page.getByTestId('label-badge').textContent())!.trim();
  if (label !== 'correct') await expect(evidence.locator('.predicate.fired')).toHaveAttribute('data-label', label);
});

test('pointing the dataset at a folder of videos serves videos/<name> from it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(at('#/replay', 'annotator=e2e'));
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await page.getByTestId('trajectory-list').locator('[role=row]').first().click();
  await expect(page.getByTestId('clip-missing')).toContainText(CLIP, { timeout: 20_000 });
  const control = page.getByTestId('clips-control');
  await expect(control).toContainText('missing');
  await control.click();
  // A folder that does not exist is refused with a message; nothing is stored.
  await page.getByTestId('clips-folder-input').fill(path.join(work, 'no-such-folder'));
  await page.getByTestId('clips-use-folder').click();
  await expect(page.getByTestId('clips-error')).toContainText('No such folder');

  await page.getByTestId('clips-folder-input').fill(clips);
  await page.getByTestId('clips-use-folder').click();
  const stillMissing = expectedClips.length - 1;
  await expect(control).toHaveText(stillMissing > 0 ? `Clips: ${stillMissing} missing — Choose folder…` : `Clips: all ${expectedClips.length} found`);
  await expect(page.getByTestId('clips-list').locator(`[data-clip="${CLIP}"]`)).toContainText('from the video folder');
  await expect(page.getByTestId('status-message')).toContainText(`found (video folder ${clips}`);
  expect(await mediaStatus(page, CLIP)).toBe(206);
  expect(await mediaStatus(page, 'videos/no-such-clip.mp4')).toBe(404);

  // The open view reloads (datasets.changed): the placeholder gives way to the playing clip.
  const video = page.locator('[data-testid="replay-clip"] .video-host video');
  await expect(page.getByTestId('clip-missing')).toHaveCount(0);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);

  // The choice lives in the config folder, not the dataset: a reload still finds the clip.
  await page.reload();
  await expect(control).toContainText(stillMissing > 0 ? `${stillMissing} missing` : 'all');
  expect(await mediaStatus(page, CLIP)).toBe(206);
  expect(existsSync(path.join(work, 'config', 'video-folders.json'))).toBe(true);
  expect(existsSync(path.join(dataset, 'videos', path.basename(CLIP)))).toBe(false);
});

test('Annotate, open on the task while the folder is chosen, loads the clip in place of its placeholder', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(at('#/annotate', 'annotator=e2e'));
  const control = page.getByTestId('clips-control');
  await control.click();
  await page.getByRole('button', { name: 'Forget folder' }).click();
  await expect(page.getByTestId('clips-folder')).toContainText('none chosen');
  await expect(control).toHaveText(`Clips: ${expectedClips.length} missing — Choose folder…`);
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(TASK);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await expect(page.getByTestId('clip-missing')).toContainText(CLIP, { timeout: 20_000 });

  await page.getByTestId('clips-folder-input').fill(clips);
  await page.getByTestId('clips-use-folder').click();
  await expect(page.getByTestId('clips-list').locator(`[data-clip="${CLIP}"]`)).toContainText('from the video folder');
  const video = page.getByTestId('video-player').locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('clip-missing')).toHaveCount(0);
});
