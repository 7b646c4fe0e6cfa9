// A dataset file with a line too long to read (a 17 MiB line, past MAX_LINE_LENGTH; a file of
// 300 MiB, past the studio's 256 MiB of text): the host answers its other lines and the line's mark,
// the loader names the line and keeps the rest, a rewrite is refused and an append goes on.
import { appendFile, mkdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH, markNotUtf8Lines, tooLongLine } from '../../shared/format/jsonl';
import { loadDataset } from '../../shared/format/loader';
import type { DatasetSource } from '../../shared/format/source';
import { jsonl, shopFiles } from '../../shared/eval/test-support/shop';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { contentHash } from './conditional-write';
import { appendDatasetLinesIfUnchanged, listDatasetFiles, readDatasetText, readDatasetVersioned, writeDatasetTextIfUnchanged } from './dataset-files';

let temp: TempDataset;
let root: string;

beforeEach(async () => {
  temp = await makeTempDataset(shopFiles());
  root = await realpath(temp.root);
});
afterEach(() => temp.cleanup());

/** A JSONL line of `length` characters past the cap (a task, as an annotator's file would hold it). */
const hugeLine = (length: number) => `{"id":"t9","instruction":"${'x'.repeat(length - 28)}"}`;
const annotation = (task: string, revision: number) =>
  JSON.stringify({ task_id: task, annotator: 'ann', revision, status: 'submitted', calls: [], visual_refs: [], updated_at: '2026-01-01T00:00:00Z' });

/** The loader over the host's reads: the text the renderer gets from datasets.readText. */
function hostSource(): DatasetSource {
  const readText = async (file: string) => readDatasetText(root, file).catch((error: unknown) => ((error as { code?: string }).code === 'not-found' ? null : Promise.reject(error)));
  return {
    label: root,
    readText,
    readChunks: async (file) => {
      const text = await readText(file);
      return text === null ? null : (async function* () {
        yield text;
      })();
    },
    listFiles: async (dir) => (await listDatasetFiles(root, dir)).map((file) => file.path),
    listDirs: async (dir) => [...new Set((await listDatasetFiles(root, dir)).map((file) => file.path.slice(dir.length + 1).split('/')).filter((parts) => parts.length > 1).map(([name]) => name))],
  };
}

