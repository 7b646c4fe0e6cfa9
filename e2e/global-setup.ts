// Starts the browser host (building first when needed) on a free port with a throw-away config
// folder, and hands its URL, token included, to the tests as STUDIO_URL.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const urlLine = /EgoBench Studio \(browser host\): (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'studio-e2e-config-'));
  const host = spawn(process.execPath, ['src-main/launchers/web.mjs', '--port', '0', '--config-dir', configDir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser host did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = urlLine.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    host.stdout.on('data', onData);
    host.stderr.on('data', onData);
    host.on('exit', (code) => reject(new Error(`browser host exited with ${code}:\n${output}`)));
  });
  process.env.STUDIO_URL = url;
  process.env.STUDIO_CONFIG_DIR = configDir;
  return async () => {
    host.kill('SIGTERM');
    await rm(configDir, { recursive: true, force: true });
  };
}
