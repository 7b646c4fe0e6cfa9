// Starts a browser host (building first when needed) on a free port and resolves with its URL,
// token included. The global setup starts the shared one; specs that change a dataset on disk
// start their own on a temporary copy.
import { createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SCORING_V8_FLAGS } from '../src-main/cli/scoring-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
// One local user: the URL with ?token=; a team host (--team): the bare URL, each person has a link.
const urlLine = /EgoBench Studio \(browser host\): (https?:\/\/\S+:\d+\/(?:\?token=\S+)?)\n/;

export interface StudioHost {
  url: string;
  process: ChildProcess;
  stop(): void;
}

export interface StudioHostOptions {
  configDir: string;
  dataset?: string;
  /** Listed instead of the repository's datasets/ (the shared host serves a copy: the studio writes what people type). */
  datasetsDir?: string;
  /** A fixed port and token, so that a page keeps working when the test restarts the host. */
  port?: number;
  token?: string;
  timeoutMs?: number;
  /** More web-host arguments (a team host: --team FILE, ...). */
  args?: string[];
}

export function startStudioHost(options: StudioHostOptions): Promise<StudioHost> {
  // As `npm run web` starts it (package.json): the scoring workers share the host's V8 flags.
  const args = [...SCORING_V8_FLAGS, 'src-main/launchers/web.mjs', '--port', String(options.port ?? 0), '--config-dir', options.configDir, ...(options.args ?? [])];
  if (options.dataset) args.push('--dataset', options.dataset);
  if (options.datasetsDir) args.push('--datasets-dir', options.datasetsDir);
  const env = options.token ? { ...process.env, EGOSTUDIO_WEB_TOKEN: options.token } : process.env;
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  return new Promise<StudioHost>((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 120_000;
    const timer = setTimeout(() => reject(new Error(`browser host did not start within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = urlLine.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], process: child, stop: () => child.kill('SIGTERM') });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`browser host exited with ${code}:\n${output}`)));
  });
}

/** The shared host's URL, token included (set by the global setup for the browser-host project). */
export function sharedStudioUrl(): string {
  const url = process.env.STUDIO_URL;
  if (!url) throw new Error('STUDIO_URL is not set: run through playwright.config.ts (global setup starts the host)');
  return url;
}

/** A port free on 127.0.0.1 now: a host restarted on it keeps the page's URLs (and a team's links) working. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

