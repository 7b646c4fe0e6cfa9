// V8 flags for the commands that score trajectories, read only at start-up (so the `egostudio`
// script restarts itself with them for those commands; the browser host, whose scoring workers
// share its flags, is started with them: `npm run web`, e2e/studio-host.ts). Not in the desktop
// app: Electron takes V8 flags for its main process only on its command line (flags V8 reads when
// code compiles are set at run time instead, there too: src-main/services/sql-node.ts). On two
// cores every scoring thread is busy, and V8's helper threads then compete with them for the cores:
// - `--single-threaded-gc`: with one GC thread per isolate the bench's distinct corpus took
//   10.3 s of CPU instead of 14.2 s (4.8 s wall instead of 6.7 s) on this quiet 2-core machine.
// - `--no-concurrent-recompilation`: each scoring thread runs TurboFan itself when a function gets
//   hot, instead of handing it to a background thread: 2-3% less CPU on the distinct corpus in
//   four alternating pairs out of four (0.166-0.172 vs 0.170-0.175 ms per trajectory), wall no
//   worse; the repetitive and egobench corpora within noise.
// Measured again on 2026-12-02, with the scorer as it is now (far less garbage, two threads): the
// two flags together save ~3% of CPU on the distinct corpus (0.139 against 0.144 ms per trajectory,
// medians of five alternating runs each), `--single-threaded-gc` alone ~0.5% of it. Setting
// `--single-threaded-gc` at run time (v8.setFlagsFromString) aborts V8, so the desktop app, whose
// main process takes no V8 flags but from its command line, scores without them.
export const SCORING_V8_FLAGS = ['--single-threaded-gc', '--no-concurrent-recompilation'];
const SCORING_COMMANDS = new Set(['evaluate', 'report', 'audit', 'bench-evaluate']);

/**
 * The node arguments to restart this script with (flags first, then the script and its
 * arguments), or null when the command does not score or the flags are already set.
 */
export function scoringRestartArgs(execArgv, argv) {
  const [script, command, ...rest] = argv.slice(1);
  if (!SCORING_COMMANDS.has(command)) return null;
  const missing = SCORING_V8_FLAGS.filter((flag) => !execArgv.includes(flag));
  if (missing.length === 0) return null;
  return [...missing, ...execArgv, script, command, ...rest];
}
