// Bundles the egostudio CLI (and its worker) from TypeScript into out/cli/ with esbuild.
// Dependencies are bundled in, except sql.js (resolved from node_modules at run time).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const cliOutDir = path.join(repoRoot, 'out', 'cli');
// Named entries: both bundles land side by side in out/cli/ (the CLI finds its worker beside itself).
const entryPoints = {
  egostudio: path.join(repoRoot, 'src-main/cli/egostudio.ts'),
  'eval-worker': path.join(repoRoot, 'src-main/services/evaluation/eval-worker.ts'),
  // The EgoBench import's worker (services/import-egobench/in-worker.ts finds it beside the CLI).
  'import-worker': path.join(repoRoot, 'src-main/services/import-egobench/import-worker.ts'),
};
const sourceDirs = ['shared', 'src-main/cli', 'src-main/services'].map((p) => path.join(repoRoot, p));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures') newest = Math.max(newest, newestMtime(full));
    } else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than any source it is built from. */
export function cliIsStale() {
  let built;
  try {
    built = Math.min(...['egostudio.mjs', 'eval-worker.mjs', 'import-worker.mjs'].map((f) => statSync(path.join(cliOutDir, f)).mtimeMs));
  } catch {
    return true;
  }
  return sourceDirs.some((dir) => newestMtime(dir) > built);
}

/** esbuild options of the project's Node bundles (the CLI and its worker here, the fuzzer in fuzz/run.mjs). */
export const nodeBundleOptions = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies are bundled: resolving and loading their many ESM files cost every process and
  // worker more CPU than compiling one file. sql.js stays outside: it finds its wasm beside itself.
  external: ['sql.js'],
  mainFields: ['module', 'main'], // ESM builds (jsonc-parser's UMD main requires its files at run time)
  sourcemap: 'linked',
  logLevel: 'warning',
};

/** esbuild's names of split chunks: `<name>-<8-character hash>.mjs`, and their source maps. */
const CHUNK_NAME = /^[\w-]+-[A-Z0-9]{8}\.mjs(\.map)?$/;

/**
 * Beside each build's evaluation worker (out/cli/eval-worker.mjs, out/main/eval-worker.js): the
 * sources it was built from, so that the CLI's and the studio's builds of the same sources name
 * the same scorer (the bundles differ: the studio's leaves its dependencies outside). Its name is
 * SCORING_SOURCES_FILE in services/evaluation/score-cache.ts, which reads it.
 */
export const SCORING_SOURCES_FILE = 'eval-worker.sources.json';

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * The scoring sources' hash: every file esbuild takes into the worker (the project's by its path in
 * the repository, a dependency's by its path from its node_modules, so a linked node_modules names
 * it alike; each with its bytes), and the versions of the packages left outside it. The same
 * checkout and installed packages give the same hash wherever the repository lies.
 */
export async function scoringSourcesHash() {
  const { build } = await import('esbuild');
  const worker = { ...nodeBundleOptions, absWorkingDir: repoRoot, entryPoints: [entryPoints['eval-worker']], outdir: 'out/.scoring-sources' };
  const { metafile } = await build({ ...worker, write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
  const named = Object.keys(metafile.inputs).map((input) => {
    const at = input.lastIndexOf('node_modules/');
    return { name: at >= 0 ? input.slice(at) : input, file: path.join(repoRoot, input) };
  });
  const hash = createHash('sha256');
  for (const { name, file } of named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) hash.update(`${name}\0${sha256(readFileSync(file))}\n`);
  for (const name of [...nodeBundleOptions.external].sort()) {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'));
    hash.update(`${name}@${version}\n`);
  }
  return hash.digest('hex');
}

/**
 * Writes SCORING_SOURCES_FILE beside a built worker: the sources' hash, and the bundle's, which
 * ties the file to that build. `before`: the sources' hash as the build began; if a source changed
 * during the build, the bundle may hold either version, and no record is written (the scorer is
 * then named by its bundle's hash).
 */
export async function writeScoringSources(outDir, workerFile, before) {
  const target = path.join(outDir, SCORING_SOURCES_FILE);
  const sources = await scoringSourcesHash();
  if (sources !== before) return rmSync(target, { force: true });
  writeFileSync(target, `${JSON.stringify({ sources, bundle: sha256(readFileSync(path.join(outDir, workerFile))) })}\n`);
}

/**
 * Each file through a temporary name and a rename, chunks before the entry files that import
 * them: a process starting meanwhile (tests build while others run the CLI) loads either the old
 * file or the new one, whole. esbuild's own writes truncate in place, and a CI run once loaded a
 * chunk cut short ("does not provide an export named ...").
 */
function writeOutputs(files) {
  mkdirSync(cliOutDir, { recursive: true });
  const entry = (file) => !CHUNK_NAME.test(path.basename(file.path));
  for (const file of [...files.filter((f) => !entry(f)), ...files.filter(entry)]) {
    const temporary = `${file.path}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

export async function buildCli() {
  // Imported here, not at the top: every `egostudio` command imports this module to check the
  // bundle, and loading esbuild's CommonJS (Node lexes it for its exports) cost each one CPU.
  const { build } = await import('esbuild');
  const started = Date.now();
  const sources = await scoringSourcesHash();
  const [cli, worker] = await Promise.all([
    // The CLI in parts: the commands it imports when run (report's charts, import, bench, team,
    // audit) are chunks of their own, so a command compiles only what it runs. The chunks sit
    // beside egostudio.mjs: code that finds files from its own URL finds them the same way.
    // The import's worker shares the import's chunks with the CLI (built once, not twice).
    build({
      ...nodeBundleOptions,
      entryPoints: { egostudio: entryPoints.egostudio, 'import-worker': entryPoints['import-worker'] },
      outdir: cliOutDir,
      splitting: true,
      chunkNames: '[name]-[hash]',
      metafile: true,
      write: false,
    }),
    // The worker whole, in one file: its hash names the scores in the cache (score-cache.ts).
    build({ ...nodeBundleOptions, entryPoints: { 'eval-worker': entryPoints['eval-worker'] }, outdir: cliOutDir, write: false }),
  ]);
  writeOutputs([...cli.outputFiles, ...worker.outputFiles]);
  await writeScoringSources(cliOutDir, 'eval-worker.mjs', sources);
  // Chunks of earlier builds go; this build's stay (a command running now may still import them:
  // tests build while others run the CLI, and the same sources give the same names). So do those
  // written since this build began: another build of newer sources (a source saved meanwhile) may
  // have written egostudio.mjs last, and it imports them.
  const current = new Set(Object.keys(cli.metafile.outputs).map((file) => path.basename(file)));
  for (const name of readdirSync(cliOutDir)) {
    if (!CHUNK_NAME.test(name) || current.has(name)) continue;
    const file = path.join(cliOutDir, name);
    if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < started) rmSync(file, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildCli();
