#!/usr/bin/env node
// The `egostudio` command: rebuilds the bundled CLI when its sources changed, then runs it.
// Commands that score restart first with the V8 flags they run best with (scoring-flags.mjs).
import { spawn } from 'node:child_process';
import { buildCli, cliIsStale, cliOutDir } from './build-cli.mjs';
import { scoringRestartArgs } from './scoring-flags.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const restart = scoringRestartArgs(process.execArgv, process.argv);
if (restart) {
  const child = spawn(process.execPath, restart, { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    process.stderr.write(`egostudio: could not restart node with ${restart[0]}: ${error.message}\n`);
    process.exitCode = 1;
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) process.kill(process.pid, signal); // end as the child ended
    else process.exitCode = code ?? 1;
  });
} else {
  if (cliIsStale()) await buildCli();
  const { main } = await import(pathToFileURL(path.join(cliOutDir, 'egostudio.mjs')).href);
  process.exitCode = await main(process.argv.slice(2));
}
