// `egostudio team-add`, run as a user runs it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../services/team/team-file';
import { runEgostudio } from '../test-support/dataset-folder';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'egostudio-team-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('egostudio team-add', () => {
  it('adds a person and prints their link once; team.json keeps only the hash', async () => {
    const file = path.join(dir, 'team.json');
    const result = await runEgostudio('team-add', file, 'alice', '--role', 'annotator', '--url', 'https://studio.lab.example:5174');
    expect(result.code, result.stderr).toBe(0);
    const link = /https:\/\/studio\.lab\.example:5174\/\?token=([A-Za-z0-9_-]{43})\n/.exec(result.stdout);
    expect(link, result.stdout).not.toBeNull();
    const team = JSON.parse(await readFile(file, 'utf8'));
    expect(team).toEqual({ people: [{ name: 'alice', role: 'annotator', token_sha256: hashToken(link![1]) }] });
    expect(JSON.stringify(team)).not.toContain(link![1]);
  }, 120_000);

  it('refuses a wrong role or name in one line, exit 1', async () => {
    const file = path.join(dir, 'team2.json');
    for (const [args, message] of [
      [[file, 'bob', '--role', 'boss'], '--role must be one of annotator, adjudicator, reviewer'],
      [[file, 'b/ob', '--role', 'annotator'], 'b/ob: a name may hold'],
      [[file, 'bob', '--role', 'annotator', '--url', 'nope'], '--url nope is not an http(s) address'],
      [[file, 'bob', '--role', 'annotator', '--url', 'javascript:alert(1)'], '--url javascript:alert(1) is not an http(s) address'],
      [[file], 'missing the name'],
    ] as const) {
      const result = await runEgostudio('team-add', ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(message);
    }
    // Nothing was written: a refused command gives no one a token.
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it('without --url prints the link with a placeholder address, for the token it stored', async () => {
    const file = path.join(dir, 'team3.json');
    const result = await runEgostudio('team-add', file, 'carol', '--role', 'reviewer');
    expect(result.code, result.stderr).toBe(0);
    const link = /https:\/\/HOST:PORT\/\?token=([A-Za-z0-9_-]{43})\n/.exec(result.stdout);
    expect(link, result.stdout).not.toBeNull();
    expect(result.stdout).toContain('replace HOST:PORT with the address');
    const team = JSON.parse(await readFile(file, 'utf8'));
    expect(team.people[0].token_sha256).toBe(hashToken(link![1]));
  }, 120_000);
});
