// A dataset folder is somebody else's: the evaluation reads it as the studio's own reading does.
// A symlink leading out of the dataset and a FIFO or device in place of a file are problems of
// that file; nothing blocks, nothing outside the dataset is read.
import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../shared/api/studio-error';
import { loadDataset } from '../../shared/format/loader';
import { call, shopFiles } from '../../shared/eval/test-support/shop';
import { listDatasetFiles, readDatasetText } from '../services/dataset-files';
import { readReviewFiles } from '../services/evaluation-run';
import { openRegularFile } from '../services/regular-file';
import { describeDataset } from '../services/dataset-catalog';
import { expectedClips } from '../services/video-folders';
import { trajectoryLine } from '../services/evaluation/trajectory-lines';
import { fileHash } from '../services/evaluation/score-cache';
import { runEgostudio, writeDatasetFolder } from '../test-support/dataset-folder';
import { fileChunks, nodeDatasetSource } from '../services/evaluation/node-source';
import { evaluateFolder } from '../services/evaluation/run-evaluation';

let base: string;
let root: string;
let outside: string;

const mkfifo = (file: string) => execFileSync('mkfifo', [file]);
const trajectory = (id: string, model: string) =>
  JSON.stringify({ id, task_id: 't1', model, mode: 'static', tool_calls: [{ turn: 0, calls: [call('search_products', { name: 'apple' })] }] });

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'egostudio-untrusted-'));
  root = path.join(base, 'shop');
  outside = path.join(base, 'outside');
  await writeDatasetFolder(outside, {
    'trajectories.jsonl': `${trajectory('stolen', 'outside-model')}\n`,
    'tasks.jsonl': shopFiles()['tasks.jsonl'],
    'review.jsonl': '{"trajectory_id": "x"}\n',
  });
  await writeDatasetFolder(root, { ...shopFiles(), 'trajectories/ok.jsonl': `${trajectory('ok', 'inside-model')}\n` });
});
afterEach(() => rm(base, { recursive: true, force: true }));

/** Fails the test instead of hanging when a read blocks. */
function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`blocked for ${seconds} s`)), seconds * 1000))]);
}

describe('reading refuses FIFOs and devices', () => {
  it('openRegularFile refuses a FIFO and a device at once, and opens a regular file', async () => {
    const fifo = path.join(base, 'fifo');
    mkfifo(fifo);
    for (const file of [fifo, '/dev/zero', '/dev/null']) {
      const error = await withinSeconds(2, openRegularFile(file).then(() => null, (e: unknown) => e));
      expect(StudioError.from(error).code, file).toBe('forbidden');
    }
    await (await openRegularFile(path.join(root, 'tasks.jsonl'))).close();
  });

  it('a FIFO named dataset.json, tasks.jsonl or a trajectory file is a problem of that file, not a hang', async () => {
    await rm(path.join(root, 'dataset.json'));
    mkfifo(path.join(root, 'dataset.json'));
    mkfifo(path.join(root, 'ground_truth.jsonl.fifo'));
    mkfifo(path.join(root, 'trajectories', 'fifo.jsonl'));
    await rm(path.join(root, 'scenarios', 'shop', 'tools.json'));
    mkfifo(path.join(root, 'scenarios', 'shop', 'tools.json'));
    const { report } = await withinSeconds(20, evaluateFolder(root, { workers: 0 }));
    const problemOf = (file: string) => report.problems.filter((p) => p.file === file);
    expect(problemOf('dataset.json')).toEqual([{ file: 'dataset.json', line: 0, message: expect.stringMatching(/not read: Not a regular file/) }]);
    expect(problemOf('scenarios/shop/tools.json')).toEqual([{ file: 'scenarios/shop/tools.json', line: 0, message: expect.stringMatching(/Not a regular file/) }]);
    // listFilesBelow never lists a FIFO as a trajectory file: it is said, and nothing blocks.
    expect(problemOf('trajectories/fifo.jsonl')).toEqual([{ file: 'trajectories/fifo.jsonl', line: 0, message: expect.stringMatching(/^something that is not a regular file .*; left out$/) }]);
    expect(report.trajectories.map((t) => t.id)).toEqual([]); // the scenario is gone with its tools.json
    expect(await withinSeconds(2, readDatasetText(root, 'dataset.json').then(() => 'read', (e: unknown) => StudioError.from(e).code))).toBe('forbidden');
  });
});

