// End-to-end tests. The browser-host project drives the real renderer and API in Debian's
// Chromium (CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own); the electron project
// skips itself where the Electron binary is absent.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  // CI shares two cores with builds; one retry there separates a slow machine from a real failure
  // (the list reporter still prints the failed first attempt).
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    // A trace records the page throughout (DOM snapshots, screenshots): annotate-sync.spec took
    // 129 s of CPU with 'retain-on-failure' and 74 s without (256 s and 205 s wall, one worker).
    // CI's output is all anyone reads of it, and its e2e phase is bound by CPU, so there only a
    // retry, whose first attempt failed, records one; locally every failing test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Root on CI needs --no-sandbox; without the background-networking flags Chromium keeps
      // trying to reach Google's services on a network that has none.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'browser-host', testDir: 'e2e/browser', use: { browserName: 'chromium' } },
    { name: 'electron', testDir: 'e2e/electron' },
  ],
});
