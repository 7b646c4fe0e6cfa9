#!/usr/bin/env node
// The `egostudio` command: rebuilds the bundled CLI when its sources changed, then runs it.
import { buildCli, cliIsStale, cliOutDir } from './build-cli.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

if (cliIsStale()) await buildCli();
const { main } = await import(pathToFileURL(path.join(cliOutDir, 'egostudio.mjs')).href);
process.exitCode = await main(process.argv.slice(2));
