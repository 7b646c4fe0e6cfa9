import { describe, expect, it } from 'vitest';
import { failedScript } from './WorkspaceView';

describe('the script a failed workspace load names', () => {
  it("is read from Chromium's and Firefox's words, on the host or the desktop's own scheme", () => {
    expect(failedScript(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5173/assets/ReportsWorkspace-oqWbncdC.js'))).toBe('http://127.0.0.1:5173/assets/ReportsWorkspace-oqWbncdC.js');
    expect(failedScript(new TypeError('error loading dynamically imported module: app://studio/assets/ReplayWorkspace-Ab1.js'))).toBe('app://studio/assets/ReplayWorkspace-Ab1.js');
  });

  it('is none for another error', () => {
    expect(failedScript(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(failedScript('Failed to fetch dynamically imported module: http://x/a.js')).toBeNull();
  });
});
