// An annotation survives a killed browser: a Chromium of its own (a user-data folder on disk,
// driven over CDP) opens the studio, the annotator writes two calls and waits one second, the
// whole browser is killed with SIGKILL (no unload, no flush), and a new Chromium on the same
// folder shows the calls. Also while typing without a pause (the save has a maximum wait).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { sharedStudioUrl } from '../studio-host';
import { typeCalls } from '../annotate-editor';

const TASK = 'retail-04';

const executable = () => process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath());

/** Starts Chromium on `profile` in its own process group and connects to it over CDP. */
async function launch(profile: string): Promise<{ browser: Browser; process: ChildProcess }> {
  const child = spawn(
    executable(),
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return { browser: await chromium.connectOverCDP(endpoint), process: child };
}

function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // The whole group: the browser and its renderer, GPU and utility processes at once.
    process.kill(-child.pid!, 'SIGKILL');
  });
}

let profile: string;

test.afterAll(async () => {
  if (profile) await rm(profile, { recursive: true, force: true });
});

test('an annotation saved a second before the browser is killed is there when it starts again', async () => {
  test.setTimeout(120_000);
  profile = await mkdtemp(path.join(tmpdir(), 'studio-killed-profile-'));
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', `killed-${process.pid}-${Date.now().toString(36)}`);
  url.hash = '#/annotate';
  const calls = [
    { tool_name: 'get_price', parameters: { product_name: 'Domaine Lune Bordeaux' } },
    { tool_name: 'add_to_cart', parameters: { user_id: 'killed_browser_user', product_name: 'Domaine Lune Bordeaux', qty: 3 } },
  ];

  const first = await launch(profile);
  const page = first.browser.contexts()[0].pages()[0] ?? (await first.browser.contexts()[0].newPage());
  await page.goto(url.href);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await typeCalls(page, calls);
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
  await page.waitForTimeout(1000);
  await killHard(first.process);

  const second = await launch(profile);
  try {
    const again = second.browser.contexts()[0].pages()[0] ?? (await second.browser.contexts()[0].newPage());
    await again.goto(url.href);
    await again.locator(`[data-task-id="${TASK}"]`).click();
    await expect(again.getByTestId('call-list').locator('.call-item')).toHaveCount(2);
    await expect(again.getByTestId('call-list')).toContainText('killed_browser_user');
    await expect(again.locator(`[data-task-id="${TASK}"] .status-badge`)).toHaveText('draft');
  } finally {
    await second.browser.close().catch(() => undefined);
    await killHard(second.process).catch(() => undefined);
  }
});

test('typing without a pause for 4.5 s, then a killed browser: what was typed until 3.5 s is there', async () => {
  test.setTimeout(120_000);
  profile ??= await mkdtemp(path.join(tmpdir(), 'studio-killed-profile-'));
  const url = new URL(sharedStudioUrl());
  url.searchParams.set('annotator', `typing-${process.pid}-${Date.now().toString(36)}`);
  url.hash = '#/annotate';

  const first = await launch(profile);
  const page = first.browser.contexts()[0].pages()[0] ?? (await first.browser.contexts()[0].newPage());
  await page.goto(url.href);
  await page.locator(`[data-task-id="${TASK}"]`).click();
  await typeCalls(page, [{ tool_name: 'get_price', parameters: { product_name: 'Q' } }]);
  await expect(page.getByTestId('call-list').locator('.call-item')).toHaveCount(1);
  // Into the product name: the cursor after Q (before `"}}]`), so the text stays valid JSON.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');

  // A steady typist: a letter every 50 ms, never the 300 ms pause the save used to wait for.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const started = Date.now();
  let typed = 'Q';
  let typedBy3500 = 'Q';
  while (Date.now() - started < 4500) {
    const letter = letters[typed.length % letters.length];
    await page.keyboard.type(letter);
    typed += letter;
    if (Date.now() - started <= 3500) typedBy3500 = typed;
    await page.waitForTimeout(50);
  }
  await killHard(first.process);
  console.log(`typed ${typed.length - 1} letters in 4.5 s, ${typedBy3500.length - 1} by 3.5 s`);
  // Enough typed to be worth checking. How many depends on the machine: 18-22 letters by 3.5 s
  // alone here, 4-6 beside another test in CI (a key's round trip from Playwright grows to ~0.6 s).
  expect(typedBy3500.length, 'letters typed in the first 3.5 s').toBeGreaterThan(3);

  const second = await launch(profile);
  try {
    const again = second.browser.contexts()[0].pages()[0] ?? (await second.browser.contexts()[0].newPage());
    await again.goto(url.href);
    await again.locator(`[data-task-id="${TASK}"]`).click();
    await expect(again.getByTestId('call-list').locator('.call-item')).toHaveCount(1);
    const saved = /product_name="(Q[a-z]*)"/.exec((await again.getByTestId('call-list').textContent()) ?? '')?.[1] ?? '';
    expect(saved.startsWith(typedBy3500), `saved "${saved}", typed by 3.5 s "${typedBy3500}"`).toBe(true);
  } finally {
    await second.browser.close().catch(() => undefined);
    await killHard(second.process).catch(() => undefined);
  }
});
