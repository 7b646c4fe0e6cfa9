// The command line's grammar: each command declares its arguments and options once, with a
// line of help each, and that one declaration drives node:util parseArgs (strict), the
// `--help` text and the error messages. Errors are one line and say what to type instead.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

/** An option as parseArgs takes it, plus what `--help` says of it. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  default?: string | boolean;
  /** The value's placeholder in the help, e.g. `FILE`. */
  value?: string;
  /** Shown without brackets in the usage line; the command checks it (parseArgs cannot). */
  required?: boolean;
  help: string;
}

export interface CommandSpec<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  name: string;
  /** One line: what the command does. */
  summary: string;
  /** The positional arguments, e.g. `[['<dataset>', 'a dataset folder (SPEC §1)']]`. */
  arguments: ReadonlyArray<readonly [string, string]>;
  options: O;
  examples: readonly string[];
  /** What the exit codes mean for this command. */
  exitCodes: string;
  /** Internal commands run by other commands; left out of the overview. */
  hidden?: boolean;
}

/** Bad arguments: printed as one line, exit 1. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h', help: 'show this help and exit' } } as const satisfies Record<string, OptionSpec>;

const flag = (name: string, spec: OptionSpec) => `--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;

/** `egostudio evaluate <dataset> [--trajectories PATH ...] [--json FILE]` */
export function usageLine(spec: CommandSpec): string {
  const options = Object.entries<OptionSpec>(spec.options).map(([name, o]) =>
    o.required ? flag(name, o) : `[${flag(name, o)}${o.multiple ? ' ...' : ''}]`,
  );
  return ['egostudio', spec.name, ...spec.arguments.map(([a]) => a), ...options].join(' ');
}

function columns(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** What `egostudio <command> --help` and `egostudio help <command>` print. */
export function commandHelp(spec: CommandSpec): string {
  const options = Object.entries<OptionSpec>({ ...spec.options, ...HELP_OPTION }).map(([name, o]): [string, string] => [
    `${o.short ? `-${o.short}, ` : ''}${flag(name, o)}`,
    `${o.help}${o.required ? ' (required)' : ''}${o.multiple ? ' (repeatable)' : ''}${o.default !== undefined && o.type === 'string' ? ` (default: ${o.default})` : ''}`,
  ]);
  return [
    `egostudio ${spec.name}: ${spec.summary}`,
    '',
    `usage: ${usageLine(spec)}`,
    ...(spec.arguments.length > 0 ? ['', 'arguments:', ...columns(spec.arguments)] : []),
    '',
    'options:',
    ...columns(options),
    '',
    spec.examples.length > 1 ? 'examples:' : 'example:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
    `exit codes: ${spec.exitCodes}`,
    '',
  ].join('\n');
}

/** What `egostudio --help` prints: every visible command with its summary. */
export function overviewHelp(specs: readonly CommandSpec[], version: string): string {
  const visible = specs.filter((s) => !s.hidden);
  return [
    `egostudio ${version}: the EgoBench Studio command line`,
    '',
    'usage: egostudio <command> [arguments] [options]',
    '',
    'commands:',
    ...columns(visible.map((s) => [s.name, s.summary])),
    '',
    'egostudio <command> --help    that command\'s arguments, options and an example (also: egostudio help <command>)',
    'egostudio --version           the version',
    '',
    'exit codes: 0 all input was valid; 2 some input was not (each problem is listed with its file and line);',
    '1 nothing could be read, or the command line was wrong (the message says what to change).',
    '',
  ].join('\n');
}

type ParseConfig<O> = { args: string[]; options: O & typeof HELP_OPTION; allowPositionals: true; strict: true };
type Parsed<O> = ReturnType<typeof parseArgs<ParseConfig<O>>>;

/**
 * Parses a command's arguments strictly against its spec. `help` is true when `--help` or `-h`
 * was given (the caller prints the help then). Throws UsageError naming the valid options.
 */
export function parseCommandArgs<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>, args: string[]): Parsed<O> {
  const options = { ...spec.options, ...HELP_OPTION };
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true } as ParseConfig<O>);
  } catch (error) {
    throw new UsageError(parseErrorMessage(spec, error as Error & { code?: string }, args), spec.name);
  }
  return parsed;
}

function validOptions(spec: CommandSpec): string {
  const names = [...Object.keys(spec.options), 'help'].map((n) => `--${n}`);
  return `${spec.name} takes ${names.join(', ')}`;
}

function parseErrorMessage(spec: CommandSpec, error: Error & { code?: string }, args: readonly string[]): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return `unknown option ${quoted}; ${validOptions(spec)}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = /^--?([\w-]+)/.exec(quoted)?.[1] ?? '';
    const long = Object.entries(spec.options).find(([n, o]) => n === name || o.short === name);
    if (long && long[1].type === 'boolean') return `--${long[0]} is a switch and takes no value`;
    // The argument after the option, as parseArgs read it as an option of its own.
    const at = args.findIndex((arg) => arg === `--${long?.[0]}` || arg === `-${long?.[1].short}`);
    const next = at >= 0 ? args[at + 1] : undefined;
    // A numeric option (its value named N or SECONDS) given a negative number: say that, not "needs a value".
    if (long && (long[1].value === 'N' || long[1].value === 'SECONDS') && /^-\d/.test(next ?? '')) return `--${long[0]} takes no negative number, not ${next}`;
    if (long) return `--${long[0]} needs a value: ${flag(long[0], long[1])} (a value starting with "-": --${long[0]}=VALUE)`;
  }
  return error.message.split('\n')[0];
}

/**
 * `--workers N`, lowered to this machine's cores when it asks for more: scoring is CPU-bound, and
 * each thread costs its own start, warm-up and memory (100 on two cores took 50 times as long and 1.5 GB).
 */
export function workerCount(spec: CommandSpec, value: string | undefined, cores = availableParallelism()): number | undefined {
  const asked = wholeNumber(spec, 'workers', value, 0);
  if (asked === undefined || asked <= cores) return asked;
  process.stderr.write(`egostudio ${spec.name}: --workers ${asked} is more than this machine's ${cores} core(s); scoring with ${cores}\n`);
  return cores;
}

/** A whole number of at least `min` from an option, or undefined when the option was not given. */
export function wholeNumber(spec: CommandSpec, name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} takes a whole number of at least ${min}, not "${value}"`, spec.name);
  return n;
}
