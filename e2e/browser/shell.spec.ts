// The studio shell in Chromium against the real browser host.
import { expect, test, type Page } from '@playwright/test';
import type { StudioApi } from '../../shared/api/studio-api';
import { datasetsOnDisk } from '../datasets-on-disk';
import { sharedStudioUrl } from '../studio-host';

/** The page's window as the renderer sees it (this file is type-checked without the DOM lib). */
type StudioWindow = { studio?: StudioApi };

async function openStudio(page: Page): Promise<void> {
  await page.goto(sharedStudioUrl());
  await expect(page.getByTestId('status-host')).toHaveText('Browser host');
}

test('the dataset picker lists the datasets under datasets/', async ({ page }) => {
  const expected = datasetsOnDisk().map((dataset) => dataset.name);
  expect(expected.length, 'datasets/ holds at least one dataset').toBeGreaterThan(0);
  await openStudio(page);
  const names = page.getByTestId('dataset-picker').locator('.dataset-name');
  await expect(names).toHaveCount(expected.length);
  expect((await names.allTextContents()).sort()).toEqual([...expected].sort());
});

test('the dataset named at launch opens and shows in the status bar', async ({ page }) => {
  await openStudio(page);
  const sample = datasetsOnDisk().find((dataset) => dataset.folder === 'egobench-sample') ?? datasetsOnDisk()[0];
  await expect(page.getByTestId('status-dataset')).toHaveText(sample.name);
  await expect(page.getByTestId('status-bar')).toBeVisible();
  // The token left the address bar for the tab's sessionStorage; no cookie holds it (browsers
  // would send a cookie to every port of 127.0.0.1).
  expect(page.url()).not.toContain('token=');
  const token = new URL(sharedStudioUrl()).searchParams.get('token');
  expect(await page.evaluate(() => sessionStorage.getItem('egostudio.token'))).toBe(token);
  expect(await page.context().cookies()).toEqual([]);
});

test('the four workspace tabs switch views and routes, with no failed request or console error on the way', async ({ page }) => {
  // An optional file or folder that is not there yet (studio-project.json, reviews/) is no error.
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()} ${response.request().postData() ?? ''}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  await openStudio(page);
  // The panel, not the view's content: the workspaces fill in as later work lands.
  const panel = page.locator('#workspace-panel');
  for (const id of ['adjudicate', 'replay', 'reports', 'annotate']) {
    await page.getByTestId(`workspace-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`#/${id}$`));
    await expect(page.getByTestId(`workspace-${id}`)).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toHaveAttribute('data-workspace', id);
    await expect(panel).toHaveAttribute('aria-labelledby', `tab-${id}`);
  }
  // Annotate asks for the annotator's name and focuses that field; keys typed there are text,
  // not shortcuts. Leave the field first, as a user would.
  await page.getByTestId('status-bar').click();
  await page.keyboard.press('Alt+3');
  await expect(page).toHaveURL(/#\/replay$/);
  await expect(panel).toHaveAttribute('data-workspace', 'replay');
  await expect(page.getByTestId('status-dataset')).not.toBeEmpty();
  expect(failures).toEqual([]);
});

test('the dataset sidebar folds in every workspace (button or Ctrl+B), remembered per workspace', async ({ page }) => {
  // Two reloads and a dozen workspace switches: ~10 s alone here, 25-31 s beside another test in
  // CI (once past the default 30 s, then 25.6 s on its retry).
  test.setTimeout(60_000);
  await openStudio(page);
  const sidebar = page.locator('#dataset-sidebar');
  const toggle = page.getByTestId('toggle-sidebar');
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.sidebar')).forEach((k) => localStorage.removeItem(k)));
  await page.reload();
  // Annotate starts folded (room for the clip), the others open.
  const initially = { annotate: false, adjudicate: true, replay: true, reports: true };
  for (const [id, shown] of Object.entries(initially)) {
    await page.getByTestId(`workspace-${id}`).click();
    await expect(sidebar).toBeVisible({ visible: shown });
    await expect(toggle).toHaveAttribute('aria-pressed', String(shown));
  }
  // Fold Replay with the button and Reports with the key; the workspace's column takes the room.
  await page.getByTestId('workspace-replay').click();
  const panel = page.locator('#workspace-panel');
  const before = (await panel.boundingBox())!.width;
  await toggle.click();
  await expect(sidebar).toBeHidden();
  expect((await panel.boundingBox())!.width).toBeGreaterThan(before + 200);
  await page.getByTestId('workspace-reports').click();
  await page.getByTestId('status-bar').click();
  await page.keyboard.press('Control+b');
  await expect(sidebar).toBeHidden();
  // Remembered after a reload, each workspace its own.
  await page.reload();
  const after = { annotate: false, adjudicate: true, replay: false, reports: false };
  for (const [id, shown] of Object.entries(after)) {
    await page.getByTestId(`workspace-${id}`).click();
    await expect(sidebar, id).toBeVisible({ visible: shown });
  }
  await page.getByTestId('workspace-replay').click();
  await toggle.click();
  await expect(sidebar).toBeVisible();
  await page.getByTestId('workspace-reports').click();
  await toggle.click();
  await expect(sidebar).toBeVisible();
});

test('? opens the shortcut overlay and Escape closes it', async ({ page }) => {
  await openStudio(page);
  await expect(page.getByTestId('hotkey-help')).toHaveCount(0);
  // Annotate focuses its annotator-name field when it renders, which can come after the page is
  // open: wait for that, then click out of it, or the '?' is typed into the field (seen in CI).
  await expect(page.getByTestId('annotator-input')).toBeFocused();
  await page.getByTestId('status-bar').click();
  await expect(page.getByTestId('annotator-input')).not.toBeFocused();
  await page.keyboard.press('?');
  await expect(page.getByTestId('hotkey-help')).toBeVisible();
  await expect(page.getByTestId('hotkey-help')).toContainText('Go to Replay');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('hotkey-help')).toHaveCount(0);
});

test('window.studio talks to the host over HTTP and serves media with ranges', async ({ page }) => {
  await openStudio(page);
  // Open (not the "Opened" message, which a save by another test's page may replace).
  await expect(page.getByTestId('status-dataset')).not.toHaveText('No dataset open');
  const result = await page.evaluate(async () => {
    const studio = (globalThis as unknown as StudioWindow).studio!;
    const [dataset] = (await studio.datasets.list()).filter((entry) => entry.source === 'added');
    const manifest = JSON.parse(await studio.datasets.readText(dataset.id, 'dataset.json')) as { name?: string };
    const partial = await fetch(studio.mediaUrl(dataset.id, 'dataset.json'), { headers: { Range: 'bytes=0-9' } });
    let escapeCode = '';
    await studio.datasets.readText(dataset.id, '../package.json').catch((error: Error) => (escapeCode = error.message));
    return {
      hostKind: studio.hostKind,
      manifestName: manifest.name,
      status: partial.status,
      contentRange: partial.headers.get('content-range'),
      bodyLength: (await partial.arrayBuffer()).byteLength,
      escapeCode,
    };
  });
  expect(result.hostKind).toBe('web');
  expect(result.status).toBe(206);
  expect(result.contentRange).toMatch(/^bytes 0-9\/\d+$/);
  expect(result.bodyLength).toBe(10);
  expect(result.escapeCode).toMatch(/dataset-relative path/);
  // Whole-file reads (megabytes for a big dataset's tasks and ground truth) are fetched and parsed
  // in a worker, off the page's thread; the error above came back through it too.
  expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/http-call\.worker/));
});
