#!/usr/bin/env node
// The `egostudio` command: rebuilds the bundled CLI when its sources changed, then runs it.
// Commands that score restart first with the V8 flags they run best with (scoring-flags.mjs).
import { spawn } from 'node:child_process';
import { buildCli, cliIsStale, cliOutDir } from './build-cli.mjs';
import { scoringRestartArgs } from './scoring-flags.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Set for the restarted command: it ends when this launcher does (its channel closes). */
const LAUNCHED = 'EGOSTUDIO_LAUNCHER_CHANNEL';
const restart = scoringRestartArgs(process.execArgv, process.argv);
if (restart) {
  // The channel tells the child when this process is gone, even by SIGKILL (a CI job's timeout, the
  // OOM killer): without it the child went on and wrote its --json over a later job's.
  const child = spawn(process.execPath, restart, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, [LAUNCHED]: '1' } });
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
  if (process.env[LAUNCHED]) {
    // Restarted by the launcher above: end with it. Gone before this began, it left no channel.
    delete process.env[LAUNCHED];
    if (!process.channel || !process.connected) process.exit(1);
    process.channel.unref(); // the channel alone keeps nothing alive
    process.on('disconnect', () => process.exit(1));
  }
  if (cliIsStale()) await buildCli();
  const { main } = await import(pathToFileURL(path.join(cliOutDir, 'egostudio.mjs')).href);
  process.exitCode = await main(process.argv.slice(2));
}
