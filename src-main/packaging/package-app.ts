// `npm run package`: the built studio (out/) packaged with @electron/packager into dist/, then
// the fuses flipped in each packaged binary. Run through src-main/launchers/package.mjs.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { flipFuses } from '@electron/fuses';
import { packager, type Options } from '@electron/packager';
import { fusesFor } from './fuses';
import { bareImports, electronBinaryIn, mainRuntimePackages, packagerOptions } from './packager-options';

/** Fails when the built main process imports a package that would be left out of app.asar. */
async function checkMainImports(mainDir: string): Promise<void> {
  const files = (await readdir(mainDir, { recursive: true })).filter((file) => file.endsWith('.js'));
  const imported = new Set((await Promise.all(files.map(async (file) => bareImports(await readFile(path.join(mainDir, file), 'utf8'))))).flat());
  const missing = [...imported].filter((name) => !mainRuntimePackages.includes(name));
  if (missing.length > 0) throw new Error(`out/main imports ${missing.join(', ')}: add them to mainRuntimePackages (src-main/packaging/packager-options.ts)`);
}

/** `overrides`: e.g. electronZipDir, platform, arch (packager's options of the same names). */
export async function packageApp(repoRoot: string, overrides: Partial<Options> = {}): Promise<string[]> {
  await checkMainImports(path.join(repoRoot, 'out', 'main'));
  const options = packagerOptions(repoRoot, path.join(repoRoot, 'dist'));
  return packager({
    ...options,
    ...overrides,
    afterComplete: [
      async ({ buildPath, platform, arch }) => {
        await flipFuses(electronBinaryIn(buildPath, platform), fusesFor(platform, arch));
      },
    ],
  });
}
