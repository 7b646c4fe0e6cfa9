// Worker threads and byte-range chunks must not change a single figure, line number or problem.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, shopFiles } from '../../../shared/eval/test-support/shop';
import { buildCli } from '../../cli/build-cli.mjs';
import { chunkFiles } from './file-chunks';
import { evaluateFolder } from './run-evaluation';
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
  });
});