describe('trajectory files that are none', () => {
  it('a link that leads nowhere or to itself is a problem of its own, not left out without a word; the rest is scored', async () => {
    await symlink(path.join(base, 'gone.jsonl'), path.join(root, 'trajectories', 'dangling.jsonl'));
    await symlink('loop.jsonl', path.join(root, 'trajectories', 'loop.jsonl'));
    const { report } = await withinSeconds(20, evaluateFolder(root, { workers: 0 }));
    expect(report.problems.filter((p) => p.file.startsWith('trajectories/'))).toEqual([
      { file: 'trajectories/dangling.jsonl', line: 0, message: 'a symbolic link that leads nowhere; left out' },
      { file: 'trajectories/loop.jsonl', line: 0, message: 'a symbolic link that leads to itself; left out' },
    ]);
    expect(report.trajectories.map((t) => t.id)).toEqual(['ok']);
    // Given with --trajectories as a folder: the same.
    const given = await evaluateFolder(root, { workers: 0, trajectoryPaths: [path.join(root, 'trajectories')] });
    expect(given.report.problems.map((p) => p.message).filter((m) => m.startsWith('a symbolic link'))).toHaveLength(2);
  });
});

describe('annotator files that are none', () => {
  it('a FIFO or a link that leads nowhere is a problem of its file, and the annotators named are those read', async () => {
    const annotation = (annotator: string) => JSON.stringify({ task_id: 't1', annotator, revision: 1, status: 'submitted', calls: [call('search_products', { name: 'apple' })] });
    await writeDatasetFolder(root, { 'annotations/bob.jsonl': `${annotation('bob')}\n` });
    mkfifo(path.join(root, 'annotations', 'alice.jsonl'));
    await symlink(path.join(base, 'gone.jsonl'), path.join(root, 'annotations', 'carol.jsonl'));
    // alice and carol: agreement lists the problems of the two files it reads (files-read.ts readByAgreement).
    const { code, stdout, stderr } = await withinSeconds(30, runEgostudio('agreement', root, '--annotators', 'alice,carol'));
    expect(code).toBe(2);
    expect(stdout + stderr).toContain('annotations/alice.jsonl:0: something that is not a regular file (a FIFO, socket or device is never read); not read');
    expect(stdout + stderr).toContain('annotations/carol.jsonl:0: a symbolic link that leads nowhere; not read');
    // Not "alice, bob, carol": a plain listing of the folder named the files that were never read.
    expect(stderr).toContain("no annotations by alice or carol; this dataset's annotators: bob\n");
  });

  it('evaluate and report list the problems of the files scoring reads: an annotator file that cannot be read is not theirs', async () => {
    await writeDatasetFolder(root, { 'annotations/bob.jsonl': '{"task_id": "t1", broken\n' });
    mkfifo(path.join(root, 'annotations', 'alice.jsonl'));
    const json = path.join(base, 'evaluate.json');
    const evaluated = await withinSeconds(30, runEgostudio('evaluate', root, '--json', json, '--no-cache'));
    expect(evaluated.stdout + evaluated.stderr).not.toContain('annotations/');
    expect(evaluated.code).toBe(0);
    const reported = await withinSeconds(30, runEgostudio('report', root, '--out', path.join(base, 'report')));
    expect(reported.stdout + reported.stderr).not.toContain('annotations/');
    expect(reported.code).toBe(0);
    // A trajectory line of its own that is bad still is.
    await writeDatasetFolder(root, { 'trajectories/bad.jsonl': '{"id": \n' });
    expect((await withinSeconds(30, runEgostudio('evaluate', root, '--no-cache'))).code).toBe(2);
  });
});

