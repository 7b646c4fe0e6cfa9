// Starts the shared browser host on a free port with a throw-away config folder, and hands its
// URL, token included, to the tests as STUDIO_URL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStudioHost } from './studio-host';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'studio-e2e-config-'));
  const host = await startStudioHost({ configDir, timeoutMs: 60_000 });
  process.env.STUDIO_URL = host.url;
  process.env.STUDIO_CONFIG_DIR = configDir;
  return async () => {
    host.stop();
    await rm(configDir, { recursive: true, force: true });
  };
}