describe('a line too long to read', () => {
  it('reads as its mark at its number (17 MiB, past MAX_LINE_LENGTH); the loader names it with its file and line and keeps every other line', async () => {
    const length = MAX_LINE_LENGTH + 1024 * 1024;
    const [t1, t2] = shopFiles()['tasks.jsonl'].trimEnd().split('\n');
    await writeFile(path.join(root, 'tasks.jsonl'), `${t1}\n${hugeLine(length)}\n${t2}\n`);
    await mkdir(path.join(root, 'annotations'));
    await writeFile(path.join(root, 'annotations/ann.jsonl'), `${annotation('t1', 1)}\n${hugeLine(length)}\n${annotation('t2', 1)}\n`);
    expect(await readDatasetText(root, 'tasks.jsonl')).toBe(`${t1}\n${tooLongLine(length, MAX_LINE_LENGTH)}\n${t2}\n`);
    const dataset = await loadDataset(hostSource());
    expect([...dataset.tasks.keys()]).toEqual(['t1', 't2']);
    expect([...(dataset.annotations.get('ann')?.keys() ?? [])]).toEqual(['t1', 't2']);
    const message = `line of ${length.toLocaleString('en-US')} characters, past the limit of ${MAX_LINE_LENGTH.toLocaleString('en-US')}; skipped`;
    expect(dataset.problems).toContainEqual({ file: 'tasks.jsonl', line: 2, message });
    expect(dataset.problems).toContainEqual({ file: 'annotations/ann.jsonl', line: 2, message });
  });

  it('reads a file of 300 MiB (past the 256 MiB of text the host answers) that is mostly one line as its other lines', async () => {
    const file = path.join(root, 'tasks.jsonl');
    const [t1, t2] = shopFiles()['tasks.jsonl'].trimEnd().split('\n');
    // Line 2 is 300 MiB of NUL bytes (a sparse file: quick to make), which is ASCII and one line.
    await writeFile(file, `${t1}\n`);
    await truncate(file, 300 * 1024 * 1024);
    await appendFile(file, `\n${t2}\n`);
    const length = 300 * 1024 * 1024 - t1.length - 1;
    expect(await readDatasetText(root, 'tasks.jsonl')).toBe(`${t1}\n${tooLongLine(length, MAX_LINE_LENGTH)}\n${t2}\n`);
    const dataset = await loadDataset(hostSource());
    expect([...dataset.tasks.keys()]).toEqual(['t1', 't2']);
    expect(dataset.problems).toContainEqual({ file: 'tasks.jsonl', line: 2, message: expect.stringContaining(`line of ${length.toLocaleString('en-US')} characters`) });
  });

  it('in the versioned read, says so (longLines) with the hash of all the bytes: a rewrite from it is refused, an append goes on', async () => {
    const file = path.join(root, 'annotations/ann.jsonl');
    await mkdir(path.dirname(file));
    const length = MAX_LINE_LENGTH + 1;
    const before = `${annotation('t1', 1)}\n${hugeLine(length)}\n${annotation('t2', 1)}\n`;
    await writeFile(file, before);
    const read = await readDatasetVersioned(root, 'annotations/ann.jsonl');
    expect(read).toEqual({ text: `${annotation('t1', 1)}\n${tooLongLine(length, MAX_LINE_LENGTH)}\n${annotation('t2', 1)}\n`, hash: contentHash(before), longLines: [2] });
    expect(markNotUtf8Lines(read.text!, read.notUtf8Lines)).toBe(await readDatasetText(root, 'annotations/ann.jsonl'));
    // A rewrite would put the mark where the line was: refused, naming the file and the line; the bytes stay.
    await expect(writeDatasetTextIfUnchanged(root, 'annotations/ann.jsonl', `${read.text}${annotation('t3', 1)}\n`, read.hash)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('annotations/ann.jsonl: line 2 is too long for the studio to read'),
    });
    // So is the text without the mark: it would lose the line as well.
    await expect(writeDatasetTextIfUnchanged(root, 'annotations/ann.jsonl', `${annotation('t1', 2)}\n`, read.hash)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await readFile(file, 'utf8')).toBe(before);
    // The marked text written elsewhere would stand for a line it lacks: refused too.
    await expect(writeDatasetTextIfUnchanged(root, 'annotations/copy.jsonl', read.text!, null)).rejects.toMatchObject({
      code: 'invalid-args',
      message: expect.stringContaining('annotations/copy.jsonl: line 2 of the text to write is a mark'),
    });
    // An append (how an annotator's file grows) keeps the line's bytes and adds the new one.
    const appended = await appendDatasetLinesIfUnchanged(root, 'annotations/ann.jsonl', `${annotation('t3', 1)}\n`, read.hash);
    expect(await readFile(file, 'utf8')).toBe(`${before}${annotation('t3', 1)}\n`);
    expect(appended).toMatchObject({ size: (await stat(file)).size, hash: contentHash(`${before}${annotation('t3', 1)}\n`) });
    const again = await readDatasetVersioned(root, 'annotations/ann.jsonl');
    expect(again).toMatchObject({ hash: appended.hash, longLines: [2] });
    expect(again.text!.endsWith(`${annotation('t3', 1)}\n`)).toBe(true);
  });

  it('an append after a last line too long, without its line break, copies that line and starts a line of its own', async () => {
    const file = path.join(root, 'annotations/ann.jsonl');
    await mkdir(path.dirname(file));
    const before = `${annotation('t1', 1)}\n${hugeLine(MAX_LINE_LENGTH + 10)}`;
    await writeFile(file, before);
    const read = await readDatasetVersioned(root, 'annotations/ann.jsonl');
    expect(read.longLines).toEqual([2]);
    const appended = await appendDatasetLinesIfUnchanged(root, 'annotations/ann.jsonl', `${annotation('t2', 1)}\n`, read.hash);
    const after = `${before}\n${annotation('t2', 1)}\n`;
    expect((await readFile(file, 'utf8')) === after).toBe(true);
    expect(appended).toEqual({ path: 'annotations/ann.jsonl', size: Buffer.byteLength(after), hash: contentHash(after) });
    // The read it was based on is stale now: a second append from it is refused, and nothing is added.
    await expect(appendDatasetLinesIfUnchanged(root, 'annotations/ann.jsonl', `${annotation('t3', 1)}\n`, read.hash)).rejects.toMatchObject({ code: 'conflict' });
    expect((await stat(file)).size).toBe(Buffer.byteLength(after));
  });

  it('leaves a file without such a line as it was: text whole, no longLines, rewritten as before', async () => {
    const text = jsonl([{ task_id: 't1' }]);
    await writeFile(path.join(root, 'ground_truth.jsonl'), text);
    const read = await readDatasetVersioned(root, 'ground_truth.jsonl');
    expect(read).toEqual({ text, hash: contentHash(text) });
    await writeDatasetTextIfUnchanged(root, 'ground_truth.jsonl', `${text}${text}`, read.hash);
    expect(await readFile(path.join(root, 'ground_truth.jsonl'), 'utf8')).toBe(`${text}${text}`);
  });
});
