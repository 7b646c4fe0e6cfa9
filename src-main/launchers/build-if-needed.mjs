// Shared by `npm start` and `npm run web`: rebuild out/ when a source is newer than the build,
// and pick the dataset to open when none is named.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

const buildOutputs = ['out/main/index.js', 'out/main/web-host.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
const buildInputs = ['src-main', 'src-renderer', 'shared', 'electron.vite.config.ts', 'package.json'];

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function isBuildStale() {
  const outputs = buildOutputs.map((file) => path.join(repoRoot, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const newestInput = Math.max(...buildInputs.map((input) => path.join(repoRoot, input)).filter(existsSync).map(newestMtime));
  return newestInput > oldestOutput;
}

export function buildIfNeeded() {
  if (!isBuildStale()) return;
  console.log('Building the studio (electron-vite build)...');
  const bin = path.join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [bin, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * `--dataset DIR` from the arguments, else datasets/egobench-sample, else the first dataset found,
 * passed as `flag` (the desktop marks it `--default-dataset`: a second `npm start` while the studio
 * runs then leaves the window on the dataset it shows, as a second launch of the app does).
 */
export function withDefaultDataset(args, flag = '--dataset') {
  if (args.some((arg) => arg === '--dataset' || arg.startsWith('--dataset='))) return args;
  const datasetsDir = path.join(repoRoot, 'datasets');
  const hasManifest = (name) => existsSync(path.join(datasetsDir, name, 'dataset.json'));
  const names = existsSync(datasetsDir) ? readdirSync(datasetsDir).sort() : [];
  const chosen = hasManifest('egobench-sample') ? 'egobench-sample' : names.find(hasManifest);
  return chosen ? [...args, flag, path.join(datasetsDir, chosen)] : args;
}
