// Annotate's Loop (L, or the button beside the marks): it looks pressed while on, and asked for
// while paused it plays the marked range from In (it did nothing visible until Space).
import { expect, test, type Page } from '@playwright/test';

/** Goes to `frame` with "Go to", then leaves the field (keys typed there are text, not shortcuts). */
async function goTo(page: Page, frame: number): Promise<void> {
  await page.getByTestId('goto-frame').fill(String(frame));
  await page.getByTestId('goto-frame').press('Enter');
  await expect(page.getByTestId('frame-counter')).toHaveText(String(frame));
  await page.getByTestId('copy-frame').focus();
}

test('L while paused plays the marked range from In, and the Loop button looks pressed until L again', async ({ page }) => {
  const url = new URL(process.env.STUDIO_URL!);
  url.searchParams.set('annotator', `loop-${process.pid}`);
  url.hash = '#/annotate/retail-06';
  await page.goto(url.href);
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  await goTo(page, 30);
  await page.keyboard.press('i');
  await goTo(page, 50);
  await page.keyboard.press('o');
  const loop = page.getByRole('button', { name: 'Loop' });
  await expect(loop).toBeEnabled();
  await expect(page.getByTestId('play-toggle')).toHaveText('Play');
  const look = () => loop.evaluate((button) => ['background-color', 'color', 'border-color', 'box-shadow'].map((p) => getComputedStyle(button).getPropertyValue(p)).join(' | '));
  const unpressed = await look();

  await page.keyboard.press('l');
  await expect(loop).toHaveAttribute('aria-pressed', 'true');
  expect(await look(), 'pressed looks unlike not pressed').not.toBe(unpressed);
  // Playing, from In: the frame on screen leaves Out for the marked range.
  await expect(page.getByTestId('play-toggle')).toHaveText('Pause');
  await expect.poll(async () => Number(await page.getByTestId('frame-counter').textContent())).toBeLessThan(50);
  const shown = Number(await page.getByTestId('frame-counter').textContent());
  expect(shown).toBeGreaterThanOrEqual(30);

  await page.keyboard.press('l');
  await expect(loop).toHaveAttribute('aria-pressed', 'false');
  expect(await look()).toBe(unpressed);
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveText('Play');
});