describe('the studio\'s other readers refuse FIFOs and links out too', () => {
  it('the clip list over a FIFO tasks.jsonl, and a replayed line of a FIFO trajectory file, answer at once', async () => {
    await rm(path.join(root, 'tasks.jsonl'));
    mkfifo(path.join(root, 'tasks.jsonl'));
    mkfifo(path.join(root, 'trajectories', 'fifo.jsonl'));
    // Each used to hold one of libuv's four file threads for good: four page loads froze the host.
    expect(await withinSeconds(2, expectedClips(root).then(() => 'read', (e: unknown) => StudioError.from(e).code))).toBe('forbidden');
    const replay = await withinSeconds(2, trajectoryLine(root, 'trajectories/fifo.jsonl', 1).then(() => 'read', (e: unknown) => StudioError.from(e).code));
    expect(replay).toBe('forbidden');
    // The score cache's hash and the audit's reader, which open a listed file again later.
    const fifo = path.join(root, 'trajectories', 'fifo.jsonl');
    expect(await withinSeconds(2, fileHash(fifo).then(() => 'read', (e: unknown) => StudioError.from(e).code))).toBe('forbidden');
    const chunks = async () => {
      for await (const chunk of fileChunks(fifo)) return chunk;
      return 'none';
    };
    expect(await withinSeconds(2, chunks().then(() => 'read', (e: unknown) => StudioError.from(e).code))).toBe('forbidden');
  });

  it('the dataset list does not read a dataset.json linked from outside, nor one far bigger than a manifest', async () => {
    await writeDatasetFolder(outside, { 'secret.json': '{"name": "SECRET FROM OUTSIDE"}' });
    await rm(path.join(root, 'dataset.json'));
    await symlink(path.join(outside, 'secret.json'), path.join(root, 'dataset.json'));
    expect((await describeDataset(root, 'added'))?.name).toBe('shop');
    await rm(path.join(root, 'dataset.json'));
    await writeDatasetFolder(root, { 'dataset.json': `{"name": "Big", "pad": "${'x'.repeat(2 * 1024 * 1024)}"}` });
    expect((await describeDataset(root, 'added'))?.name).toBe('shop');
  });
});

describe('evaluation refuses symlinks leading out of the dataset, as reading does', () => {
  it('a trajectory file, tasks.jsonl and a review linked from outside are refused with a problem', async () => {
    await symlink(path.join(outside, 'trajectories.jsonl'), path.join(root, 'trajectories', 'stolen.jsonl'));
    await rm(path.join(root, 'tasks.jsonl'));
    await symlink(path.join(outside, 'tasks.jsonl'), path.join(root, 'tasks.jsonl'));
    await writeDatasetFolder(root, { 'reviews/inside.jsonl': '{"trajectory_id": "ok"}\n' });
    await symlink(path.join(outside, 'review.jsonl'), path.join(root, 'reviews', 'stolen.jsonl'));
    const { report } = await evaluateFolder(root, { workers: 0 });
    expect(report.problems).toContainEqual({ file: 'trajectories/stolen.jsonl', line: 0, message: expect.stringContaining('outside the dataset') });
    expect(report.problems).toContainEqual({ file: 'tasks.jsonl', line: 0, message: expect.stringContaining('outside the dataset') });
    expect(report.problems.filter((p) => p.file === 'tasks.jsonl')).toHaveLength(1); // refused, not also "missing"
    expect(report.trajectories.map((t) => t.model)).not.toContain('outside-model');
    expect((await readReviewFiles(root)).map((f) => f.path)).toEqual(['reviews/inside.jsonl']);
  });

  it('a symlink inside the dataset still reads', async () => {
    await symlink(path.join(root, 'trajectories', 'ok.jsonl'), path.join(root, 'trajectories', 'alias.jsonl'));
    const dataset = await loadDataset(nodeDatasetSource(root));
    expect(dataset.problems).toEqual([]);
    const { report } = await evaluateFolder(root, { workers: 0 });
    expect(report.problems).toContainEqual({ file: 'trajectories/ok.jsonl', line: 1, message: expect.stringContaining('repeats') });
    expect(report.trajectories.map((t) => t.id)).toEqual(['ok']);
  });

  it('a folder of runs linked under trajectories/ is named, not followed nor skipped without a word', async () => {
    await writeDatasetFolder(outside, { 'runs/more.jsonl': `${trajectory('linked', 'outside-model')}\n` });
    await writeDatasetFolder(root, { 'trajectories/sub/inner.jsonl': '' });
    await symlink(path.join(outside, 'runs'), path.join(root, 'trajectories', 'sub', 'linked-runs'));
    const { report } = await evaluateFolder(root, { workers: 0 });
    expect(report.problems).toContainEqual({ file: 'trajectories/sub/linked-runs', line: 0, message: expect.stringContaining('a symbolic link to a folder') });
    expect(report.trajectories.map((t) => t.id)).toEqual(['ok']);
    // Given with --trajectories, the same.
    const given = await runEgostudio('evaluate', root, '--no-cache', '--trajectories', path.join(root, 'trajectories'));
    expect(given.stdout + given.stderr).toContain(`${path.join(root, 'trajectories')}/sub/linked-runs:0: a symbolic link to a folder`);
  });

  it('a dataset folder linked as scenarios/ from outside is refused', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    await writeDatasetFolder(elsewhere, { 'shop/schema.sql': 'CREATE TABLE x(a);', 'shop/tools.json': '{"state_tables": [], "tools": []}' });
    await rm(path.join(root, 'scenarios'), { recursive: true });
    await symlink(elsewhere, path.join(root, 'scenarios'));
    const dataset = await loadDataset(nodeDatasetSource(root));
    expect(dataset.scenarios.size).toBe(0);
    expect(dataset.problems).toContainEqual({ file: 'scenarios', line: 0, message: expect.stringContaining('outside the dataset') });
  });
});

