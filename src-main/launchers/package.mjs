// `npm run package`: bundle src-main/packaging (TypeScript) with esbuild, then package the built
// studio for this platform into dist/ with its fuses set. Needs the Electron download (Node 22.12+).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildIfNeeded, repoRoot } from './build-if-needed.mjs';

buildIfNeeded();
const script = path.join(repoRoot, 'out', 'packaging', 'package-app.mjs');
await build({
  entryPoints: [path.join(repoRoot, 'src-main', 'packaging', 'package-app.ts')],
  outfile: script,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { packageApp } = await import(pathToFileURL(script).href);
for (const folder of await packageApp(repoRoot)) console.log(`packaged: ${path.relative(repoRoot, folder)}`);
