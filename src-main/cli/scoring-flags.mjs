// V8 flags for the commands that score trajectories. Scoring allocates many short-lived objects
// on every thread, and V8's parallel GC helper threads then compete with the scoring threads for
// the cores: with one GC thread per isolate the bench's distinct corpus took 10.3 s of CPU
// instead of 14.2 s (4.8 s wall instead of 6.7 s) on this quiet 2-core machine. V8 reads the flag
// only at start-up, so the `egostudio` script restarts itself with it for those commands; the
// browser host, whose scoring workers share its flags, is started with it (`npm run web`).
// Not in the desktop app: Electron takes V8 flags for its main process only on its command line.
export const SCORING_V8_FLAGS = ['--single-threaded-gc'];
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
