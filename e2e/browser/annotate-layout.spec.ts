// The Annotate workspace at 1280x720 (a laptop): with a task open, the clip, its transport and the
// whole timeline fit in the centre column without scrolling it. Saves a screenshot.
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 720 } });

test('at 1280x720 the timeline is visible without scrolling the centre column', async ({ page }) => {
  const url = new URL(process.env.STUDIO_URL!);
  url.searchParams.set('annotator', `layout-${process.pid}`);
  url.hash = '#/annotate';
  await page.goto(url.href);
  await page.locator('[data-task-id="retail-01"]').click();
  await expect(page.locator('.video-host')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('gt-editor').locator('.monaco-editor')).toBeVisible();
  const boxes = await page.evaluate(() => {
    const rect = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
    };
    const center = document.querySelector('.annotate-center')!;
    return { center: rect('.annotate-center'), timeline: rect('[data-testid="timeline"]'), video: rect('[data-testid="video-player"]'), scrollTop: center.scrollTop };
  });
  await page.screenshot({ path: test.info().outputPath('annotate-1280x720.png') });
  // The dataset list comes back on demand.
  await page.getByTestId('toggle-sidebar').click();
  await expect(page.locator('.sidebar')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('annotate-1280x720-sidebar.png') });
  await page.getByTestId('toggle-sidebar').click();
  await expect(page.locator('.sidebar')).toBeHidden();
  expect(boxes.scrollTop).toBe(0);
  expect(boxes.timeline.bottom, JSON.stringify(boxes)).toBeLessThanOrEqual(boxes.center.bottom);
  // Whole, not squeezed: ruler, filmstrip and both tracks.
  expect(boxes.timeline.bottom - boxes.timeline.top, JSON.stringify(boxes)).toBeGreaterThanOrEqual(90);
  // The clip keeps a useful size.
  expect(boxes.video.bottom - boxes.video.top, JSON.stringify(boxes)).toBeGreaterThanOrEqual(200);
});

test('at 1280x720 a brief longer than its box says more is below, until it is scrolled there', async ({ page }) => {
  const url = new URL(process.env.STUDIO_URL!);
  url.searchParams.set('annotator', `layout-brief-${process.pid}`);
  url.hash = '#/annotate';
  await page.goto(url.href);
  // retail-03's instruction fills the box: its image description is below the fold.
  await page.locator('[data-task-id="retail-03"]').click();
  const brief = page.getByTestId('task-brief');
  await expect(brief).toContainText('Image');
  await expect(brief).toHaveAttribute('data-more', 'true');
  await brief.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(brief).not.toHaveAttribute('data-more', 'true');
});

test('at 1280x720 the entity suggestions under the last row open above the field, inside the window', async ({ page }) => {
  const url = new URL(process.env.STUDIO_URL!);
  url.searchParams.set('annotator', `layout-entity-${process.pid}`);
  url.hash = '#/annotate/retail-01';
  await page.goto(url.href);
  const field = page.getByTestId('ref-entity');
  await field.click();
  await field.pressSequentially('a');
  const options = page.getByTestId('entity-options');
  await expect(options).toBeVisible();
  const [list, input] = [await options.boundingBox(), await field.boundingBox()];
  expect(list!.y + list!.height, JSON.stringify({ list, input })).toBeLessThanOrEqual(input!.y + 1);
  expect(list!.y).toBeGreaterThanOrEqual(0);
});
