import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readImportedTrajectories } from './trajectory-import';

let dir: string;
afterEach(async () => {
  // rm -rf removes a tree deeper than PATH_MAX, which Node's rm cannot name.
  if (dir) execFileSync('rm', ['-rf', dir]);
});

/** 18 nested folders of 250 characters (past Linux's PATH_MAX of 4096) below `parent`, with x.jsonl at the bottom. */
function makeTooDeep(parent: string): void {
  execFileSync('bash', ['-c', 'cd "$1" && n=$(printf "d%.0s" {1..250}) && for i in $(seq 18); do mkdir "$n" && cd "$n"; done && echo "{}" > x.jsonl', '-', parent]);
}

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

  it('says a linked .jsonl or folder inside a chosen folder instead of following it or skipping it silently', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'traj-import-'));
    await mkdir(path.join(dir, 'runs'));
    await mkdir(path.join(dir, 'elsewhere'));
    await writeFile(path.join(dir, 'runs', 'a.jsonl'), 'a\n');
    await writeFile(path.join(dir, 'elsewhere', 'secret.jsonl'), 'outside\n');
    await writeFile(path.join(dir, 'elsewhere', 'notes.txt'), 'outside\n');
    await symlink(path.join(dir, 'elsewhere', 'secret.jsonl'), path.join(dir, 'runs', 'linked.jsonl'));
    await symlink(path.join(dir, 'elsewhere'), path.join(dir, 'runs', 'more'));
    await symlink(path.join(dir, 'elsewhere', 'notes.txt'), path.join(dir, 'runs', 'notes.txt'));
    const result = await readImportedTrajectories([path.join(dir, 'runs')]);
    expect(result.files).toEqual([{ name: 'runs/a.jsonl', text: 'a\n' }]);
    expect(result.problems.map((p) => p.file).sort()).toEqual(['runs/linked.jsonl', 'runs/more']);
    for (const problem of result.problems) expect(problem.message).toMatch(/^a symbolic link: not followed/);
  });

  it("refuses an EgoBench release's results file (one JSON document) as one problem, as the browser's import does", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'traj-import-'));
    await writeFile(path.join(dir, 'retail1_easy.json'), JSON.stringify([{ task_id: 'retail1-1' }, { task_id: 'retail1-2' }], null, 2));
    const result = await readImportedTrajectories([path.join(dir, 'retail1_easy.json')]);
    expect(result.files).toEqual([]);
    expect(result.problems).toEqual([{ file: 'retail1_easy.json', line: 1, message: expect.stringMatching(/^one JSON document over several lines, not JSON Lines/) }]);
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

  it('makes a sub-folder it cannot read (path too long) a problem, and reads the rest', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'traj-import-'));
    await mkdir(path.join(dir, 'runs'));
    await writeFile(path.join(dir, 'runs', 'a.jsonl'), 'a\n');
    makeTooDeep(path.join(dir, 'runs'));
    const result = await readImportedTrajectories([path.join(dir, 'runs')]);
    expect(result.files).toEqual([{ name: 'runs/a.jsonl', text: 'a\n' }]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].file).toMatch(/^runs\/(d{250}\/)+$/);
    expect(result.problems[0].message).toBe('cannot read the folder: its path is too long for this system; its files are not imported');
  });

  it.skipIf(process.getuid?.() === 0)('makes a sub-folder without read permission a problem (not as root, who reads it anyway)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'traj-import-'));
    await mkdir(path.join(dir, 'runs', 'locked'), { recursive: true });
    await writeFile(path.join(dir, 'runs', 'a.jsonl'), 'a\n');
    await chmod(path.join(dir, 'runs', 'locked'), 0o000);
    try {
      const result = await readImportedTrajectories([path.join(dir, 'runs')]);
      expect(result.files).toEqual([{ name: 'runs/a.jsonl', text: 'a\n' }]);
      expect(result.problems).toEqual([{ file: 'runs/locked/', line: 0, message: 'cannot read the folder: permission denied; its files are not imported' }]);
    } finally {
      await chmod(path.join(dir, 'runs', 'locked'), 0o755);
    }
  });
});
