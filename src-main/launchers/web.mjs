// `npm run web [-- --port N --dataset DIR --config-dir DIR]`: build when needed, then run the
// browser host on the sample dataset (or the one named) and print its URL. A team host takes
// `--team team.json --listen ADDR --public-name NAME --tls-cert F --tls-key F` (web-host/cli-args.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, repoRoot, withDefaultDataset } from './build-if-needed.mjs';

const webHost = path.join(repoRoot, 'out', 'main', 'web-host.js');
// --help answers from the build there is (the usage lives in it); a first run builds it.
const askedForHelp = process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h');
if (!askedForHelp || !existsSync(webHost)) buildIfNeeded();
process.argv = [process.argv[0], webHost, ...withDefaultDataset(process.argv.slice(2))];
await import(pathToFileURL(webHost).href);
