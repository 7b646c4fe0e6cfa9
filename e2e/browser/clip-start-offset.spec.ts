// Clips whose first frame is not presented at media time 0: a WebM muxed with a start offset of
// 0.5 s, and H.264 with B-frames muxed without an edit list (its first frame at 2/30 s). Their
// frames were counted from media time 0: on open the counter read 15 (or 2) over the clip's first
// picture, steps and the written references were off by as much, and frames before the first one
// were "reachable" with nothing to show (a review). Frame 0 is now the first picture, and clip
// seconds count from it (SPEC §5). Each frame carries its index n (ffmpeg's, presentation order)
// as a barcode: 10 blocks of 32 px across the top half, white for a 1 bit.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { copySample, openAnnotateTask, ownHost } from '../own-host';

const BARCODE = "geq=lum='if(lt(Y,120),255*mod(floor(N/pow(2,floor(X/32))),2),40)':cb=128:cr=128";
// `last`: the last frame the <video> reaches, its duration less the start. The MP4's duration (5 s,
// its header's) ends two frames before its last frame does (5.067 s), so frames 148 and 149 are past
// it; counted from media time 0 it read 149, and frames 0 and 1 were the unreachable ones.
const CLIPS = {
  'retail-01': { file: 'offset-vp9.webm', last: 149, args: ['-c:v', 'libvpx-vp9', '-crf', '20', '-b:v', '0', '-deadline', 'realtime', '-g', '30', '-output_ts_offset', '0.5'] },
  'retail-02': { file: 'bframes-noedit.mp4', last: 147, args: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '12', '-preset', 'veryfast', '-g', '30', '-bf', '3', '-use_editlist', '0'] },
} as const;

const host = ownHost('studio-offset-', 'egobench-sample', async (dataset) => {
  await copySample(dataset);
  const videos = path.join(dataset, 'videos');
  for (const { file, args } of Object.values(CLIPS)) {
    await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=gray:s=320x240:r=30', '-frames:v', '150', '-vf', BARCODE, ...args, path.join(videos, file)]);
  }
  const tasks = path.join(dataset, 'tasks.jsonl');
  const lines = (await readFile(tasks, 'utf8')).split('\n').map((line) => {
    const id = Object.keys(CLIPS).find((task) => line.includes(`"id":"${task}"`)) as keyof typeof CLIPS | undefined;
    return id ? JSON.stringify({ ...(JSON.parse(line) as object), video: `videos/${CLIPS[id].file}`, fps: 30 }) : line;
  });
  await writeFile(tasks, lines.join('\n'));
});

/** The index burned into the picture on screen: the decoded frame drawn over the video while stepping, else the <video>. */
function pictureOnScreen(page: Page): Promise<number> {
  return page.locator('.video-host').evaluate((host) => {
    const overlay = host.querySelector<HTMLCanvasElement>('.frame-overlay:not([hidden])');
    const source = overlay ?? host.querySelector('video')!;
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(source, 0, 0, 320, 240);
    let n = 0;
    for (let bit = 0; bit < 10; bit++) if (context.getImageData(16 + 32 * bit, 60, 1, 1).data[0] > 128) n |= 1 << bit;
    return n;
  });
}

for (const [task, { file, last }] of Object.entries(CLIPS)) {
  test(`${file}: frame 0 is the first picture; steps, the counter and a reference's frames and seconds count from it`, async ({ page }) => {
    test.setTimeout(120_000);
    const annotator = `offset-${task}`;
    await openAnnotateTask(page, host, annotator, task);
    await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('frame-counter')).toHaveText('0');
    expect(await pictureOnScreen(page)).toBe(0);
    // Not counting the offset's frames as the clip's (the WebM's last frame read 164).
    await expect(page.locator('.frame-counter .muted').first()).toHaveText(` / ${last}`);

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('f');
      await expect(page.getByTestId('frame-counter')).toHaveText(String(i));
      await expect.poll(() => pictureOnScreen(page)).toBe(i);
    }
    for (let i = 0; i < 4; i++) await page.keyboard.press('f');
    await expect(page.getByTestId('frame-counter')).toHaveText('7');
    await expect.poll(() => pictureOnScreen(page)).toBe(7);
    // The <video> itself lands on frame 7 once the steps pause: 7 frames after its first one.
    await expect.poll(() => page.locator('.video-host video').evaluate((video) => (video as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
    const first = await page.locator('.video-host video').evaluate(async (element) => {
      // The first frame's media time, from a second element on the same clip.
      const video = document.createElement('video');
      video.muted = true;
      video.src = (element as HTMLVideoElement).currentSrc;
      await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
      return video.currentTime;
    });
    expect(first).toBeGreaterThan(0.05);
    await expect.poll(() => page.locator('.video-host video').evaluate((video, start) => Math.floor(((video as HTMLVideoElement).currentTime - start) * 30 + 1e-6), first)).toBe(7);

    // Go back to frame 0: the first picture, not a frame before it with none.
    for (let i = 0; i < 7; i++) await page.keyboard.press('d');
    await expect(page.getByTestId('frame-counter')).toHaveText('0');
    await expect.poll(() => pictureOnScreen(page)).toBe(0);

    for (let i = 0; i < 5; i++) await page.keyboard.press('f');
    await expect(page.getByTestId('frame-counter')).toHaveText('5');
    await page.keyboard.press('i');
    for (let i = 0; i < 4; i++) await page.keyboard.press('f');
    await expect(page.getByTestId('frame-counter')).toHaveText('9');
    await expect.poll(() => pictureOnScreen(page)).toBe(9);
    await page.keyboard.press('o');
    await page.getByTestId('ref-entity').fill('Domaine Lune Bordeaux');
    await page.getByTestId('ref-add').click();
    await expect(page.getByTestId('visual-ref-list')).toContainText('f5–9');
    const refFile = path.join(host.dataset, 'annotations', `${annotator}.jsonl`);
    const refs = async () =>
      (await readFile(refFile, 'utf8').catch(() => ''))
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { task_id: string; visual_refs: { start: number; end: number }[] })
        .filter((line) => line.task_id === task)
        .at(-1)?.visual_refs ?? [];
    // Frames 5 to 9 at 30 fps: from 5/30 s to the end of frame 9, 10/30 s, counted from the first frame.
    await expect.poll(refs).toEqual([expect.objectContaining({ entity: 'Domaine Lune Bordeaux', start: 0.167, end: 0.333 })]);
  });
}