describe('a folder below trajectories/ that cannot be read', () => {
  it('is a problem of its own, and every other run is scored (a path past the system limit stopped all scoring)', async () => {
    // 25 folders of 200 letters: past PATH_MAX (4,096), made one relative step at a time.
    const segment = 'd'.repeat(200);
    execFileSync('bash', ['-c', `cd "$1" && for i in $(seq 25); do mkdir ${segment} && cd ${segment}; done`, 'deep', path.join(root, 'trajectories')]);
    try {
      const { report } = await evaluateFolder(root, { workers: 0 });
      expect(report.trajectories.map((t) => t.id)).toEqual(['ok']);
      const deep = report.problems.filter((p) => p.message.startsWith('a folder that cannot be read'));
      expect(deep).toEqual([{ file: expect.stringMatching(/^trajectories\/d+… \(\d+ folders deep\)$/), line: 0, message: 'a folder that cannot be read (ENAMETOOLONG); its files are left out' }]);
      expect(deep[0].file.length).toBeLessThan(160);
      expect((await listDatasetFiles(await realpath(root), 'trajectories')).map((f) => f.path)).toEqual(['trajectories/ok.jsonl']);
    } finally {
      execFileSync('rm', ['-rf', path.join(root, 'trajectories', segment)]); // Node's rm stops at the path limit
    }
  });
});

describe('a symlinked scenario folder is named as a link, never followed', () => {
  const linkProblem = (task: string, scenario: string) =>
    `task "${task}": scenario "${scenario}" is a symbolic link (scenarios/${scenario}); the studio does not follow links`;

  it('shared from outside the dataset: evaluate and audit say why its tasks are left out; the host lists it as a link', async () => {
    const shop = shopFiles();
    await writeDatasetFolder(path.join(base, 'common', 'retail'), {
      'schema.sql': shop['scenarios/shop/schema.sql'],
      'data.sql': shop['scenarios/shop/data.sql'],
      'tools.json': shop['scenarios/shop/tools.json'],
    });
    await symlink('../../common/retail', path.join(root, 'scenarios', 'retail'));
    await writeDatasetFolder(root, { 'tasks.jsonl': `${shop['tasks.jsonl']}${JSON.stringify({ id: 't3', scenario: 'retail', instruction: '' })}\n` });
    const { report } = await evaluateFolder(root, { workers: 0 });
    expect(report.problems).toEqual([{ file: 'tasks.jsonl', line: 3, message: expect.stringContaining(linkProblem('t3', 'retail')) }]);
    expect(report.trajectories.map((t) => t.id)).toEqual(['ok']);
    for (const command of [['evaluate', root, '--no-cache'], ['audit', root]]) {
      const run = await runEgostudio(...command);
      expect(run.code, command[0]).toBe(2);
      expect(run.stderr, command[0]).toContain(`tasks.jsonl:3: ${linkProblem('t3', 'retail')}`);
    }
    // The page's reading gets the link from the host's listing (studioSource.ts names it from there).
    expect(await listDatasetFiles(await realpath(root), 'scenarios')).toContainEqual({ path: 'scenarios/retail/', size: 0, link: 'folder' });
  }, 60_000);

  it('linked inside the dataset: not followed either, so both readings agree without resolving links', async () => {
    await rename(path.join(root, 'scenarios', 'shop'), path.join(root, 'shop-scenario'));
    await symlink('../shop-scenario', path.join(root, 'scenarios', 'shop'));
    const dataset = await loadDataset(nodeDatasetSource(root));
    expect(dataset.scenarios.size).toBe(0);
    expect(dataset.problems.map((p) => p.message)).toContainEqual(expect.stringContaining(linkProblem('t1', 'shop')));
    const listing = await listDatasetFiles(await realpath(root), 'scenarios');
    expect(listing).toEqual([{ path: 'scenarios/shop/', size: 0, link: 'folder' }]);
  });

  it('a missing scenario folder keeps its message', async () => {
    await rm(path.join(root, 'scenarios', 'shop'), { recursive: true });
    const dataset = await loadDataset(nodeDatasetSource(root));
    expect(dataset.problems).toContainEqual({ file: 'tasks.jsonl', line: 1, message: 'task "t1": unknown scenario "shop"; left out' });
  });
});
