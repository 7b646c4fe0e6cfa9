// The desktop app through Playwright's Electron driver. Skipped, with the reason, where the
// Electron binary was never downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD, offline machines).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import type { StudioApi } from '../../shared/api/studio-api';
import { datasetsOnDisk, datasetsDir, repoRoot } from '../datasets-on-disk';

function electronBinary(): string | null {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();

test.skip(!binary, 'Electron binary not installed: node_modules/electron has no dist/ (downloads are blocked here); the browser-host project covers the renderer');

test('opens one secure window on the sample dataset', async () => {
  const [first] = datasetsOnDisk();
  const args = [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '.', '--dataset', path.join(datasetsDir, first.folder)];
  const app = await electron.launch({ executablePath: binary!, args, cwd: repoRoot });
  try {
    const page = await app.firstWindow();
    await expect(page.getByTestId('dataset-picker')).toBeVisible();
    await expect(page.getByTestId('status-dataset')).toHaveText(first.name);
    await expect(page.getByTestId('status-host')).toHaveText('Desktop');
    // The renderer has window.studio and no Node.
    const inPage = () => {
      const scope = globalThis as unknown as { studio?: StudioApi; require?: unknown };
      return [scope.studio?.hostKind, typeof scope.require];
    };
    expect(await page.evaluate(inPage)).toEqual([
      'electron',
      'undefined',
    ]);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  } finally {
    await app.close();
  }
});
