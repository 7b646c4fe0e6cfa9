import { execFileSync } from 'node:child_process';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDataset, type TempDataset } from '../../test-support/temp-dataset';
import { addTeamMember, hashToken, readTeamFile } from './team-file';
import { TeamRoster } from './team-roster';

let temp: TempDataset;
let file: string;
beforeEach(async () => {
  temp = await makeTempDataset();
  file = path.join(temp.base, 'team.json');
});
afterEach(() => temp.cleanup());

describe('team.json', () => {
  it('adds people with a 256-bit token kept only as its SHA-256', async () => {
    const alice = await addTeamMember(file, 'alice', 'annotator');
    const carol = await addTeamMember(file, 'carol', 'adjudicator');
    expect(alice.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(alice.token).not.toBe(carol.token);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(alice.token);
    expect(await readTeamFile(file)).toEqual([
      { name: 'alice', role: 'annotator', token_sha256: hashToken(alice.token) },
      { name: 'carol', role: 'adjudicator', token_sha256: hashToken(carol.token) },
    ]);
  });

  it('gives a listed person a new token (the old one stops working on a running host)', async () => {
    const first = await addTeamMember(file, 'bob', 'annotator');
    const roster = await TeamRoster.open(file);
    expect(await roster.identify(first.token)).toEqual({ name: 'bob', role: 'annotator' });
    const second = await addTeamMember(file, 'bob', 'reviewer');
    expect(second.replaced).toBe(true);
    expect(await roster.identify(first.token)).toBeNull();
    expect(await roster.identify(second.token)).toEqual({ name: 'bob', role: 'reviewer' });
    expect(await roster.identify('')).toBeNull();
    expect(await roster.identify('not-a-token')).toBeNull();
  });

  it('a token replaced in place, same size and modification time, stops working too', async () => {
    // As an edit within one timestamp tick of the host's last read leaves the file, or a copy
    // that keeps the time: only the change time moved (file-stamp.ts).
    const first = await addTeamMember(file, 'bob', 'annotator');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(file, hourAgo, hourAgo);
    await new Promise((resolve) => setTimeout(resolve, 150)); // settled: the roster trusts its stamp
    const roster = await TeamRoster.open(file);
    expect(await roster.identify(first.token)).toEqual({ name: 'bob', role: 'annotator' });
    const text = await readFile(file, 'utf8');
    const other = 'other-token-of-the-same-length-000000000000';
    const replaced = text.replace(hashToken(first.token), hashToken(other));
    expect(replaced.length).toBe(text.length);
    const { mtime } = await stat(file);
    await writeFile(file, replaced);
    await utimes(file, mtime, mtime);
    expect(await roster.identify(first.token)).toBeNull();
    expect(await roster.identify(other)).toEqual({ name: 'bob', role: 'annotator' });
  });

  it('a person added while the host runs can sign in at once', async () => {
    const roster = await TeamRoster.open(file);
    expect(roster.people()).toEqual([]);
    const dave = await addTeamMember(file, 'dave', 'annotator');
    expect(await roster.identify(dave.token)).toEqual({ name: 'dave', role: 'annotator' });
  });

  it('refuses a new link for a name that differs from a listed one only in case (it renamed her, and her own file became another\'s)', async () => {
    await addTeamMember(file, 'alice', 'annotator');
    await expect(addTeamMember(file, 'Alice', 'annotator')).rejects.toThrow(/alice is already in .*ignoring case/);
    expect((await readTeamFile(file)).map((person) => person.name)).toEqual(['alice']);
  });

  it('reads only a regular file (a FIFO in its place blocked the host for ever), and takes a BOM', async () => {
    execFileSync('mkfifo', [file]);
    await expect(readTeamFile(file)).rejects.toThrow(/cannot read the team file \(Not a regular file/);
    await temp.cleanup();
    temp = await makeTempDataset();
    file = path.join(temp.base, 'team.json');
    await writeFile(file, '\uFEFF{"people":[]}');
    expect(await readTeamFile(file)).toEqual([]);
  });

  it('says what is wrong in a bad file, naming it', async () => {
    await writeFile(file, '{"people": [{"name": "../x", "role": "annotator", "token_sha256": "00"}]}');
    await expect(readTeamFile(file)).rejects.toThrow(`${file}: people.0.name: letters, digits`);
    await writeFile(file, '{"people": [{"name": "a", "role": "boss", "token_sha256": "' + '0'.repeat(64) + '"}]}');
    await expect(readTeamFile(file)).rejects.toThrow(`${file}: people.0.role`);
    const row = (name: string) => ({ name, role: 'annotator', token_sha256: '0'.repeat(64) });
    await writeFile(file, JSON.stringify({ people: [row('Alice'), row('alice')] }));
    await expect(readTeamFile(file)).rejects.toThrow('people.1: alice is listed twice');
    await writeFile(file, '{');
    await expect(readTeamFile(file)).rejects.toThrow(`${file}: not JSON`);
    await expect(addTeamMember(file, 'x/y', 'annotator')).rejects.toThrow('x/y: a name may hold');
  });
});
