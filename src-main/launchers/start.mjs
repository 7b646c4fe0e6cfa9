// `npm start`: build when needed, then open the Electron window on the sample dataset.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, repoRoot, withDefaultDataset } from './build-if-needed.mjs';
import { electronEnvironment } from './electron-env.mjs';

const electronPackage = path.join(repoRoot, 'node_modules', 'electron');

/**
 * The Electron binary when it is installed, else null. Read from path.txt rather than through
 * require('electron'): since Electron 42 that require downloads the binary when it is missing.
 */
function electronBinary() {
  try {
    const binary = path.join(electronPackage, 'dist', readFileSync(path.join(electronPackage, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const electron = electronBinary();
if (!electron) {
  console.error(
    'The Electron binary is not installed here (node_modules/electron/dist is missing). ' +
      'Download it with `npx install-electron` (Node 22.12 or later; on Node 20: `npx -y node@22 node_modules/electron/install.js`), ' +
      'or run `npm run web` to use the studio in a browser.',
  );
  process.exit(1);
}

buildIfNeeded();
const child = spawn(electron, ['.', ...withDefaultDataset(process.argv.slice(2), '--default-dataset')], { cwd: repoRoot, stdio: 'inherit', env: electronEnvironment(process.env) });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
