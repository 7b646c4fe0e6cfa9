// The renderer's dataset read in slices, and the worker's copy loaded from what that read recorded:
// the same dataset as the main thread's, from the sample's real files through the real loader.
import { describe, expect, it } from 'vitest';
import type { StudioApi } from '../../../shared/api/studio-api';
import { StudioError } from '../../../shared/api/studio-error';
import { loadDataset } from '../../../shared/format/loader';
import { noFiles, recordedSource, TEXT_PART_CHARS, TextAssembly, textParts, withoutTexts } from './datasetFiles';
import { folderLinks, inSlices, studioDatasetSource } from './studioSource';

const prefix = '../../../datasets/egobench-sample/';
const sample = import.meta.glob('../../../datasets/egobench-sample/{dataset.json,tasks.jsonl,ground_truth.jsonl,scenarios/**/*,annotations/*}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const sampleFiles = new Map(Object.entries(sample).map(([file, text]) => [file.slice(prefix.length), text]));

/**
 * The host's two read channels over a folder of files (what datasets.readText and listFiles answer);
 * `linkedFolders` are listed as the host lists symlinked folders (dataset-files.ts).
 */
function hostOver(files: Map<string, string>, failing = new Set<string>(), linkedFolders: string[] = []): StudioApi {
  const datasets = {
    readText: (_id: string, file: string) => {
      if (failing.has(file)) return Promise.reject(new StudioError('internal', `${file} could not be read`));
      const text = files.get(file);
      return text === undefined ? Promise.reject(new StudioError('not-found', `${file} does not exist`)) : Promise.resolve(text);
    },
    listFiles: (_id: string, dir: string) =>
      Promise.resolve(
        [
          ...[...files.keys()].map((file) => ({ path: file, size: files.get(file)!.length })),
          ...linkedFolders.map((link) => ({ path: `${link}/`, size: 0, link: 'folder' as const })),
        ]
          .filter((entry) => entry.path.startsWith(`${dir}/`))
          .sort((a, b) => (a.path < b.path ? -1 : 1)),
      ),
  };
  return { datasets } as unknown as StudioApi;
}

async function readAll(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe('the dataset read in slices', () => {
  it('gives back the text whole, in chunks, also when empty', async () => {
    const text = Array.from({ length: 5000 }, (_, i) => `{"id":"t${i}","note":"é ✓ ${'x'.repeat(i % 90)}"}`).join('\r\n');
    const chunks = await readAll(inSlices(text));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(text);
    expect((await readAll(inSlices(''))).join('')).toBe('');
  });

  it('lets other tasks run once the reader has held the thread for a slice', async () => {
    const text = 'y'.repeat(64 * 1024 * 6);
    let otherTaskRan = 0;
    const ranBetween: number[] = [];
    const busyMs = 12; // more than a slice per chunk: every chunk after the first waits for a new task
    setTimeout(() => otherTaskRan++, 0);
    for await (const chunk of inSlices(text)) {
      ranBetween.push(otherTaskRan);
      const until = performance.now() + busyMs;
      while (performance.now() < until) void chunk.length;
    }
    // Not asserted: that the first chunk came before the other task. On a busy machine the thread can
    // be descheduled for longer than a slice before the first chunk, and then yielding there is right
    // (a fresh-clone CI under load saw it once).
    expect(ranBetween.at(-1)).toBe(1);
  });
});

describe("the evaluation worker's copy of the dataset", () => {
  it('loads from the recorded files to the same dataset as the read that recorded them', async () => {
    expect(sampleFiles.has('tasks.jsonl')).toBe(true);
    const files = noFiles('egobench-sample');
    const mainCopy = await loadDataset(studioDatasetSource(hostOver(sampleFiles), 'sample', 'egobench-sample', files));
    const workerCopy = await loadDataset(recordedSource(structuredClone(files)));
    expect(mainCopy.tasks.size).toBeGreaterThan(0);
    expect(mainCopy.problems).toEqual([]);
    expect(workerCopy).toEqual(mainCopy);
  });

  it('keeps missing files and failed reads as they were, problems and all', async () => {
    const broken = new Map(sampleFiles);
    broken.delete('ground_truth.jsonl');
    const files = noFiles('broken');
    const mainCopy = await loadDataset(studioDatasetSource(hostOver(broken, new Set(['annotations/bob.jsonl'])), 'broken', 'broken', files));
    expect(mainCopy.problems.map((p) => p.file)).toContain('annotations/bob.jsonl');
    expect(files.texts.get('ground_truth.jsonl')).toBeNull();
    const workerCopy = await loadDataset(recordedSource(structuredClone(files)));
    expect(workerCopy).toEqual(mainCopy);
  });

  it('says why a scenario linked as a folder is left out, in the worker too; links are no files', async () => {
    const scenario = [...sampleFiles.keys()].find((file) => file.startsWith('scenarios/'))!.split('/')[1];
    const linked = new Map([...sampleFiles].filter(([file]) => !file.startsWith(`scenarios/${scenario}/`)));
    const files = noFiles('linked');
    const host = hostOver(linked, new Set(), [`scenarios/${scenario}`, 'annotations/shared.jsonl', 'scenarios/extra/old']);
    const mainCopy = await loadDataset(studioDatasetSource(host, 'linked', 'linked', files));
    const about = mainCopy.problems.filter((p) => p.message.includes(`scenario "${scenario}"`));
    expect(about.length).toBeGreaterThan(0);
    expect(about.every((p) => p.file === 'tasks.jsonl' && p.line > 0 && p.message.includes(`is a symbolic link (scenarios/${scenario})`))).toBe(true);
    expect(mainCopy.scenarios.has(scenario)).toBe(false);
    // A folder holding only a link is a scenario folder, as node-source.ts sees it (here without its files).
    expect(mainCopy.problems).toContainEqual({ file: 'scenarios/extra/schema.sql', line: 0, message: 'missing: scenario left out' });
    expect(files.files.get('annotations')).not.toContain('annotations/shared.jsonl');
    const workerCopy = await loadDataset(recordedSource(structuredClone(files)));
    expect(workerCopy).toEqual(mainCopy);
  });

  it("names only the folder's own links", () => {
    const listing = [
      { path: 'scenarios/retail/', size: 0, link: 'folder' as const },
      { path: 'scenarios/shop/schema.sql', size: 9 },
      { path: 'scenarios/shop/old/', size: 0, link: 'folder' as const },
    ];
    expect(folderLinks('scenarios', listing)).toEqual(['retail']);
    expect(folderLinks('scenarios/', listing)).toEqual(['retail']);
    expect(folderLinks('scenarios/shop', listing)).toEqual(['old']);
  });

  it('reaches the worker as parts of each text, then the files without them: whole again there', async () => {
    const files = noFiles('egobench-sample');
    await loadDataset(studioDatasetSource(hostOver(sampleFiles), 'sample', 'egobench-sample', files));
    files.texts.set('big.txt', 'é✓x'.repeat(TEXT_PART_CHARS)); // three parts
    files.texts.set('empty.txt', '');
    files.texts.set('missing.txt', null);
    const parts = [...textParts(files)];
    expect(parts.filter((p) => p.path === 'big.txt').map((p) => p.part.length)).toEqual([TEXT_PART_CHARS, TEXT_PART_CHARS, TEXT_PART_CHARS]);
    expect(parts.filter((p) => p.path === 'empty.txt')).toEqual([{ path: 'empty.txt', part: '' }]);
    expect(parts.every((p) => p.part.length <= TEXT_PART_CHARS)).toBe(true);
    const rest = withoutTexts(files);
    expect([...rest.texts]).toEqual([['missing.txt', null]]);
    const assembly = new TextAssembly();
    for (const { path, part } of parts.map((p) => structuredClone(p))) assembly.add(path, part);
    const received = assembly.complete(structuredClone(rest));
    expect(new Map([...received.texts].sort())).toEqual(new Map([...files.texts].sort()));
    expect(await loadDataset(recordedSource(received))).toEqual(await loadDataset(recordedSource(files)));
  });

  it('refuses a file the recorded read did not take', async () => {
    await expect(recordedSource(noFiles('empty')).readText('tasks.jsonl')).rejects.toThrow('tasks.jsonl was not read by the renderer');
  });
});
