// What the CLI writes to the terminal. Datasets are untrusted: their names, ids and messages must
// not reach a terminal as control sequences (an escape can retitle the window or clear the screen,
// a carriage return or bidi control can hide text), nor forge lines with a newline of their own.
// Such characters are written escaped, as JSON writes them (\u001b).
import { refuseUnwritableOutput, writeOutputFile } from './output-files';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NEWLINE = /\n/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text whose own lines are kept; every other control character escaped. */
export function terminalText(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** One field of dataset text on one line: its newlines escaped too. */
export function oneLine(text: string): string {
  return terminalText(text).replace(NEWLINE, escaped);
}

/** `--json -`: the report has stdout, and what is written for people goes to stderr. */
let stdoutHeldForJson = false;

/** Streams whose reader went away (EPIPE: `| head` has read what it wanted): nothing more is written there. */
const closed = new Set<NodeJS.WriteStream>();
let listening = false;

/**
 * An EPIPE on stdout or stderr no longer kills the process with a stack: that stream is written no
 * more, and the command finishes its work (its --json file, its exit code by SPEC §12). Any other
 * write error (`>/dev/full`: ENOSPC) is said in one line on the other stream, as every error is,
 * and the command exits 1 (its output is not whole). Once per process.
 */
export function keepGoingWhenOutputCloses(): void {
  if (listening) return;
  listening = true;
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      closed.add(stream);
      if (error.code === 'EPIPE') return;
      if (stream === process.stdout) write(process.stderr, `egostudio: cannot write to standard output: ${oneLine(error.message)}\n`);
      process.once('exit', (code) => {
        if (code === 0) process.exitCode = 1;
      });
    });
}

function write(stream: NodeJS.WriteStream, text: string): void {
  if (!closed.has(stream)) stream.write(text);
}

export function out(text: string): void {
  write(stdoutHeldForJson ? process.stderr : process.stdout, terminalText(text));
}

/** Call before any output: `--json -` asks for the report on stdout. */
export function holdStdoutForJson(file: string | undefined): void {
  stdoutHeldForJson = file === '-';
  if (file !== '-') refuseUnwritableOutput('--json', file, ' (or - for standard output)');
}

/** The report as JSON to FILE, or to stdout for `-` (control characters escaped there, still JSON). */
export async function writeJsonReport(file: string | undefined, value: unknown): Promise<void> {
  if (!file) return;
  const text = JSON.stringify(value, null, 2) + '\n';
  if (file === '-') write(process.stdout, terminalText(text));
  else await writeOutputFile(file, text);
}

export function err(text: string): void {
  write(process.stderr, terminalText(text));
}

/**
 * Problems of the files that define the dataset (dataset.json, tasks, ground truth, scenarios) come
 * first: one of them (a seed statement past the time limit) can leave out hundreds of trajectories,
 * each a problem of its own, and the cause must not be among those cut off after 50.
 */
function causesFirst<P extends { file: string; line: number }>(problems: readonly P[]): P[] {
  const defines = (p: P) => /^(dataset\.json|tasks\.jsonl|ground_truth\.jsonl|scenarios\/)/.test(p.file);
  // Then, among those, a line named before the file as a whole ("task x left out: scenario cannot run");
  // but tasks.jsonl or dataset.json not read at all (missing, a link refused) is the cause of all the rest.
  const whole = (p: P) => (p.file === 'tasks.jsonl' || p.file === 'dataset.json') && p.line === 0;
  const rank = (p: P) => (whole(p) ? -1 : defines(p) ? (p.line > 0 ? 0 : 1) : 2);
  return problems.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map(({ p }) => p);
}

/** The problems list every command prints on stderr: at most 50, each on one line, causes first; `more`: where the rest are. */
export function printProblems(problems: readonly { file: string; line: number; message: string }[], more = 'see --json'): void {
  if (problems.length === 0) return;
  err(`${problems.length} problem(s):\n`);
  for (const p of causesFirst(problems).slice(0, 50)) err(`  ${oneLine(p.file)}:${p.line}: ${oneLine(p.message)}\n`);
  if (problems.length > 50) err(`  ... and ${problems.length - 50} more (${more})\n`);
}
