// What `npm run package` hands @electron/packager, as data so a unit test can read it.
import path from 'node:path';
import type { Options } from '@electron/packager';

export const productName = 'EgoBench Studio';
export const executableName = 'egobench-studio';

/**
 * The packages the built main process imports (electron-vite leaves dependencies external); the
 * renderer's (React, Monaco, ...) are bundled into out/renderer and would only add ~250 MB.
 * package-app.ts refuses to package when out/main imports a package missing here.
 */
export const mainRuntimePackages = ['@cfworker/json-schema', '@noble/hashes', 'jsonc-parser', 'sql.js', 'zod'];

/** The packages (not node: builtins, not electron) a built module imports. */
export function bareImports(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g)) {
    const specifier = match[1];
    if (specifier.startsWith('node:') || specifier === 'electron') continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return [...names].sort();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * What goes into app.asar, relative to the repository (packager passes paths with a leading
 * slash): package.json, the built main, preload and renderer, and the main process's runtime
 * packages (packager also prunes devDependencies). Sources, tests, datasets, the CLI build,
 * e2e and the renderer's packages stay out.
 */
const included = [
  /^\/package\.json$/,
  /^\/out(\/(main|preload|renderer)(\/.*)?)?$/,
  /^\/node_modules$/,
  ...mainRuntimePackages.flatMap((name) => [
    ...(name.startsWith('@') ? [new RegExp(`^/node_modules/${escape(name.split('/')[0])}$`)] : []),
    new RegExp(`^/node_modules/${escape(name)}(/.*)?$`),
  ]),
];

export function isPackaged(relativePath: string): boolean {
  return relativePath === '' || included.some((pattern) => pattern.test(relativePath));
}

export function packagerOptions(repoRoot: string, outDir: string): Options {
  return {
    dir: repoRoot,
    out: outDir,
    name: productName,
    executableName,
    overwrite: true,
    prune: true,
    ignore: (relativePath) => !isPackaged(relativePath),
    // Required by the OnlyLoadAppFromAsar and ASAR integrity fuses.
    asar: true,
    asarIntegrityDigest: true,
  };
}

/** The Electron binary (or, on macOS, the bundle @electron/fuses finds it in) inside a packaged app. */
export function electronBinaryIn(packagedDir: string, platform: string): string {
  if (platform === 'darwin' || platform === 'mas') return path.join(packagedDir, `${productName}.app`);
  if (platform === 'win32') return path.join(packagedDir, `${executableName}.exe`);
  return path.join(packagedDir, executableName);
}
