// Conditional writes on real files, through the API handlers where the renderer writes (so the
// 'conflict' code is what both transports carry) and through the services the host writes with.
// For every file kind the studio writes: two writers start from one read; the second write is
// refused (or, for the host's own files, merged) and no update is lost.
import { mkdir, open, readFile, readdir, realpath, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioHandlers } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import { makeTempDataset, openTempCatalog, type TempDataset } from '../test-support/temp-dataset';
import { appendIfUnchanged, contentHash, writeIfUnchanged } from './conditional-write';
import { StudioEventBus } from './event-bus';
import { RecentDatasets } from './recent-datasets';
import { writeFileAtomic } from './atomic-write';
import { rememberOwnWrite, untilStill } from './still-file';
import { createStudioHandlers, invokeStudioHandler } from './studio-handlers';
import { VideoFolders } from './video-folders';

let temp: TempDataset;
let handlers: StudioHandlers;
let datasetId: string;
let changed: string[][];

beforeEach(async () => {
  temp = await makeTempDataset({ 'annotations/alice.jsonl': '{"task_id":"t1","revision":1}\n' });
  const opened = await openTempCatalog(temp);
  datasetId = opened.datasetId;
  const events = new StudioEventBus();
  changed = [];
  events.subscribe((name, payload) => {
    if (name === 'datasets.changed') changed.push((payload as { paths: string[] }).paths);
  });
  handlers = createStudioHandlers({ catalog: opened.catalog, events, appInfo: { name: 't', version: '0', platform: 'linux', hostKind: 'web', versions: { node: '' } } });
});
afterEach(() => temp.cleanup());

const call = <C extends keyof StudioHandlers>(name: C, ...args: unknown[]) => invokeStudioHandler(handlers, name, args);
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'written',
    (error: unknown) => StudioError.from(error).code,
  );

describe('datasets.readVersioned', () => {
  it('gives the text and its hash, and nulls for a missing file', async () => {
    const text = '{"task_id":"t1","revision":1}\n';
    await expect(call('datasets.readVersioned', datasetId, 'annotations/alice.jsonl')).resolves.toEqual({ text, hash: contentHash(text) });
    await expect(call('datasets.readVersioned', datasetId, 'annotations/bob.jsonl')).resolves.toEqual({ text: null, hash: null });
  });
});

