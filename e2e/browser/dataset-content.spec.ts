// A dataset is somebody else's folder. An .html or .svg file in it, opened through the studio's
// own media URL in Chromium, must not run its script as the studio: the HTML is a download, the
// SVG renders in a sandbox. The files try what an attacker would: mark the origin's storage and
// write a file into the dataset through the API with whatever credential the tab holds.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { StudioApi } from '../../shared/api/studio-api';
import { ownHost } from '../own-host';

type StudioWindow = { studio?: StudioApi };

// Tries the API with the tab's token (sessionStorage, where the studio keeps it) and same-origin credentials.
const attack = (marker: string) => `
  localStorage.setItem('${marker}', 'ran');
  const headers = { 'Content-Type': 'application/json', 'x-studio-token': sessionStorage.getItem('egostudio.token') };
  const call = (name, args) => fetch('/api/' + name, { method: 'POST', headers, body: JSON.stringify(args) }).then((r) => r.json());
  call('datasets.list', []).then(({ value }) => call('datasets.writeText', [value.find((d) => d.source === 'added').id, '${marker}.txt', 'ran']));
`;

const host = ownHost('studio-content-', 'untrusted', async (dataset) => {
  await mkdir(path.join(dataset, 'notes'), { recursive: true });
  await writeFile(path.join(dataset, 'dataset.json'), JSON.stringify({ id: 'untrusted', name: 'Untrusted', version: '1', modes: ['static'] }));
  // Inline script and a script file from the dataset itself (which the studio's CSP, script-src 'self', would allow).
  await writeFile(path.join(dataset, 'notes', 'html-attack.js'), attack('pwned-html'));
  await writeFile(path.join(dataset, 'notes', 'svg-attack.js'), `document.documentElement.setAttribute('data-ran', 'yes');${attack('pwned-svg')}`);
  await writeFile(
    path.join(dataset, 'notes', 'readme.html'),
    `<!doctype html><title>readme</title><script>${attack('pwned-html')}</script><script src="html-attack.js"></script>`,
  );
  await writeFile(
    path.join(dataset, 'notes', 'figure.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"><rect id="box" width="200" height="100" fill="teal"/>` +
      `<script><![CDATA[document.documentElement.setAttribute('data-ran', 'yes');${attack('pwned-svg')}]]></script><script xlink:href="svg-attack.js"/></svg>`,
  );
});

async function mediaUrlOf(page: Page, file: string): Promise<string> {
  await page.goto(host.url);
  await expect(page.getByTestId('status-dataset')).toHaveText('Untrusted');
  const relative = await page.evaluate(async (file) => {
    const studio = (globalThis as unknown as StudioWindow).studio!;
    const [entry] = (await studio.datasets.list()).filter((d) => d.source === 'added');
    return studio.mediaUrl(entry.id, file);
  }, file);
  return new URL(relative, page.url()).href;
}

async function expectNoScriptRan(page: Page, marker: string): Promise<void> {
  // Long enough for the attack's two API calls had the script run.
  await page.waitForTimeout(1500);
  expect(existsSync(path.join(host.dataset, `${marker}.txt`)), `${marker}.txt written through the API`).toBe(false);
  await page.goto(host.url);
  await expect(page.getByTestId('status-dataset')).toHaveText('Untrusted');
  expect(await page.evaluate((key) => localStorage.getItem(key), marker)).toBeNull();
}

test('a dataset .html opened from the studio tab is a download, its script never runs', async ({ page }) => {
  const url = await mediaUrlOf(page, 'notes/readme.html');
  const download = page.waitForEvent('download');
  // Chromium aborts the navigation when the response is a download.
  await page.goto(url).catch(() => undefined);
  expect((await download).suggestedFilename()).toBe('readme.html');
  await expectNoScriptRan(page, 'pwned-html');
});

test('a dataset .svg with a script shows as a picture in a sandbox, its script never runs', async ({ page }) => {
  const url = await mediaUrlOf(page, 'notes/figure.svg');
  await page.goto(url);
  await expect(page.locator('#box')).toBeVisible();
  await expectNoScriptRan(page, 'pwned-svg');
  await page.goto(url);
  await expect(page.locator('#box')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.locator('svg').getAttribute('data-ran')).toBeNull();
});
