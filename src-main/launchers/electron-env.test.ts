import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronEnvironment } from './electron-env.mjs';

describe('the environment npm start gives Electron', () => {
  it('drops ELECTRON_RUN_AS_NODE and a dev-server URL, keeps the rest', () => {
    const env = { PATH: '/usr/bin', HOME: '/home/a', ELECTRON_RUN_AS_NODE: '1', ELECTRON_RENDERER_URL: 'https://evil.example/' };
    expect(electronEnvironment(env)).toEqual({ PATH: '/usr/bin', HOME: '/home/a' });
    // The caller's copy is left as it was.
    expect(env.ELECTRON_RENDERER_URL).toBe('https://evil.example/');
  });

  it('is what start.mjs spawns Electron with', async () => {
    const start = await readFile(path.join(import.meta.dirname, 'start.mjs'), 'utf8');
    expect(start).toMatch(/spawn\(electron, \[[^\]]*\], \{[^}]*env: electronEnvironment\(process\.env\)/);
  });
});
