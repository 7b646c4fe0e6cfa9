// Every egostudio command's arguments, options, help and example, in one place. Only data:
// the commands themselves (egostudio.ts, report.ts, bench.ts) are loaded when they run.
import type { CommandSpec, OptionSpec } from './command-line';

const EXIT_CODES = '0 all input was valid; 2 some was not (each problem listed with its file and line, the rest evaluated); 1 nothing could be read or the command line was wrong';
const dataset = ['<dataset>', 'a dataset folder (SPEC §1): dataset.json, tasks.jsonl, scenarios/, ...'] as const;
const trajectories = {
  type: 'string',
  multiple: true,
  value: 'PATH',
  help: "a trajectory file or folder (folders are read in code-point order of their paths); without it, the dataset's trajectories/",
} as const satisfies OptionSpec;
const workers = { type: 'string', value: 'N', help: 'scoring threads beside this one (default: one per 16 MB of trajectories, at most one per core and 8); under the time limit scoring runs in N + 1 workers, none on this thread; with --time-limit 0, N workers beside this one (0: this thread alone)' } as const satisfies OptionSpec;

/**
 * The CLI's default time limit for one seed statement, one call or one trajectory's score (s). Datasets come from other
 * people: one whose SQL never ends must not keep a command running; a legitimate statement or
 * call takes milliseconds (a seed's slowest statement in the sample: a few ms).
 */
export const DEFAULT_TIME_LIMIT_S = 60;

/** --time-limit of the commands that score trajectories (evaluate, report). */
const scoringTimeLimit = {
  type: 'string',
  value: 'SECONDS',
  help: `score in worker threads only, each ended when one seed statement, one call or one trajectory's whole score runs longer than SECONDS (a trajectory: at least 10 s): a problem naming the file and line, or the tool, that leaves out the scenario's trajectories (a seed), those that need the call, or that trajectory, as in the studio (default ${DEFAULT_TIME_LIMIT_S}; 0: no limit, this thread scores too, and SQL that never ends keeps the command running)`,
} as const satisfies OptionSpec;

const spec = <const O extends Record<string, OptionSpec>>(s: CommandSpec<O>): CommandSpec<O> => s;

const noCache = { type: 'boolean', help: 'score every trajectory file, even those whose scores are cached' } as const satisfies OptionSpec;
const cacheDir = { type: 'string', value: 'DIR', help: 'where scores of unchanged trajectory files are kept (default: $XDG_CACHE_HOME/egostudio/scores, else ~/.cache/egostudio/scores)' } as const satisfies OptionSpec;

export const evaluateSpec = spec({
  name: 'evaluate',
  summary: 'score trajectories (SPEC §8-§10): a table per model and mode, the full report as JSON',
  arguments: [dataset],
  options: {
    trajectories,
    json: { type: 'string', value: 'FILE', help: 'write the full report (SPEC §12) to FILE (- writes it to stdout, and the table to stderr)' },
    workers,
    'no-cache': noCache,
    'cache-dir': cacheDir,
    'time-limit': scoringTimeLimit,
    provenance: {
      type: 'string',
      value: 'FILE',
      help: 'write what the figures were computed from to FILE: the studio version, scoring build, profile, and sha256 of the dataset and of each trajectory file',
    },
  },
  examples: ['egostudio evaluate datasets/egobench-sample --json /tmp/report.json', 'egostudio evaluate untrusted-dataset --time-limit 10'],
  exitCodes: EXIT_CODES,
});

export const agreementSpec = spec({
  name: 'agreement',
  summary: 'inter-annotator agreement (SPEC §11) of two annotators',
  arguments: [dataset],
  options: {
    annotators: { type: 'string', value: 'A,B', required: true, help: 'the two annotators compared: annotations/A.jsonl and annotations/B.jsonl' },
    json: { type: 'string', value: 'FILE', help: 'write the per-task figures and the summary (SPEC §12) to FILE (- writes it to stdout, and the table to stderr)' },
    'time-limit': {
      type: 'string',
      value: 'SECONDS',
      help: `compare in a worker thread; a scenario whose seed statement or call runs longer than SECONDS is a problem naming the file and line, or the tool, and its tasks are left out (default ${DEFAULT_TIME_LIMIT_S}; 0: no limit, in this thread)`,
    },
  },
  examples: ['egostudio agreement datasets/egobench-sample --annotators alice,bob'],
  exitCodes: EXIT_CODES,
});

export const reportSpec = spec({
  name: 'report',
  summary: "the paper's tables (CSV, Markdown, LaTeX) and figures (SVG), from the same figures as evaluate",
  arguments: [dataset],
  options: {
    out: { type: 'string', value: 'DIR', required: true, help: 'the folder the tables and figures are written to (created if missing)' },
    trajectories,
    workers,
    'no-cache': noCache,
    'cache-dir': cacheDir,
    'time-limit': scoringTimeLimit,
  },
  examples: ['egostudio report datasets/egobench-sample --out /tmp/tables'],
  exitCodes: EXIT_CODES,
});

