// The progress of a long command on stderr, once it has taken more than 2 s. At a terminal one line
// is rewritten in place (twice a second at most); into a file or a CI log, where every write stays,
// a line every 10 s (a 45 s run wrote 90 lines there).
export interface ProgressOutput {
  write(text: string): void;
  /** stderr is a terminal: a line can be rewritten with a carriage return. */
  isTerminal: boolean;
}

const QUIET_START_MS = 2000;
const TERMINAL_EVERY_MS = 500;
const LOG_EVERY_MS = 10_000;

export function progressReporter(label: string, output: ProgressOutput, now: () => number = Date.now) {
  const started = now();
  let lastPrint = -Infinity;
  let printed = false;
  const seconds = (at: number) => `${((at - started) / 1000).toFixed(1)} s`;
  return {
    update(done: number, total: number) {
      const at = now();
      if (at - started < QUIET_START_MS || at - lastPrint < (output.isTerminal ? TERMINAL_EVERY_MS : LOG_EVERY_MS)) return;
      lastPrint = at;
      printed = true;
      const share = total > 0 ? ` ${Math.min(100, Math.round((100 * done) / total))}%` : '';
      const line = `${label}:${share} (${seconds(at)})`;
      output.write(output.isTerminal ? `\r${line}\u001b[K` : `${line}\n`);
    },
    finish() {
      if (printed) output.write(`${output.isTerminal ? '\r' : ''}${label}: done in ${seconds(now())}${output.isTerminal ? '\u001b[K' : ''}\n`);
    },
  };
}
