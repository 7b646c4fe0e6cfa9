import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseState, FuseV1Options, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fusesFor, studioFuses } from './fuses';

describe('fuses set at packaging', () => {
  it('disables RunAsNode', () => expect(studioFuses[FuseV1Options.RunAsNode]).toBe(false));
  it('disables NODE_OPTIONS and --inspect arguments', () => {
    expect(studioFuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(studioFuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
  });
  it('encrypts cookies', () => expect(studioFuses[FuseV1Options.EnableCookieEncryption]).toBe(true));
  it('loads the app only from an integrity-checked app.asar', () => {
    expect(studioFuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(studioFuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
  });
  it('gives file:// no extra privileges', () => expect(studioFuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false));
  it('decides every fuse @electron/fuses knows, and fails on one it does not', () => {
    expect(studioFuses.strictlyRequireAllFuses).toBe(true);
    const known = Object.values(FuseV1Options).filter((value) => typeof value === 'number');
    for (const fuse of known) expect(studioFuses[fuse], FuseV1Options[fuse]).toBeTypeOf('boolean');
  });
  it('re-signs ad hoc only for macOS arm64', () => {
    expect(fusesFor('darwin', 'arm64').resetAdHocDarwinSignature).toBe(true);
    expect(fusesFor('darwin', 'x64').resetAdHocDarwinSignature).toBe(false);
    expect(fusesFor('linux', 'arm64').resetAdHocDarwinSignature).toBe(false);
  });
});

// A stand-in binary laid out as Electron's: the fuse sentinel, wire version 1, wire length, one
// byte per fuse ('0' off, '1' on). flipFuses edits real binaries the same way.
const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'fuses-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

async function fakeElectron(wire: string): Promise<string> {
  const file = path.join(dir, 'electron');
  const bytes = Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(sentinel), Buffer.from([1, wire.length]), Buffer.from(wire), Buffer.alloc(4096, 7)]);
  await writeFile(file, bytes);
  return file;
}

describe('flipping the fuses in a binary', () => {
  it("writes the studio's fuses over Electron's defaults", async () => {
    // Electron's shipped defaults: RunAsNode, cookie encryption off, NODE_OPTIONS, --inspect on, ...
    const binary = await fakeElectron('101100011');
    await flipFuses(binary, fusesFor('linux', 'x64'));
    const wire = await getCurrentFuseWire(binary);
    const state = (fuse: FuseV1Options) => (wire as Record<number, FuseState>)[fuse];
    expect(state(FuseV1Options.RunAsNode)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(FuseState.DISABLE);
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(FuseState.ENABLE);
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(FuseState.DISABLE);
  });

  it('refuses a binary with a fuse nobody decided on', async () => {
    const binary = await fakeElectron('1011000111');
    await expect(flipFuses(binary, fusesFor('linux', 'x64'))).rejects.toThrow(/strictlyRequireAllFuses/);
  });
});
