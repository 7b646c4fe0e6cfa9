import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildCli } from './build-cli.mjs';
import { scoringRestartArgs, SCORING_V8_FLAGS } from './scoring-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repoRoot, 'src-main/cli/egostudio.mjs');

describe('V8 flags of the scoring commands', () => {
  it('restarts scoring commands with the flags, keeping node flags and arguments in order', () => {
    expect(scoringRestartArgs(['--cpu-prof'], ['/usr/bin/node', bin, 'evaluate', 'd', '--json', 'x'])).toEqual([
      ...SCORING_V8_FLAGS,
      '--cpu-prof',
      bin,
      'evaluate',
      'd',
      '--json',
      'x',
    ]);
    for (const command of ['report', 'audit', 'bench-evaluate']) expect(scoringRestartArgs([], ['node', bin, command])).not.toBeNull();
  });

  it('does not restart other commands, or a process that already has the flags', () => {
    for (const command of ['agreement', 'team-add', 'bench', 'import-egobench', '--help', undefined])
      expect(scoringRestartArgs([], ['node', bin, ...(command ? [command] : [])])).toBeNull();
    expect(scoringRestartArgs([...SCORING_V8_FLAGS], ['node', bin, 'evaluate', 'd'])).toBeNull();
  });

  it('`npm run web` starts the browser host with the same flags (its scoring workers share them)', () => {
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.web).toBe(`node ${SCORING_V8_FLAGS.join(' ')} src-main/launchers/web.mjs`);
  });

  it('the restarted command keeps its output and exit code', { timeout: 60_000 }, async () => {
    await buildCli();
    const run = promisify(execFile);
    const sample = path.join(repoRoot, 'datasets/egobench-sample');
    const { stdout } = await run(process.execPath, [bin, 'evaluate', sample], { cwd: repoRoot });
    expect(stdout).toMatch(/trajectories/);
    const failed = await run(process.execPath, [bin, 'evaluate', path.join(repoRoot, 'no-such-dataset')]).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: expect.any(Number) });
    expect((failed as { code: number }).code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toMatch(/no-such-dataset/);
  });
});