describe('two writers from one read', () => {
  it('annotations/<annotator>.jsonl: lines append in order; a second append from the same read is refused with 409', async () => {
    const read = await call('datasets.readVersioned', datasetId, 'annotations/alice.jsonl');
    const first = await call('datasets.appendIfUnchanged', datasetId, 'annotations/alice.jsonl', '{"task_id":"t1","revision":2}\n', read.hash);
    const second = call('datasets.appendIfUnchanged', datasetId, 'annotations/alice.jsonl', '{"task_id":"t1","revision":3}\n', read.hash);
    await expect(second).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('annotations/alice.jsonl changed since you read it') });
    // The refused writer reads again and appends after the first writer's line.
    const again = await call('datasets.readVersioned', datasetId, 'annotations/alice.jsonl');
    expect(again.hash).toBe(first.hash);
    await call('datasets.appendIfUnchanged', datasetId, 'annotations/alice.jsonl', '{"task_id":"t2","revision":1}\n{"task_id":"t1","revision":3}\n', again.hash);
    const lines = (await readFile(path.join(temp.root, 'annotations/alice.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).revision)).toEqual([1, 2, 1, 3]);
    expect(changed.flat()).toEqual(['annotations/alice.jsonl', 'annotations/alice.jsonl']);
  });

  it('a new file: the second creator from "no file" is refused', async () => {
    const read = await call('datasets.readVersioned', datasetId, 'annotations/bob.jsonl');
    expect(read.hash).toBeNull();
    await call('datasets.appendIfUnchanged', datasetId, 'annotations/bob.jsonl', '{"a":1}\n', null);
    expect(await codeOf(call('datasets.appendIfUnchanged', datasetId, 'annotations/bob.jsonl', '{"a":2}\n', null))).toBe('conflict');
    expect(await readFile(path.join(temp.root, 'annotations/bob.jsonl'), 'utf8')).toBe('{"a":1}\n');
  });

  it.each(['ground_truth.jsonl', 'reviews/carol.jsonl', 'studio-project.json'])('%s: the second replace from the same read is refused, the first kept', async (file) => {
    await call('datasets.writeIfUnchanged', datasetId, file, 'base\n', null);
    const read = await call('datasets.readVersioned', datasetId, file);
    const results = await Promise.all([
      codeOf(call('datasets.writeIfUnchanged', datasetId, file, 'from A\n', read.hash)),
      codeOf(call('datasets.writeIfUnchanged', datasetId, file, 'from B\n', read.hash)),
    ]);
    const winner = results[0] === 'written' ? 'from A\n' : 'from B\n';
    expect([...results].sort()).toEqual(['conflict', 'written']);
    expect(await readFile(path.join(temp.root, file), 'utf8')).toBe(winner);
  });

  it('refuses a malformed hash and half lines before touching the file', async () => {
    expect(await codeOf(call('datasets.writeIfUnchanged', datasetId, 'ground_truth.jsonl', 'x\n', 'abc'))).toBe('invalid-args');
    expect(await codeOf(call('datasets.appendIfUnchanged', datasetId, 'annotations/alice.jsonl', '{"half":', contentHash('x')))).toBe('invalid-args');
    expect(await codeOf(call('datasets.writeIfUnchanged', datasetId, '../escape.txt', 'x', null))).toBe('invalid-args');
  });

  it('video-folders.json: two datasets given folders at once both keep theirs', async () => {
    const folders = new VideoFolders(temp.configDir);
    const clipsA = path.join(temp.base, 'clips-a');
    const clipsB = path.join(temp.base, 'clips-b');
    await mkdir(clipsA);
    await mkdir(clipsB);
    // Without the lock both read "{}" and the later write drops the other's choice.
    await Promise.all([folders.set('/data/a', clipsA), folders.set('/data/b', clipsB)]);
    expect(await folders.get('/data/a')).toBe(await realpath(clipsA));
    expect(await folders.get('/data/b')).toBe(await realpath(clipsB));
  });

  it('recent-datasets.json: datasets remembered at once are all listed', async () => {
    const recents = new RecentDatasets(temp.configDir);
    const others = new RecentDatasets(temp.configDir); // a second window or host on the same config folder
    await Promise.all(['/d/1', '/d/2', '/d/3', '/d/4'].map((root, i) => (i % 2 ? recents : others).remember(root)));
    expect((await recents.list()).filter((root) => root.startsWith('/d/')).sort()).toEqual(['/d/1', '/d/2', '/d/3', '/d/4']);
  });
});

describe('line endings', () => {
  const annotations = () => path.join(temp.root, 'annotations', 'alice.jsonl');
  const appendTo = async (file: string, before: string, lines: string) => {
    await writeFile(file, before);
    await appendIfUnchanged(file, lines, contentHash(before));
    return readFile(file, 'utf8');
  };

  it("appends in a CRLF file's own ending (git autocrlf), its BOM and lines kept, a last line without one ended in CRLF too", async () => {
    const before = '\uFEFF{"task_id":"t1","revision":1}\r\n{"task_id":"t2","revision":1}';
    expect(await appendTo(annotations(), before, '{"task_id":"t1","revision":2}\n{"task_id":"t3","revision":1}\n')).toBe(
      `${before}\r\n{"task_id":"t1","revision":2}\r\n{"task_id":"t3","revision":1}\r\n`,
    );
  });

  it("takes the first line's ending: an LF file stays LF, also with a CRLF line further down", async () => {
    expect(await appendTo(annotations(), 'a\nb\r\nc', 'd\n')).toBe('a\nb\r\nc\nd\n');
    expect(await appendTo(annotations(), 'a', 'b\n')).toBe('a\nb\n'); // no line ended yet: LF
  });

  it('sees a CRLF split between two chunks of the read', async () => {
    const first = `${'x'.repeat((1 << 20) - 1)}\r\n`; // the CR ends the first 1 MiB chunk, the LF starts the next
    const after = await appendTo(annotations(), `${first}y`, 'z\n');
    expect(after.slice(first.length)).toBe('y\r\nz\r\n');
  });
});

describe('the lock', () => {
  it('leaves no lock or temporary file behind, and waits out a lock file held by another process', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const before = await readFile(file, 'utf8');
    const lock = path.join(temp.root, 'annotations', '.alice.jsonl.lock.studio-tmp');
    await writeFile(lock, '');
    const pending = appendIfUnchanged(file, 'x\n', contentHash(before));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readFile(file, 'utf8')).toBe(before); // still waiting
    await import('node:fs/promises').then(({ rm }) => rm(lock));
    await pending;
    expect(await readFile(file, 'utf8')).toBe(`${before}x\n`);
    expect(await readdir(path.dirname(file))).toEqual(['alice.jsonl']);
    await expect(writeIfUnchanged(file, 'y', contentHash(before))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('takes over a lock file stamped in the future (a wrong clock, a crafted file), which was never stale', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const before = await readFile(file, 'utf8');
    const lock = path.join(temp.root, 'annotations', '.alice.jsonl.lock.studio-tmp');
    await writeFile(lock, '');
    const future = new Date('2030-01-01T00:00:00Z');
    await utimes(lock, future, future);
    await appendIfUnchanged(file, 'x\n', contentHash(before));
    expect(await readFile(file, 'utf8')).toBe(`${before}x\n`);
  });
});

describe('a file another program is writing', () => {
  /**
   * As an editor or `git checkout` writes on a busy machine: the file emptied now (its time set
   * `backdateMs` into the past), `theirs` written 300 ms later (`rewritten`).
   */
  async function emptiedThenWritten(file: string, theirs: string, backdateMs = 0): Promise<{ rewritten: Promise<void> }> {
    const handle = await open(file, 'w');
    if (backdateMs > 0) await utimes(file, new Date(Date.now() - backdateMs), new Date(Date.now() - backdateMs));
    const rewritten = new Promise((resolve) => setTimeout(resolve, 300))
      .then(() => handle.writeFile(theirs))
      .finally(() => handle.close());
    return { rewritten };
  }

  /** A client that read the emptied file names its hash: its append is refused and their content stays. */
  async function appendOnTheEmptiedFileIsRefused(file: string, theirs: string, rewritten: Promise<void>, line: string): Promise<void> {
    const append = codeOf(appendIfUnchanged(file, line, contentHash('')));
    await rewritten;
    expect(await append).toBe('conflict');
    expect(await readFile(file, 'utf8')).toBe(theirs);
  }

  it('is not replaced while it is emptied and not yet written: the append waits until the file is still, sees the new content, and is refused', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const theirs = `${await readFile(file, 'utf8')}{"task_id":"t2","revision":1}\n`;
    const { rewritten } = await emptiedThenWritten(file, theirs);
    await appendOnTheEmptiedFileIsRefused(file, theirs, rewritten, '{"task_id":"t1","revision":2}\n');
  });

  it("a file another program empties right after this process's write is not taken for that write", async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const theirs = '{"task_id":"t9","revision":1}\n';
    // The stat of what the write left is taken before the rename: the emptied file is not it.
    const written = await writeFileAtomic(file, '{"task_id":"t1","revision":2}\n');
    const { rewritten } = await emptiedThenWritten(file, theirs);
    rememberOwnWrite(file, written);
    await appendOnTheEmptiedFileIsRefused(file, theirs, rewritten, '{"task_id":"t1","revision":3}\n');
  });

  it('is watched while emptied even where its time reads older than the truncation (1 s or 2 s file times, a server clock behind)', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const theirs = '{"task_id":"t9","revision":1}\n';
    const { rewritten } = await emptiedThenWritten(file, theirs, 2000);
    await appendOnTheEmptiedFileIsRefused(file, theirs, rewritten, '{"task_id":"t1","revision":2}\n');
  });

  it('waits on its own clock: a wall clock stepped back an hour does not hold the write (and the file lock) for an hour', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    await writeFile(file, '{"task_id":"t9","revision":1}\n'); // just written by someone else: watched for a second
    const wallClock = Date.now.bind(Date);
    let calls = 0;
    // Stepped back (NTP, a person) just after the wait began.
    vi.spyOn(Date, 'now').mockImplementation(() => (calls++ === 0 ? wallClock() : wallClock() - 3_600_000));
    try {
      await untilStill(file); // within a second or so; the test's time limit fails it otherwise
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('a file old by its own time is replaced at once', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const old = new Date(Date.now() - 120_000);
    await utimes(file, old, old);
    // Ten seconds' stillness asked for: a file two minutes old passes at once (else the test times out).
    await untilStill(file, 10_000);
  });

  it('a file as this process last wrote it is replaced at once, however recent', async () => {
    const file = path.join(temp.root, 'annotations', 'alice.jsonl');
    const { hash } = await appendIfUnchanged(file, 'x\n', contentHash(await readFile(file, 'utf8')));
    // A minute's stillness asked for: only a file this process wrote last passes at once (else the test times out).
    await untilStill(file, 60_000);
    await writeIfUnchanged(file, 'y\n', hash);
    await untilStill(file, 60_000);
    expect(await readFile(file, 'utf8')).toBe('y\n');
  });
});
