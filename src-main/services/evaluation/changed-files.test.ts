// A trajectory file that changes, vanishes or cannot be read while an evaluation runs is one
// problem of that file (line 0); the other files are scored, and nothing of it goes to the score
// cache. Real files, real worker threads: the files are changed from the evaluation's progress
// callback, between one chunk's score and the next.
import { unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../../shared/eval/test-support/shop';
import { buildCli } from '../../cli/build-cli.mjs';
import { writeDatasetFolder } from '../../test-support/dataset-folder';
import { chunkFiles } from './file-chunks';
import { evaluateFolder, type EvaluateOptions } from './run-evaluation';
import { forgetParsedEntries } from './score-cache';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-changed-'));
  await buildCli(); // the workers run the bundled worker script
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (id: string, product: string | null) =>
  JSON.stringify({
    id,
    task_id: 't1',
    model: 'm',
    mode: 'dynamic_easy',
    tool_calls: product === null ? [] : [{ turn: 0, calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: product, quantity: 2 })] }],
  });
/** Many runs, some succeeding: cut into several chunks at 700 bytes. */
const runs = (prefix: string, product: string | null) => Array.from({ length: 24 }, (_, i) => line(`${prefix}${i}`, i % 2 ? product : 'Red Apple')).join('\n') + '\n';
const settle = () => new Promise((resolve) => setTimeout(resolve, 150)); // a stamp needs a tick of rest (file-stamp.ts)
const problemsOf = (report: { problems: { file: string; line: number; message: string }[] }, file: string) => report.problems.filter((p) => p.file === file).map((p) => `${p.line}: ${p.message}`);
/** Calls `change` once, after the first chunk is scored. */
const onFirstProgress = (change: () => void): EvaluateOptions['onProgress'] => {
  let done = false;
  return () => {
    if (!done) change();
    done = true;
  };
};

describe('a trajectory file rewritten while it is scored', () => {
  it('is one problem at line 0, is not cached, and its restored content scores from a fresh score (in process and in workers)', async () => {
    for (const [name, options] of [
      ['in process', { workers: 0 }],
      ['in workers', { workers: 1, scoreOnCaller: false }],
    ] as const) {
      const root = path.join(dir, `rewritten-${options.workers}`);
      const cacheDir = path.join(dir, `cache-${options.workers}`);
      const original = runs('a', 'Green Apple');
      await writeDatasetFolder(root, { ...shopFiles(), 'trajectories/a.jsonl': original, 'trajectories/b.jsonl': runs('b', 'Green Apple') });
      await settle();
      const file = path.join(root, 'trajectories/a.jsonl');
      const plain = (await evaluateFolder(root, { workers: 0 })).report;
      expect(plain.problems).toEqual([]);

      // The runner rewrites a.jsonl (the calls dropped: another size) after its first chunk was scored.
      const during = await evaluateFolder(root, { ...options, cacheDir, chunkBytes: 700, onProgress: onFirstProgress(() => writeFileSync(file, runs('a', null))) });
      expect(problemsOf(during.report, 'trajectories/a.jsonl'), name).toEqual(['0: changed while it was being scored; score it again']);
      expect(during.report.trajectories.map((t) => t.id).filter((id) => id.startsWith('a'))).toEqual([]);
      expect(during.report.trajectories.map((t) => t.id)).toEqual(plain.trajectories.map((t) => t.id).filter((id) => id.startsWith('b')));
      expect(during.inCache).toBe(false);

      // Its original content back (git checkout): scored afresh, as without the cache.
      writeFileSync(file, original);
      await settle();
      forgetParsedEntries();
      const restored = await evaluateFolder(root, { ...options, cacheDir });
      expect([restored.scoredFiles, restored.cachedFiles], name).toEqual([1, 1]);
      expect(restored.report.trajectories).toEqual(plain.trajectories);
      expect(restored.report.models).toEqual(plain.models);
      expect(restored.report.problems).toEqual([]);
    }
  });
});

describe('a trajectory file gone or unreadable once listed', () => {
  it('is one problem naming what failed; the other files are scored (in process and in workers, with and without the cache)', async () => {
    for (const options of [{ workers: 0 }, { workers: 1, scoreOnCaller: false }, { workers: 0, cacheDir: path.join(dir, 'cache-gone') }] as const) {
      const root = path.join(dir, 'gone');
      await rm(root, { recursive: true, force: true });
      const files: Record<string, string> = { ...shopFiles() };
      for (const name of ['a', 'b', 'c', 'd', 'e']) files[`trajectories/${name}.jsonl`] = runs(name, 'Green Apple');
      await writeDatasetFolder(root, files);
      const { report } = await evaluateFolder(root, { ...options, onProgress: onFirstProgress(() => unlinkSync(path.join(root, 'trajectories/e.jsonl'))) });
      expect(report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual(['trajectories/e.jsonl:0: gone since it was listed (deleted or moved); left out']);
      expect(new Set(report.trajectories.map((t) => t.id[0]))).toEqual(new Set(['a', 'b', 'c', 'd']));
      expect(report.trajectories).toHaveLength(4 * 24);
    }
  });

  it('is left out when it cannot be cut into chunks, with what failed', async () => {
    const failures = new Map<number, string>();
    const there = path.join(dir, 'there.jsonl');
    writeFileSync(there, runs('t', 'Green Apple'));
    const chunks = await chunkFiles(
      [
        { display: 'missing.jsonl', absolute: path.join(dir, 'missing.jsonl'), size: 5000 },
        { display: 'folder.jsonl', absolute: dir, size: 5000 },
        { display: 'there.jsonl', absolute: there, size: 2000 },
      ],
      700,
      failures,
    );
    expect([...failures]).toEqual([
      [0, 'gone since it was listed (deleted or moved); left out'],
      [1, 'a folder now, not a file; left out'],
    ]);
    expect(new Set(chunks.map((c) => c.fileIndex))).toEqual(new Set([2]));
  });
});

describe('a trajectories/ folder that leads out of the dataset', () => {
  it('is one problem naming --trajectories; the evaluation still reports (it aborted, no report)', async () => {
    const root = await writeDatasetFolder(path.join(dir, 'linked-runs'), shopFiles());
    const runsElsewhere = await writeDatasetFolder(path.join(dir, 'runs-elsewhere'), { 'm/runs.jsonl': runs('a', 'Red Apple') });
    await symlink(runsElsewhere, path.join(root, 'trajectories'));
    const { report } = await evaluateFolder(root, { workers: 0 });
    expect(report.trajectories).toEqual([]);
    expect(problemsOf(report, 'trajectories')).toEqual([expect.stringMatching(/^0: .*outside the dataset.*--trajectories PATH/)]);
    const given = await evaluateFolder(root, { workers: 0, trajectoryPaths: [runsElsewhere] });
    expect(given.report.trajectories).toHaveLength(24);
  });
});
