// `npm run make:sample [-- --skip-video] [--only retail-01,...]`: bundles index.ts with esbuild
// to a temporary module and runs it.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const entry = process.env.MAKE_SAMPLE_ENTRY ?? join(here, 'index.ts');
// inside the repository so that external packages resolve from its node_modules
const cache = join(here, '..', '..', '..', 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'make-sample-'));
const out = join(dir, 'make-sample.mjs');
try {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    packages: 'external',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const mod = await import(pathToFileURL(out).href);
  await mod.main(process.argv.slice(2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
