// The CLI build's clean-up of old chunks: an earlier build's go, but not those another build
// wrote while this one ran (it may have written egostudio.mjs last, which imports them: two
// `egostudio` commands started as a source was saved left the CLI without its chunks).
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildCli, cliOutDir } from './build-cli.mjs';

it('removes chunks older than the build, keeps one written while it ran', { timeout: 60_000 }, async () => {
  await buildCli(); // out/cli exists
  const old = path.join(cliOutDir, 'chunk-OLDOLD00.mjs');
  const meanwhile = path.join(cliOutDir, 'chunk-NEWNEW00.mjs');
  writeFileSync(old, '// an earlier build\n');
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(old, hourAgo, hourAgo);
  writeFileSync(meanwhile, '// another build, under way\n');
  const soon = new Date(Date.now() + 60_000);
  utimesSync(meanwhile, soon, soon); // as if written after this build began
  try {
    await buildCli();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(meanwhile)).toBe(true);
  } finally {
    for (const file of [old, meanwhile]) rmSync(file, { force: true });
  }
});
