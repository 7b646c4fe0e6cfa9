// Clips copied only in part (a download or sync broken off), on a copy of the sample: the player
// would count frames up to the duration the file declares while showing only what it holds.
// - WebM cut at 30% of its bytes: said under the clip, and still said once it has played (its
//   metadata is reported again when the rate is measured);
// - WebM that ends right after its header: the <video> loads its metadata, reports no error and
//   stays black, so the clip is said to be unavailable;
// - MP4 (faststart: its header lists every packet, whether the bytes follow or not) cut at 40%;
// - a whole clip: nothing said.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { replaceCalls } from '../annotate-editor';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const CUT_WEBM = 'household-06';
const HEADER_ONLY = 'household-05';
const CUT_MP4 = 'retail-01';
const WHOLE = 'kitchen-01';

async function cutTo(file: string, bytes: (size: number) => number): Promise<void> {
  const content = await readFile(file);
  await writeFile(file, content.subarray(0, bytes(content.length)));
}

const host = ownHost('studio-clip-cut-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const videos = path.join(dataset, 'videos');
  await cutTo(path.join(videos, `${CUT_WEBM}.webm`), (size) => Math.floor(size * 0.3));
  await cutTo(path.join(videos, `${HEADER_ONLY}.webm`), () => 3000);
  const mp4 = path.join(videos, `${CUT_MP4}.mp4`);
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(videos, `${CUT_MP4}.webm`), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-an', '-movflags', '+faststart', mp4]);
  await cutTo(mp4, (size) => Math.floor(size * 0.4));
  await rm(path.join(videos, `${CUT_MP4}.webm`));
  const tasks = path.join(dataset, 'tasks.jsonl');
  await writeFile(tasks, (await readFile(tasks, 'utf8')).replace(`videos/${CUT_MP4}.webm`, `videos/${CUT_MP4}.mp4`));
});

const openTask = (page: Page, task: string) => openAnnotateTask(page, host, 'clip-cut-e2e', task);

test('a cut WebM is said under the clip, still after it plays; a whole clip says nothing', async ({ page }) => {
  test.setTimeout(90_000);
  await openTask(page, CUT_WEBM);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  const warning = page.getByTestId('clip-cut-short');
  await expect(warning).toContainText(`videos/${CUT_WEBM}.webm is cut short`);
  await expect(page.getByTestId('clip-missing')).toBeHidden();
  // Playing measures the frame rate (after 12 presented frames) and reports the metadata again.
  await page.getByTestId('play-toggle').click();
  await expect.poll(async () => Number(await page.getByTestId('frame-counter').textContent()), { timeout: 20_000 }).toBeGreaterThan(20);
  await page.getByTestId('play-toggle').click();
  await expect(warning).toContainText(`videos/${CUT_WEBM}.webm is cut short`);

  await openTask(page, WHOLE);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  // The whole clip is read by the decoder too before anything could be said of it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('f');
  await expect(page.getByTestId('frame-counter')).toHaveText('1');
  await expect(warning).toBeHidden();
});

test('a WebM that ends right after its header is said to be unavailable, not left black', async ({ page }) => {
  await openTask(page, HEADER_ONLY);
  await expect(page.locator('.video-host')).toHaveAttribute('data-meta', 'true');
  const placeholder = page.getByTestId('clip-missing');
  await expect(placeholder).toContainText(`videos/${HEADER_ONLY}.webm`);
  await expect(placeholder).toContainText('The file ends after its header');
  await expect(page.getByTestId('clip-cut-short')).toBeHidden();
  // The rest of the task works: its calls can be written and are saved.
  await replaceCalls(page, [{ tool_name: 'find_items_by_room', parameters: { room: 'kitchen' } }]);
});

test('an MP4 whose header lists packets the file no longer holds is said to be cut short', async ({ page }) => {
  await openTask(page, CUT_MP4);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('clip-cut-short')).toContainText(`videos/${CUT_MP4}.mp4 is cut short`);
});
