// Worker threads and byte-range chunks must not change a single figure, line number or problem.
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../../shared/eval/test-support/shop';
import { buildCli } from '../../cli/build-cli.mjs';
import { chunkFiles } from './file-chunks';
import { evaluateFolder, scoringThreads } from './run-evaluation';
import { forgetParsedEntries } from './score-cache';
import { writeDatasetFolder } from '../../test-support/dataset-folder';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('chunked evaluation', () => {
  it('cuts files at line boundaries', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'egostudio-chunks-'));
    const file = path.join(dir, 'lines.jsonl');
    const text = ['a'.repeat(10), 'b'.repeat(300), '', 'c'].join('\n');
    await writeFile(file, text);
    const chunks = await chunkFiles([{ display: 'lines.jsonl', absolute: file, size: text.length }], 8);
    expect(chunks.map((c) => [c.start, c.end])).toEqual([[0, 11], [11, 312], [312, 314]]);
  });

  it('gives the same report in workers with small chunks as in process', async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'egostudio-chunks-'));
    const root = path.join(dir, 'shop');
    const files: Record<string, string> = { ...shopFiles() };
    const lines: string[] = [];
    for (let i = 0; i < 60; i++) {
      const calls = i % 3 === 0 ? [call('search_products', { name: 'apple' })] : [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: i % 2 ? 'Green Apple' : 'Red Apple', quantity: 2 })];
      lines.push(i === 7 ? '{not json' : i === 20 ? '' : JSON.stringify({ id: `t${i % 50}`, task_id: 't1', model: `m${i % 2}`, mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls }] }));
    }
    files['trajectories/a.jsonl'] = '\uFEFF' + lines.join('\n');
    files['trajectories/b/c.jsonl'] = lines.slice(0, 30).reverse().join('\n') + '\n';
    await writeDatasetFolder(root, files);
    await buildCli(); // the workers run the bundled worker script
    const inProcess = await evaluateFolder(root, { workers: 0 });
    const chunked = await evaluateFolder(root, { workers: 2, chunkBytes: 700 });
    expect(inProcess.report.problems.length).toBeGreaterThan(30);
    expect(chunked.report.trajectories).toEqual(inProcess.report.trajectories);
    expect(chunked.report.models).toEqual(inProcess.report.models);
    expect(chunked.report.problems).toEqual(inProcess.report.problems);
    // Each memo look-up is counted once, whichever thread made it (a worker's two queued chunks
    // once ran interleaved and each counted the other's look-ups too).
    const lookups = ({ memo }: typeof inProcess) => memo.hits + memo.misses;
    expect(lookups(chunked)).toBe(lookups(inProcess));
  });
});

describe('a file of many bad lines', () => {
  it('lists its first 10,000 problems and counts the rest, in the report and in the stream of rows, in process and in workers', async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'egostudio-chunks-'));
    const root = path.join(dir, 'garbage');
    const good = JSON.stringify({ id: 'after', task_id: 't1', model: 'm', mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] });
    await writeDatasetFolder(root, { ...shopFiles(), 'trajectories/bad.jsonl': `${'x\n'.repeat(25_000)}${good}\n` });
    await buildCli();
    for (const options of [{ workers: 0 }, { workers: 2, chunkBytes: 16_000 }]) {
      const streamed: string[] = [];
      const { report } = await evaluateFolder(root, { ...options, onRows: ({ problems }) => streamed.push(...problems.filter((p) => p.file === 'trajectories/bad.jsonl').map((p) => `${p.line}: ${p.message}`)) });
      const listed = report.problems.filter((p) => p.file === 'trajectories/bad.jsonl').map((p) => `${p.line}: ${p.message}`);
      expect(listed).toHaveLength(10_001);
      expect(listed[9_999]).toMatch(/^10000: invalid JSON/);
      expect(listed[10_000]).toBe('10001: 15,000 more problem(s) in this file from this line on are not listed (a report lists the first 10,000 of each file)');
      expect(streamed).toEqual(listed);
      expect(report.trajectories.map((t) => t.id)).toEqual(['after']);
    }
  });
});

