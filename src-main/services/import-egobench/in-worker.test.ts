// importInWorker: importEgobench in the bundled import worker, its outcomes as the caller's own.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildCli, cliIsStale } from '../../cli/build-cli.mjs';
import { ImportRefused } from './index';
import { ImportCancelled, importInWorker } from './in-worker';

const fixture = path.resolve(import.meta.dirname, './fixtures/retail1-mini');
let base: string;
// The worker runs the CLI's build of import-worker.ts: built only when stale (a rebuild rewrites chunks other test files' CLI runs load).
beforeAll(async () => {
  if (cliIsStale()) await buildCli();
}, 120_000);
beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'studio-import-worker-'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

it('gives back the result, and a refusal as ImportRefused', async () => {
  const result = await importInWorker(fixture, path.join(base, 'out'));
  expect(result.summary).toMatchObject({ tasks: 8, trajectories: 8 });
  const refused = await importInWorker(fixture, path.join(base, 'nothing'), { trajectoriesOnly: true, results: [path.join(fixture, 'results')] }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ImportRefused);
  expect((refused as Error).message).toContain('holds no dataset.json');
});

it('ends the worker when cancelled: ImportCancelled, nothing written after', async () => {
  const controller = new AbortController();
  const out = path.join(base, 'cancelled');
  const running = importInWorker(fixture, out, {}, { signal: controller.signal });
  controller.abort();
  await expect(running).rejects.toBeInstanceOf(ImportCancelled);
  const written = await readdir(out).catch(() => []);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await readdir(out).catch(() => [])).toEqual(written);
});
