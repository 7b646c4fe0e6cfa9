// `npm start`: build when needed, then open the Electron window on the sample dataset.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildIfNeeded, repoRoot, withDefaultDataset } from './build-if-needed.mjs';

function electronBinary() {
  try {
    // The electron package exports the path of its binary, and throws when it was never downloaded.
    const binary = createRequire(import.meta.url)('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const electron = electronBinary();
if (!electron) {
  console.error('The Electron binary is not installed here (node_modules/electron/dist is missing); run `npm run web` to use the studio in a browser.');
  process.exit(1);
}

buildIfNeeded();
const env = { ...process.env };
// Set by some shells and tools; it would turn Electron into plain Node.
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(electron, ['.', ...withDefaultDataset(process.argv.slice(2))], { cwd: repoRoot, stdio: 'inherit', env });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
