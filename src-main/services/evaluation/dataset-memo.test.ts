// The loaded dataset is used again only while every file and listing the loader read is the same:
// a changed task, a new scenario folder or annotation file, a removed file each load it again.
import { mkdtemp, readFile, rm, stat, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shopFiles } from '../../../shared/eval/test-support/shop';
import { loadDataset } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';
import { writeDatasetFolder } from '../../test-support/dataset-folder';
import { loadDatasetMemo } from './dataset-memo';
import { nodeDatasetSource } from './node-source';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('dataset memo', () => {
  it('gives the same copy for unchanged files and a fresh one equal to a plain load after each change', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'egostudio-memo-'));
    const root = await writeDatasetFolder(path.join(dir, 'shop'), shopFiles());
    const source = nodeDatasetSource(root);
    const load = () => loadDatasetMemo(root, source);
    const plain = () => loadDataset(nodeDatasetSource(root));

    const first = await load();
    expect(await load()).toBe(first);

    const tasks = shopFiles()['tasks.jsonl'];
    const changes = [
      () => writeFile(path.join(root, 'tasks.jsonl'), tasks.replace('"t1"', '"t1-renamed"')),
      () => writeDatasetFolder(root, { 'scenarios/other/schema.sql': 'CREATE TABLE x (a TEXT);', 'scenarios/other/tools.json': '{"state_tables":[],"tools":[]}' }),
      () => writeDatasetFolder(root, { 'annotations/alice.jsonl': '{not json\n' }),
      () => unlink(path.join(root, 'ground_truth.jsonl')),
    ];
    let previous = first;
    for (const change of changes) {
      await change();
      const next = await load();
      expect(next).not.toBe(previous);
      expect(next).toEqual(await plain());
      expect(await load()).toBe(next);
      previous = next;
    }
  });

  it("loads again when a task's missing scenario turns up as a folder link (only its problem changes)", async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'egostudio-memo-'));
    const extra = `${JSON.stringify({ id: 't3', scenario: 'retail', instruction: '' })}\n`;
    const root = await writeDatasetFolder(path.join(dir, 'linked'), shopFiles({ 'tasks.jsonl': shopFiles()['tasks.jsonl'] + extra }));
    const source = nodeDatasetSource(root);
    const first = await loadDatasetMemo(root, source);
    expect(first.problems.map((p) => p.message)).toEqual(['task "t3": unknown scenario "retail"; left out']);
    await symlink('shop', path.join(root, 'scenarios', 'retail'));
    const linked = await loadDatasetMemo(root, source);
    expect(linked).not.toBe(first);
    expect(linked.problems).toEqual([{ file: 'tasks.jsonl', line: 3, message: expect.stringContaining('is a symbolic link (scenarios/retail)') }]);
    expect(await loadDatasetMemo(root, source)).toBe(linked);
  });

  it('reads no file again while each keeps its stamp (size, times, inode); a rewrite is hashed again', async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'egostudio-memo-'));
    const root = await writeDatasetFolder(path.join(dir, 'stamped'), shopFiles());
    // Files changed a moment ago are always read (file-stamp.ts); these must have settled.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const reads: string[] = [];
    const plain = nodeDatasetSource(root);
    const counted: DatasetSource = {
      ...plain,
      readText: (p) => (reads.push(p), plain.readText(p)),
      readChunks: (p) => (reads.push(p), plain.readChunks(p)),
    };
    const first = await loadDatasetMemo(root, counted);
    expect(reads).toContain('tasks.jsonl');
    reads.length = 0;
    expect(await loadDatasetMemo(root, counted)).toBe(first);
    expect(reads).toEqual([]);
    // The same text written again (another modification time): read and hashed, still the same copy.
    const tasks = path.join(root, 'tasks.jsonl');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(tasks, await readFile(tasks, 'utf8'));
    expect(await loadDatasetMemo(root, counted)).toBe(first);
    expect(reads).toEqual(['tasks.jsonl']);
    // It had just changed, so it had no stamp then; settled and found the same, it takes one.
    await new Promise((resolve) => setTimeout(resolve, 150));
    reads.length = 0;
    expect(await loadDatasetMemo(root, counted)).toBe(first);
    expect(reads).toEqual(['tasks.jsonl']);
    reads.length = 0;
    expect(await loadDatasetMemo(root, counted)).toBe(first);
    expect(reads).toEqual([]);
    // Other text: loaded again.
    await writeFile(tasks, shopFiles()['tasks.jsonl'].replace('"t1"', '"t1-renamed"'));
    const changed = await loadDatasetMemo(root, counted);
    expect(changed).not.toBe(first);
    expect(changed).toEqual(await loadDataset(nodeDatasetSource(root)));
  });

  it('notices a same-size rewrite that keeps the modification time, while that time is not a tick in the past', async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'egostudio-memo-'));
    const root = await writeDatasetFolder(path.join(dir, 'racy'), shopFiles());
    const truth = path.join(root, 'ground_truth.jsonl');
    // Whole milliseconds, so that utimes puts back exactly the time stat gives; ahead of the clock,
    // as a file changed a moment ago is, whatever the speed of this test.
    const soon = new Date(Date.now() + 60_000);
    await utimes(truth, soon, soon);
    const first = await loadDatasetMemo(root, nodeDatasetSource(root));
    const text = await readFile(truth, 'utf8');
    const { mtime } = await stat(truth);
    const edited = text.replace('"quantity":2', '"quantity":3');
    expect(edited).not.toBe(text);
    expect(edited.length).toBe(text.length);
    await writeFile(truth, edited);
    await utimes(truth, mtime, mtime); // as a rewrite within one tick of a coarse clock leaves it
    const next = await loadDatasetMemo(root, nodeDatasetSource(root));
    expect(next).not.toBe(first);
    expect(next).toEqual(await loadDataset(nodeDatasetSource(root)));
  });
});