describe('score cache', () => {
  it('scores nothing for unchanged files, only a changed file, and everything when the dataset changes; reports stay equal', async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'egostudio-chunks-'));
    const root = path.join(dir, 'cached');
    const cacheDir = path.join(dir, 'cache');
    const line = (id: string, product: string) =>
      JSON.stringify({ id, task_id: 't1', model: 'm', mode: 'dynamic_easy', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' }), call('add_to_cart', { user_id: 'u1', product_name: product, quantity: 2 })] }] });
    const files: Record<string, string> = { ...shopFiles(), 'trajectories/a.jsonl': line('a1', 'Green Apple') + '\n{broken\n', 'trajectories/b.jsonl': line('b1', 'Red Apple') + '\n' };
    await writeDatasetFolder(root, files);
    const plain = () => evaluateFolder(root, { workers: 0 });
    const cached = () => evaluateFolder(root, { workers: 0, cacheDir });

    const first = await cached();
    expect([first.scoredFiles, first.cachedFiles]).toEqual([2, 0]);
    const again = await cached();
    expect([again.scoredFiles, again.cachedFiles]).toEqual([0, 2]);
    expect(again.report.trajectories).toEqual((await plain()).report.trajectories);
    expect(again.report.problems).toEqual((await plain()).report.problems); // the broken line keeps its file and line
    expect((await cached()).report).toBe(again.report); // nothing changed in this process: not assembled again

    // As after a restart (nothing parsed in memory): the entries read from disk, the evidence only when asked for.
    const evidence = (report: typeof again.report) => report.trajectories.map((t) => t.evidence);
    expect(evidence(again.report).some((e) => e !== null)).toBe(true);
    forgetParsedEntries();
    const listed = await evaluateFolder(root, { workers: 0, cacheDir, evidence: false });
    expect([listed.scoredFiles, listed.cachedFiles]).toEqual([0, 2]);
    expect(listed.report.models).toEqual((await plain()).report.models);
    expect(evidence(listed.report).every((e) => e === null)).toBe(true);
    expect(listed.report.trajectories).toEqual((await plain()).report.trajectories.map((t) => ({ ...t, evidence: null })));
    const exported = await cached();
    expect([exported.scoredFiles, exported.cachedFiles]).toEqual([0, 2]);
    expect(exported.report.trajectories).toEqual((await plain()).report.trajectories);

    await writeFile(path.join(root, 'trajectories/b.jsonl'), line('b1', 'Green Apple') + '\n');
    const oneChanged = await cached();
    expect([oneChanged.scoredFiles, oneChanged.cachedFiles]).toEqual([1, 1]);
    expect(oneChanged.report.trajectories).toEqual((await plain()).report.trajectories);
    const afterChange = await cached();
    expect([afterChange.scoredFiles, afterChange.cachedFiles]).toEqual([0, 2]);
    expect(afterChange.report).not.toBe(again.report);
    expect(afterChange.report.trajectories).toEqual((await plain()).report.trajectories);

    // A same-size rewrite that puts back the modification time (as cp -p, rsync -t or a tar
    // restore of another version may): the change time moved, so the file is hashed again.
    const b = path.join(root, 'trajectories/b.jsonl');
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150)); // a stamp needs a tick of rest (file-stamp.ts)
    const hourAgo = new Date(Date.now() - 3_600_000); // whole milliseconds: utimes puts it back exactly
    await utimes(b, hourAgo, hourAgo);
    await settle();
    expect((await cached()).scoredFiles).toBe(0); // other times: hashed again, and this content is cached
    await writeFile(b, line('b1', 'Apple Green') + '\n');
    await utimes(b, hourAgo, hourAgo);
    await settle();
    const restored = await cached();
    expect([restored.scoredFiles, restored.cachedFiles]).toEqual([1, 1]);
    expect(restored.report.trajectories).toEqual((await plain()).report.trajectories);
    // A file that had just changed when it was hashed (here: dated ahead of the clock) is recorded
    // without a stamp, so no later stamp can vouch for its hash.
    const soon = new Date(Date.now() + 60_000);
    await utimes(b, soon, soon);
    await cached();
    const index = async () => {
      const [context] = (await readdir(cacheDir)).filter((n) => /^[0-9a-f]{64}$/.test(n));
      return JSON.parse(await readFile(path.join(cacheDir, context, 'files.json'), 'utf8')) as Record<string, { stamp: string | null }>;
    };
    expect((await index())[b].stamp).toBeNull();
    await writeFile(b, line('b1', 'Green Apple') + '\n');
    await settle();
    await cached();
    expect((await index())[b].stamp).toMatch(/^\d+:[\d.]+:[\d.]+:\d+$/);

    // Another ground truth decides other scores: nothing cached applies.
    const truth = JSON.parse(files['ground_truth.jsonl'].split('\n')[0]);
    await writeFile(path.join(root, 'ground_truth.jsonl'), [JSON.stringify({ ...truth, calls: truth.calls.slice(0, 1) }), ...files['ground_truth.jsonl'].split('\n').slice(1)].join('\n'));
    const newContext = await cached();
    expect([newContext.scoredFiles, newContext.cachedFiles]).toEqual([2, 0]);
    expect(newContext.report.trajectories).toEqual((await plain()).report.trajectories);
  });
});

describe('scoring threads', () => {
  it('gives each thread at least 16 MB to score, and no more threads than cores (8 at most)', () => {
    const MB = 1024 * 1024;
    expect(scoringThreads(0, 2)).toBe(1);
    expect(scoringThreads(9 * MB, 2)).toBe(1);
    expect(scoringThreads(31 * MB, 2)).toBe(1);
    expect(scoringThreads(32 * MB, 2)).toBe(2);
    expect(scoringThreads(96 * MB, 2)).toBe(2);
    // Many cores and a middling dataset: not a thread per core, each warming up for a few trajectories.
    expect(scoringThreads(50 * MB, 32)).toBe(3);
    expect(scoringThreads(10_000 * MB, 32)).toBe(8);
    expect(scoringThreads(10_000 * MB, 1)).toBe(1);
  });
});
