// The studio's trace of frame steps (src-renderer/src/video/clipTrace.ts) in every page of a spec's
// tests, printed when a test fails: a step lost when keys come fast has been seen in CI only.
import { test } from '@playwright/test';

type TracedWindow = { __clipTrace?: unknown[] };

/** Call at the top of a spec file: its pages trace their frame steps, and a failed test prints the trace. */
export function printClipTraceOnFailure(): void {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as TracedWindow).__clipTrace = [];
    });
  });
  test.afterEach(async ({ page }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const trace = await page.evaluate(() => (window as unknown as TracedWindow).__clipTrace ?? []).catch(() => []);
    console.log(`clip trace of "${testInfo.title}", last ${Math.min(trace.length, 150)} of ${trace.length} ([ms, what, values...]):\n${trace.slice(-150).map((entry) => JSON.stringify(entry)).join('\n')}`);
    await testInfo.attach('clip-trace.json', { body: JSON.stringify(trace), contentType: 'application/json' });
  });
}
