// The scorer's identity from its sources: both builds write the record beside their worker
// (build-cli.mjs), and the score cache and provenance read it (score-cache.ts). e2e/browser/
// reports.spec.ts checks that the CLI's and the studio's builds name the same scorer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SCORING_SOURCES_FILE as SERVICES_NAME, scorerIdentity } from '../services/evaluation/score-cache';
import { SCORING_SOURCES_FILE, scoringSourcesHash, writeScoringSources } from './build-cli.mjs';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('scoring sources', () => {
  it('the builds write the file the cache reads', () => {
    expect(SCORING_SOURCES_FILE).toBe(SERVICES_NAME);
  });

  it('names the scorer by its sources when the record is of this bundle, by the bundle otherwise', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scoring-sources-'));
    const worker = path.join(dir, 'eval-worker.js');
    await writeFile(worker, 'export const build = 1;\n');
    const sources = await scoringSourcesHash();
    expect(sources).toMatch(/^[0-9a-f]{64}$/);
    // A source changed while the bundle was built: no record (the bundle may hold either version).
    await writeScoringSources(dir, 'eval-worker.js', 'f'.repeat(64));
    expect(await scorerIdentity(pathToFileURL(worker))).toMatch(/^scores-\d+ [0-9a-f]{64}$/);
    await writeScoringSources(dir, 'eval-worker.js', sources);
    expect(await scorerIdentity(pathToFileURL(worker))).toMatch(new RegExp(` sources:${sources}$`));
    // Another build of the worker with the old record beside it: the record is not believed.
    await writeFile(worker, 'export const build = 2;\n');
    expect(await scorerIdentity(pathToFileURL(worker))).toMatch(/ [0-9a-f]{64}$/);
  }, 30_000);
});