export const importEgobenchSpec = spec({
  name: 'import-egobench',
  summary: 'convert an EgoBench release into a dataset scored with the egobench profile (SPEC §13)',
  arguments: [['<release-dir>', 'the EgoBench release folder (tasks, tools/, init/, results)']],
  options: {
    out: { type: 'string', value: 'DIR', required: true, help: 'the new dataset folder: empty or not there yet (outside the release)' },
    replace: {
      type: 'boolean',
      help: "write over the dataset in --out (an earlier import): its files of the same names are replaced, ground_truth.jsonl too; refused, with nothing written, when that would drop tasks the release lacks or ground-truth lines that differ from the release's (added or adjudicated since)",
    },
    'trajectories-only': {
      type: 'boolean',
      help: "add the runs of the --results folders (not the release's own results/) to the existing dataset in --out and write nothing else (its tasks, ground truth and annotations stay as they are); a trajectory file already there is refused unless --replace",
    },
    name: { type: 'string', value: 'NAME', help: "the dataset's name in dataset.json (default: 'EgoBench (imported release)')" },
    json: { type: 'string', value: 'FILE', help: 'write what the import found, every lint warning, note, drift and problem with its file and line (the output lists the first ones), and its summary to FILE (- writes it to stdout, the rest to stderr)' },
    results: {
      type: 'string',
      multiple: true,
      value: 'DIR',
      help: 'a further folder laid out like the release\'s results/ (<model>/<variant>_<mode>.json), imported as trajectories',
    },
  },
  examples: [
    'egostudio import-egobench ../shared/egobench --out /tmp/egobench',
    'egostudio import-egobench ../shared/egobench --out /tmp/egobench --replace',
    'egostudio import-egobench ../shared/egobench --results my-agent-results --out /tmp/egobench --trajectories-only',
  ],
  exitCodes: '0 imported with no problem; 2 imported, some files had problems (listed); 1 no task (with --trajectories-only: no run) could be imported, the import was refused, or the command line was wrong',
});

export const auditSpec = spec({
  name: 'audit',
  summary: 'ground-truth audit: calls and values that many runs of a task agree on but the ground truth lacks, and tasks every run fails',
  arguments: [dataset],
  options: {
    trajectories,
    json: { type: 'string', value: 'FILE', help: 'write the suspects (runs, values, what each finds on the seed database) and the problems to FILE (- writes it to stdout, and the table to stderr)' },
    'min-agree': { type: 'string', value: 'N', help: "runs that must agree (default: half of the task's runs, at least 3)" },
    'time-limit': {
      type: 'string',
      value: 'SECONDS',
      help: `audit in a worker thread; a scenario whose seed statement or call runs longer than SECONDS is a problem naming the file and line, or the tool, and its trajectories are left out (default ${DEFAULT_TIME_LIMIT_S}; 0: no limit, in this thread)`,
    },
  },
  examples: ['egostudio audit datasets/egobench-sample --json /tmp/audit.json', 'egostudio audit untrusted-dataset --time-limit 10'],
  exitCodes: EXIT_CODES,
});

export const benchSpec = spec({
  name: 'bench',
  summary: 'evaluate two synthetic corpora (distinct and repetitive runs) over the sample scenarios, cold, and time one agreement recompute',
  arguments: [],
  options: {
    tasks: { type: 'string', value: 'N', default: '1590', help: 'synthetic tasks (x 8 models x 3 modes trajectories)' },
    sample: { type: 'string', value: 'DIR', default: 'datasets/egobench-sample', help: 'the dataset whose scenarios and ground truth are used' },
    keep: { type: 'boolean', help: 'keep the corpus folders and print where they are' },
    only: { type: 'string', value: 'KIND', help: 'one corpus only: distinct or repetitive (default: both)' },
    runs: { type: 'string', value: 'N', default: '3', help: 'cold evaluations per corpus, each in a fresh process; the line shows the median by CPU time and the range' },
  },
  examples: ['egostudio bench --tasks 200 --keep', 'egostudio bench --only distinct --runs 5'],
  exitCodes: '0 done; 1 the command line was wrong or the sample could not be read',
});

export const teamAddSpec = spec({
  name: 'team-add',
  summary: "add a person to a team host's team.json (or give them a new token) and print their personal link",
  arguments: [
    ['<team.json>', 'the team file the host is started with (npm run web -- --team FILE); created if missing'],
    ['<name>', "the person's name: annotations/<name>.jsonl or reviews/<name>.jsonl (letters, digits, '.', '_', '-')"],
  ],
  options: {
    role: { type: 'string', value: 'ROLE', required: true, help: 'annotator (writes annotations/<name>.jsonl), adjudicator (ground_truth.jsonl, project settings) or reviewer (reviews/<name>.jsonl)' },
    url: { type: 'string', value: 'URL', help: "the team host's address as the person reaches it, e.g. https://studio.lab.example:5174 (default: a placeholder to replace)" },
  },
  examples: ['egostudio team-add team.json alice --role annotator --url https://studio.lab.example:5174'],
  exitCodes: '0 added, link printed; 1 the command line or team.json was wrong',
});

/** Run by `bench` in a fresh process; not for people. */
export const benchEvaluateSpec = spec({
  name: 'bench-evaluate',
  summary: "bench's cold evaluation of a corpus folder (internal)",
  arguments: [['<corpus>', 'the folder bench wrote']],
  options: { workers },
  examples: ['egostudio bench-evaluate /tmp/egostudio-bench-XXXX'],
  exitCodes: '0 done',
  hidden: true,
});

export const COMMAND_SPECS: readonly CommandSpec[] = [evaluateSpec, agreementSpec, reportSpec, importEgobenchSpec, benchSpec, auditSpec, teamAddSpec, benchEvaluateSpec];
