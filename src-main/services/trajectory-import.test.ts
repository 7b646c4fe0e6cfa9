import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readImportedTrajectories } from './trajectory-import';

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('readImportedTrajectories', () => {
  it('reads files, expands folders to their .jsonl files in code-point order, reports missing paths', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'traj-import-'));
    await mkdir(path.join(dir, 'runs', 'b'), { recursive: true });
    await writeFile(path.join(dir, 'runs', 'b', 'x.jsonl'), 'bx\n');
    await writeFile(path.join(dir, 'runs', 'a.jsonl'), 'a\n');
    await writeFile(path.join(dir, 'runs', 'notes.txt'), 'no');
    await writeFile(path.join(dir, 'single.json'), 's');
    const result = await readImportedTrajectories([path.join(dir, 'runs'), path.join(dir, 'single.json'), path.join(dir, 'gone.jsonl')]);
    expect(result.files).toEqual([
      { name: 'runs/a.jsonl', text: 'a\n' },
      { name: 'runs/b/x.jsonl', text: 'bx\n' },
      { name: 'single.json', text: 's' },
    ]);
    expect(result.problems).toEqual([{ file: path.join(dir, 'gone.jsonl'), line: 0, message: 'not found' }]);
  });

  it('refuses a FIFO or a device among the chosen files instead of waiting on it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'traj-import-'));
    const fifo = path.join(dir, 'runs.jsonl');
    execFileSync('mkfifo', [fifo]);
    await writeFile(path.join(dir, 'ok.jsonl'), 'ok\n');
    const result = await readImportedTrajectories([fifo, '/dev/zero', path.join(dir, 'ok.jsonl')]);
    expect(result.files).toEqual([{ name: 'ok.jsonl', text: 'ok\n' }]);
    expect(result.problems.map((p) => p.file).sort()).toEqual(['runs.jsonl', 'zero']);
    for (const problem of result.problems) expect(problem.message).toContain('Not a regular file');
  });
});
