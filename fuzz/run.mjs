// `npm run fuzz`: bundles the fuzzer (fuzz/main.ts and its worker) with esbuild into out/fuzz/,
// as the CLI is bundled, then runs it. FUZZ_CASES, FUZZ_SEED and FUZZ_THREADS tune a run.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(repoRoot, 'out', 'fuzz');
await build({
  entryPoints: { main: path.join(repoRoot, 'fuzz/main.ts'), 'case-worker': path.join(repoRoot, 'fuzz/case-worker.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
await import(pathToFileURL(path.join(outdir, 'main.mjs')).href);
