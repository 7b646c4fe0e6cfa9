// A task whose line declares no fps (SPEC §4: optional) and whose clip is 25 fps. The rate was
// measured only while the clip played: until then the studio stepped, counted and wrote visual
// references at 30 fps, and switched to 25 once played, so the references on screen and in the
// file parted (an exploratory review). It now reads the rate from the clip's packets before any step.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const TASK = 'retail-01';
const DECLARED = 'retail-02';
const VARIABLE = 'retail-03';
const annotator = 'fps-e2e';

const host = ownHost('studio-fps-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const videos = path.join(dataset, 'videos');
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(videos, `${TASK}.webm`), '-r', '25', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-deadline', 'realtime', '-an', path.join(videos, `${TASK}-25.webm`)]);
  // A variable rate: frames 0-59 at 1/30 s, 60-89 at 1/15 s (90 frames over 4 s: 120 slots of 1/30 s).
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(videos, `${TASK}.webm`), '-vf', "setpts='if(lt(N,60),N/30,2+(N-60)/15)/TB'", '-fps_mode', 'passthrough', '-frames:v', '90', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-deadline', 'realtime', '-an', path.join(videos, `${VARIABLE}-vfr.webm`)]);
  await rm(path.join(videos, `${TASK}.webm`));
  const tasks = path.join(dataset, 'tasks.jsonl');
  const lines = (await readFile(tasks, 'utf8')).split('\n').map((line) => {
    // DECLARED keeps the sample's 30 fps over the same 25 fps clip: a rate its clip contradicts.
    if (line.includes(`"id":"${VARIABLE}"`)) return JSON.stringify({ ...(JSON.parse(line) as Record<string, unknown>), fps: 30, video: `videos/${VARIABLE}-vfr.webm` });
    if (line.includes(`"id":"${DECLARED}"`)) return JSON.stringify({ ...(JSON.parse(line) as Record<string, unknown>), fps: 30, video: `videos/${TASK}-25.webm` });
    if (!line.includes(`"id":"${TASK}"`)) return line;
    const { fps: _fps, ...task } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify({ ...task, video: `videos/${TASK}-25.webm` });
  });
  await writeFile(tasks, lines.join('\n'));
});

test('a task with no fps is stepped and its references written at the clip\'s own rate, before the clip is played', async ({ page }) => {
  test.setTimeout(120_000);
  await openAnnotateTask(page, host, annotator, TASK);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('clip-fps')).toContainText('25 fps');
  await expect(page.getByTestId('clip-rate-mismatch')).toBeHidden();
  await expect(page.getByTestId('clip-frame-mismatch')).toBeHidden();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 10; i++) await page.keyboard.press('f');
  await expect(page.getByTestId('frame-counter')).toHaveText('10');
  // The frame on screen is the one the counter names at 25 fps: the counter names the frame asked
  // for at once, the video gets there when its seek lands (a read at once saw 0 once in CI).
  await expect.poll(() => page.locator('.video-host video').evaluate((video) => Math.floor((video as HTMLVideoElement).currentTime * 25 + 1e-6))).toBe(10);
  await page.keyboard.press('i');
  for (let i = 0; i < 10; i++) await page.keyboard.press('f');
  await expect(page.getByTestId('frame-counter')).toHaveText('20');
  await page.keyboard.press('o');
  await page.getByTestId('ref-entity').fill('Domaine Lune Bordeaux');
  await page.getByTestId('ref-add').click();
  await expect(page.getByTestId('visual-ref-list')).toContainText('f10–20');
  const file = path.join(host.dataset, 'annotations', `${annotator}.jsonl`);
  const refs = async () => (await readFile(file, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { task_id: string; visual_refs: { start: number; end: number }[] }).filter((line) => line.task_id === TASK).at(-1)?.visual_refs ?? [];
  // Frames 10 to 20 at 25 fps: from 10/25 s to the end of frame 20, 21/25 s.
  await expect.poll(refs).toEqual([expect.objectContaining({ start: 0.4, end: 0.84 })]);
});

test('a task whose declared fps its clip contradicts (30 over a 25 fps clip) says so under the clip', async ({ page }) => {
  await openAnnotateTask(page, host, annotator, DECLARED);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  const notice = page.getByTestId('clip-rate-mismatch');
  await expect(notice).toContainText('The task says 30 fps');
  await expect(notice).toContainText('runs at 25 fps');
  await expect(notice).toContainText('correct the task');
});

test('a clip of a variable frame rate (90 frames over 120 slots of 1/30 s) says that its frame numbers are time slots', async ({ page }) => {
  await openAnnotateTask(page, host, annotator, VARIABLE);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  const notice = page.getByTestId('clip-frame-mismatch');
  // 119 or 120 slots, as the container rounds the last frame's length.
  await expect(notice).toContainText(/holds 90 frames; the clip counts 1(19|20) at 30 fps/);
  await expect(notice).toContainText('do not come at one steady rate');
  await expect(page.getByTestId('clip-rate-mismatch')).toBeHidden();
});
