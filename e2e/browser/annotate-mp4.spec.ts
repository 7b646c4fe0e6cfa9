// Real EgoBench clips are MP4 (H.264), often with long groups of pictures, where a <video> seek
// re-decodes up to the whole group for each frame step. On a copy of the sample whose retail-01
// clip is re-encoded as H.264 in MP4 with a keyframe every 150 frames (its burned-in index kept),
// the studio steps through it from decoded frames, and every frame on screen is the one the
// counter names, across a keyframe and back.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { readBurnedIndex, step, videoIndexBox } from '../clip-on-screen';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const TASK = 'retail-01';
const GOP = 150;

const host = ownHost('studio-mp4-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const videos = path.join(dataset, 'videos');
  await promisify(execFile)('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-i', path.join(videos, `${TASK}.webm`),
    '-c:v', 'libx264', '-g', String(GOP), '-keyint_min', String(GOP), '-sc_threshold', '0', '-bf', '2',
    '-pix_fmt', 'yuv420p', '-crf', '16', '-an', '-movflags', '+faststart',
    path.join(videos, `${TASK}.mp4`),
  ]);
  await rm(path.join(videos, `${TASK}.webm`));
  const tasks = path.join(dataset, 'tasks.jsonl');
  await writeFile(tasks, (await readFile(tasks, 'utf8')).replace(`videos/${TASK}.webm`, `videos/${TASK}.mp4`));
});

test('an H.264 MP4 clip with a long group of pictures steps from decoded frames, each the frame the counter names', async ({ page }) => {
  test.setTimeout(120_000);
  await openAnnotateTask(page, host, 'mp4-e2e', TASK);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('frame-counter')).toHaveText('0');

  // Near the end of the first group, then over the keyframe at 150 and back.
  const goto = page.getByLabel('Go to frame or time');
  // What it cannot read, or a frame past the end, is said beside the field; the clip stays.
  await goto.fill('4.5 sec');
  await goto.press('Enter');
  await expect(page.getByTestId('goto-error')).toHaveText('Not a frame or time: use 120, 00:00:04:12 or 4.5s');
  await expect(goto).toHaveAttribute('aria-invalid', 'true');
  await goto.fill('99999');
  await goto.press('Enter');
  await expect(page.getByTestId('goto-error')).toContainText('Past the end: the last frame is');
  await expect(page.getByTestId('frame-counter')).toHaveText('0');
  await goto.fill('145');
  await goto.press('Enter');
  await expect(page.getByTestId('frame-counter')).toHaveText('145');
  await expect(page.getByTestId('goto-error')).toBeHidden();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const surfaces: string[] = [];
  let frame = 145;
  for (const key of ['f', 'f', 'f', 'f', 'f', 'f', 'f', 'd', 'd', 'd', 'd', 'c', 'v']) {
    frame += { f: 1, d: -1, c: -10, v: 10 }[key]!;
    const shown = await step(page, key, frame, true);
    surfaces.push(shown.surface);
    const { best, distances } = readBurnedIndex(shown.rgb, frame);
    expect(best, `burned-in index on the ${shown.surface} vs frame-counter ${frame}: ${JSON.stringify(distances)}`).toBe(frame);
  }
  expect(surfaces, 'steps drew decoded frames').toContain('decoded frame');

  // When the steps pause, the <video> presents the same frame and the drawn one goes.
  await expect(page.locator('[data-testid="video-player"] .frame-overlay')).toBeHidden();
  await expect(page.getByTestId('frame-counter')).toHaveText(String(frame));
  const video = readBurnedIndex(await videoIndexBox(page), frame);
  expect(video.best, `<video> burned-in index vs frame-counter ${frame}: ${JSON.stringify(video.distances)}`).toBe(frame);
});
