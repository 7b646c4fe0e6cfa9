// `npm run fuzz`: bundles the fuzzer (fuzz/main.ts and its worker) with esbuild into out/fuzz/,
// with the CLI's bundle options, then runs it. FUZZ_CASES, FUZZ_SEED and FUZZ_THREADS tune a run.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeBundleOptions } from '../src-main/cli/build-cli.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(repoRoot, 'out', 'fuzz');
await build({
  ...nodeBundleOptions,
  entryPoints: { main: path.join(repoRoot, 'fuzz/main.ts'), 'case-worker': path.join(repoRoot, 'fuzz/case-worker.ts') },
  outdir,
});
await import(pathToFileURL(path.join(outdir, 'main.mjs')).href);
