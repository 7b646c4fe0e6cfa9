// Worker threads and byte-range chunks must not change a single figure, line number or problem.
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../../shared/eval/test-support/shop';
import { buildCli } from '../../cli/build-cli.mjs';
import { chunkFiles } from './file-chunks';
import { evaluateFolder } from './run-evaluation';
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

    // A same-size rewrite that keeps the modification time (a rewrite within one timestamp tick of
    // the file system): noticed while the file's time is not a tick older than its recorded hash,
    // as right after it was written. (A time ahead of the clock stands for that here: a moment
    // ago would depend on how fast this test runs.)
    const b = path.join(root, 'trajectories/b.jsonl');
    const racy = async (product: string) => {
      const { mtime } = await stat(b);
      await writeFile(b, line('b1', product) + '\n');
      await utimes(b, mtime, mtime);
    };
    // Times in whole milliseconds, so that utimes can put back exactly the time stat gave.
    const soon = new Date(Date.now() + 60_000);
    await utimes(b, soon, soon);
    expect((await cached()).scoredFiles).toBe(0); // another time: hashed again, and this content is cached
    await racy('Apple Green');
    const sameTick = await cached();
    expect([sameTick.scoredFiles, sameTick.cachedFiles]).toEqual([1, 1]);
    expect(sameTick.report.trajectories).toEqual((await plain()).report.trajectories);
    // A file last changed long before it was hashed is trusted by its size and time (git's index
    // does the same): reopening reads it no more, so a rewrite that forges both goes unseen.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(b, hourAgo, hourAgo);
    expect((await cached()).scoredFiles).toBe(0); // another time: hashed again, and this content is cached
    await racy('Apple Grean'); // never scored: it would be, were the file read
    expect((await cached()).scoredFiles).toBe(0);
    await writeFile(b, line('b1', 'Green Apple') + '\n');

    // Another ground truth decides other scores: nothing cached applies.
    const truth = JSON.parse(files['ground_truth.jsonl'].split('\n')[0]);
    await writeFile(path.join(root, 'ground_truth.jsonl'), [JSON.stringify({ ...truth, calls: truth.calls.slice(0, 1) }), ...files['ground_truth.jsonl'].split('\n').slice(1)].join('\n'));
    const newContext = await cached();
    expect([newContext.scoredFiles, newContext.cachedFiles]).toEqual([2, 0]);
    expect(newContext.report.trajectories).toEqual((await plain()).report.trajectories);
  });
});
