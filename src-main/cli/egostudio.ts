// egostudio: the studio's command line (SPEC §12). Exit codes: 0 all input valid, 2 some was
// not, 1 nothing could be read or the command line was wrong. Every error is one line; set
// EGOSTUDIO_DEBUG=1 for the stack of an unexpected one.
import { realpathSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { version } from '../../package.json';
import { FIGURE_NAMES } from '../../shared/eval/aggregate';
import { taskCountByScenario } from '../../shared/eval/evaluate';
import { partialModels } from '../../shared/report/build';
import { agreeAsIs, summarizeAgreement } from '../../shared/eval/agreement';
import { nothingRead, type LoadedDataset } from '../../shared/format/loader';
import type { Problem } from '../../shared/format/types';
import { commandHelp, overviewHelp, parseCommandArgs, UsageError, workerCount, type CommandSpec } from './command-line';
import { folderJobWithin, timeLimitSeconds, watchedScoring } from './time-limit';
import { agreementSpec, auditSpec, benchEvaluateSpec, benchSpec, COMMAND_SPECS, evaluateSpec, importEgobenchSpec, reportSpec, teamAddSpec } from './commands';
import { cliEvalWorker } from './worker-url';
import { evaluateFolder, scoringBuildOf } from '../services/evaluation/run-evaluation';
import { reportProvenance } from '../services/evaluation/provenance';
import { fixed, formatTable, percent } from './table';
import { refuseOutputsOverInputs, refuseUnwritableOutput } from './output-files';
import { progressReporter } from './progress';
import { scoreCacheDirOf } from './score-cache-dir';
import { err, holdStdoutForJson, keepGoingWhenOutputCloses, oneLine, out, printProblems, writeJsonReport } from './terminal';
import { isInsideRelease } from '../services/import-egobench/release';
import { unlistedModeNote, unlistedModes } from '../../shared/eval/unlisted-modes';
import { readByScoring } from '../../shared/eval/files-read';

/** Why `folder` cannot be read as a dataset folder (a problem at line 0 of it), or null when it is a folder. */
async function folderProblem(folder: string): Promise<Problem | null> {
  try {
    if ((await stat(folder)).isDirectory()) return null;
    return { file: folder, line: 0, message: 'not a folder: no dataset could be read' };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { file: folder, line: 0, message: e.code === 'ENOENT' ? 'no such dataset folder' : (e.message ?? String(error)).split('\n')[0] };
  }
}

async function isDirectory(p: string): Promise<boolean> {
  return (await stat(p).catch(() => null))?.isDirectory() ?? false;
}


async function evaluateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(evaluateSpec, args);
  if (values.help) return printHelp(evaluateSpec);
  holdStdoutForJson(values.json);
  // `--trajectories a b c`: later positionals after the first also name trajectory paths.
  const [root, ...more] = positionals;
  if (!root) throw new UsageError('missing the dataset folder: egostudio evaluate <dataset>', 'evaluate');
  const workers = workerCount(evaluateSpec, values.workers);
  const timeLimit = timeLimitSeconds(evaluateSpec, values['time-limit']);
  const unread = await folderProblem(root);
  if (unread) {
    err(`egostudio: ${root}: no such dataset folder\n`);
    // Nothing could be read: the report says so too (SPEC §12 "problems").
    await writeJsonReport(values.json, { trajectories: [], models: {}, problems: [unread] });
    return 1;
  }
  const trajectoryPaths = [...(values.trajectories ?? []), ...(values.trajectories ? more : [])];
  if (!values.trajectories && more.length > 0)
    throw new UsageError(`unexpected argument ${more[0]} (one dataset folder; more trajectory paths go after --trajectories)`, 'evaluate');
  if (values.provenance === '-') throw new UsageError('--provenance takes a file name (stdout is for the table, or for --json -)', 'evaluate');
  refuseUnwritableOutput('--provenance', values.provenance, '', 'evaluate');
  refuseOutputsOverInputs('evaluate', [['--json', values.json], ['--provenance', values.provenance]], root, trajectoryPaths);
  const progress = progressReporter('evaluating', { write: err, isTerminal: process.stderr.isTTY === true });
  const scored = await evaluateFolder(root, {
    workerUrl: cliEvalWorker,
    trajectoryPaths,
    ...watchedScoring(timeLimit, workers),
    onProgress: (done, total) => progress.update(done, total),
    // Scores of unchanged trajectory files come from the cache (never kept in the dataset).
    cacheDir: scoreCacheDirOf(values),
  });
  progress.finish();
  const { dataset, report } = scored;
  // The problems of the files scoring reads (files-read.ts): a bad annotation line is not evaluate's.
  const problems = report.problems.filter((p) => readByScoring(p.file));
  // SPEC §12's keys, exactly; what they were computed from goes apart.
  await writeJsonReport(values.json, { trajectories: report.trajectories, models: report.models, problems });
  if (values.provenance) await writeJsonReport(values.provenance, await reportProvenance(scored, scoringBuildOf({ workerUrl: cliEvalWorker })));

  const rows: string[][] = [];
  for (const [model, figures] of Object.entries(report.models)) {
    const entries = [...Object.entries(figures.modes), ['overall', figures.overall] as const];
    for (const [mode, f] of entries)
      rows.push([model, mode, ...FIGURE_NAMES.slice(0, 6).map((n) => percent(f[n])), ...FIGURE_NAMES.slice(6).map((n) => fixed(f[n]))]);
  }
  out(
    `${oneLine(dataset.meta.name)}: ${report.trajectories.length} trajectories, ${Object.keys(report.models).length} model(s)\n`,
  );
  if (rows.length > 0) out(formatTable(['model', 'mode', ...FIGURE_NAMES], rows) + '\n');
  const labelRows = Object.entries(report.models).map(([model, f]) => [
    model,
    ...Object.entries(f.overall.labels).map(([label, share]) => `${label} ${percent(share)}`),
  ]);
  if (labelRows.length > 0) out('\nerror labels (% of trajectories, overall: per mode weighted by scenario task counts, mean of modes, SPEC §10):\n' + labelRows.map((r) => '  ' + r.map(oneLine).join('  ')).join('\n') + '\n');
  // A model that did not run every task: its figures are over the tasks it ran (Reports marks its row partial).
  for (const { model, where } of partialModels({ trajectories: report.trajectories, task_counts: Object.fromEntries(taskCountByScenario(dataset)) }))
    out(`partial: ${oneLine(model)} (${where}): its figures are over the tasks it ran, so they do not compare like for like with a full model's\n`);
  printProblems(problems);
  noteUnlistedModes(dataset.meta.modes, report.trajectories);
  noteNoGroundTruth(dataset);
  return nothingRead(dataset, report.trajectories.length) ? 1 : problems.length > 0 ? 2 : 0;
}

/**
 * Modes the trajectories name that dataset.json does not list (a typo such as "Static"): SPEC §10
 * scores each as a mode of its own, which moves a model's overall figure, so the command says so.
 * A note, not a problem: the figures and the exit code stay as SPEC defines them.
 */
function noteUnlistedModes(listed: readonly string[], trajectories: readonly { model: string; mode: string }[]): void {
  for (const [mode, models] of unlistedModes(listed, trajectories)) err(`note: ${unlistedModeNote(mode, models, listed, oneLine)}\n`);
}

/** Tasks but no ground truth: each run's problem says its task has none; the cause is said once after them. */
function noteNoGroundTruth(dataset: Pick<LoadedDataset, 'tasks' | 'groundTruth'>): void {
  if (dataset.groundTruth.size > 0 || dataset.tasks.size === 0) return;
  err('note: the dataset has no ground truth (ground_truth.jsonl is missing or holds no valid line): a run is scored once its task has one (adjudicate the annotations in the studio)\n');
}

async function agreementCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(agreementSpec, args);
  if (values.help) return printHelp(agreementSpec);
  holdStdoutForJson(values.json);
  const [root, ...more] = positionals;
  if (!root) throw new UsageError('missing the dataset folder: egostudio agreement <dataset> --annotators a,b', 'agreement');
  if (more.length > 0) throw new UsageError(`unexpected argument ${more[0]} (one dataset folder)`, 'agreement');
  refuseOutputsOverInputs('agreement', [['--json', values.json]], root);
  const names = (values.annotators ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length !== 2)
    throw new UsageError(`--annotators takes two names separated by a comma, e.g. --annotators alice,bob${values.annotators === undefined ? '' : `, not "${values.annotators}"`}`, 'agreement');
  const unread = await folderProblem(root);
  if (unread) {
    err(`egostudio: ${root}: no such dataset folder\n`);
    // The shape of a report over no task (its summary's figures are null then).
    await writeJsonReport(values.json, { tasks: [], summary: summarizeAgreement([], () => 0), problems: [unread] });
    return 1;
  }
  const timeLimit = timeLimitSeconds(agreementSpec, values['time-limit']);
  const [a, b] = names;
  const { report, datasetName, nothingRead: noInput, annotators } = await folderJobWithin(timeLimit, { kind: 'agreement', root, a, b });
  await writeJsonReport(values.json, report);
  const s = report.summary;
  out(
    `${oneLine(datasetName)}: agreement of ${a} and ${b} over ${s.tasks} task(s)\n` +
      formatTable(
        ['percent_exact', 'mean_call_f1', 'state_agreement', 'alpha_dice'],
        [[fixed(s.percent_exact, 1), fixed(s.mean_call_f1, 3), percent(s.state_agreement), fixed(s.alpha_dice, 3)]],
      ) +
      '\n',
  );
  // As the studio's dashboard lists them: the same calls ending in another state need a ruling too.
  const disagreements = report.tasks.filter((t) => !agreeAsIs(t)).sort((x, y) => x.call_f1 - y.call_f1);
  if (disagreements.length > 0)
    out(
      '\ndisagreements, worst first:\n' +
        formatTable(
          ['task', 'call_f1', 'seq_exact', 'state_equal'],
          disagreements.slice(0, 20).map((t) => [t.task_id, fixed(t.call_f1, 3), String(t.seq_exact), String(t.state_equal)]),
        ) +
        '\n',
    );
  printProblems(report.problems);
  // A name with no annotations (a typo, say): the names there are said. Still exit 2, a problem of
  // the input as SPEC §12 counts it (the dataset itself was read).
  const absent = names.filter((name) => report.problems.some((p) => p.file === `annotations/${name}.jsonl` && p.message === `no annotations for annotator "${name}"`));
  if (absent.length > 0) {
    err(`egostudio agreement: no annotations by ${absent.map(oneLine).join(' or ')}; this dataset's annotators: ${annotators.map(oneLine).join(', ') || 'none'}\n`);
  }
  return noInput ? 1 : report.problems.length > 0 ? 2 : 0;
}

/**
 * The import writes into `out` only when nothing there would be lost: a new or empty folder, or with
 * --replace an earlier dataset (--trajectories-only: an existing dataset, whose trajectory files the import
 * refuses to write over); never the release itself or a folder inside it.
 */
async function checkImportTarget(release: string, out: string, replace: boolean, trajectoriesOnly: boolean): Promise<void> {
  const to = path.resolve(out);
  if (await isInsideRelease(release, out)) throw new UsageError(`--out ${out} is inside the release ${release}: choose a folder outside it`, 'import-egobench');
  // Adding runs writes into an existing dataset; the import says what it would write over.
  if (trajectoriesOnly) return;
  const entries: string[] = await readdir(to).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new UsageError(`--out ${out} is a file, not a folder`, 'import-egobench');
    throw error;
  });
  if (entries.length === 0) return;
  if (!replace)
    throw new UsageError(`--out ${out} is not empty: choose a new or empty folder, or add --replace to write over the dataset there (its ground_truth.jsonl too)`, 'import-egobench');
  if (!entries.includes('dataset.json')) throw new UsageError(`--out ${out} holds no dataset.json: --replace writes over a dataset only`, 'import-egobench');
}

async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(importEgobenchSpec, args);
  if (values.help) return printHelp(importEgobenchSpec);
  const [release, ...more] = positionals;
  if (!release || !values.out) throw new UsageError(`missing ${release ? '--out DIR' : 'the release folder'}: egostudio import-egobench <release-dir> --out DIR`, 'import-egobench');
  if (more.length > 0) throw new UsageError(`unexpected argument ${more[0]} (one release folder)`, 'import-egobench');
  if (!(await isDirectory(release))) {
    err(`egostudio: ${release}: no such release folder\n`);
    return 1;
  }
  if (!(await isDirectory(path.join(release, 'tasks')))) {
    err(`egostudio: ${release}: not an EgoBench release folder: it has no tasks/ folder\n`);
    return 1;
  }
  for (const folder of values.results ?? [])
    if (!(await isDirectory(folder))) throw new UsageError(`--results ${folder}: no such folder`, 'import-egobench');
  holdStdoutForJson(values.json);
  const trajectoriesOnly = values['trajectories-only'] === true;
  if (trajectoriesOnly && (values.results ?? []).length === 0) throw new UsageError('--trajectories-only adds the runs of --results DIR folders: give at least one', 'import-egobench');
  await checkImportTarget(release, values.out, values.replace === true, trajectoriesOnly);
  const { ImportRefused } = await import('../services/import-egobench/index');
  const { importInWorker, ImportCancelled } = await import('../services/import-egobench/in-worker');
  const { writeNewFolder } = await import('../services/import-egobench/new-folder');
  const options = { name: values.name, results: values.results, trajectoriesOnly, replace: values.replace === true };
  // In a worker thread, so Ctrl+C is answered at once. A new dataset is written beside --out and
  // renamed to it at the end (new-folder.ts): cancelled or failing midway, it leaves nothing there.
  const fresh = !trajectoriesOnly && values.replace !== true;
  const cancelled = new AbortController();
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  let stoppedBy: NodeJS.Signals | undefined;
  const cancel = (signal: NodeJS.Signals) => {
    stoppedBy ??= signal;
    cancelled.abort();
  };
  for (const signal of signals) process.on(signal, cancel);
  const run = (folder: string) => importInWorker(release, folder, options, { signal: cancelled.signal });
  let result;
  try {
    result = fresh ? await writeNewFolder(values.out, run) : await run(values.out);
  } catch (error) {
    if (error instanceof ImportRefused) throw new UsageError(error.message, 'import-egobench');
    if (error instanceof ImportCancelled) {
      err(`egostudio import-egobench: cancelled${fresh ? `; nothing was written to ${values.out}` : `; ${values.out} may hold some of the import's files`}\n`);
      return 128 + os.constants.signals[stoppedBy ?? 'SIGINT'];
    }
    throw error;
  } finally {
    for (const signal of signals) process.off(signal, cancel);
  }
  const s = result.summary;
  out(
    trajectoriesOnly
      ? `added ${s.trajectories} trajectories (${s.models.join(', ') || 'no model'}) to ${values.out}; nothing else was written\n`
      : `imported ${s.tasks} task(s) in ${s.scenarios.length} scenario(s), ${s.trajectories} trajectories (${s.models.join(', ') || 'no model'}) into ${values.out}\n` +
          `clips named by the tasks but not in the release: ${s.videos.length} (put them in ${values.out}/videos/)\n`,
  );
  const list = (title: string, issues: typeof result.warnings, kind: string, most: number) => {
    out(`${title}: ${issues.length}\n`);
    for (const w of issues.slice(0, most)) out(`  ${kind} ${oneLine(w.file)}:${w.line}: ${oneLine(w.message)}\n`);
    if (issues.length > most) out(`  ... and ${issues.length - most} more${values.json ? '' : ' (--json FILE lists them all)'}\n`);
  };
  list('lint warnings', result.warnings, 'warning', 40);
  list("release behaviour kept (the official scripts' own)", result.notes, 'note', 20);
  list('drift from shipped official eval files', result.drift, 'drift', 40);
  printProblems(result.problems);
  await writeJsonReport(values.json, { summary: s, warnings: result.warnings, notes: result.notes, drift: result.drift, problems: result.problems });
  return (trajectoriesOnly ? s.trajectories === 0 : s.tasks === 0) ? 1 : result.problems.length > 0 ? 2 : 0;
}

function printHelp(spec: CommandSpec): number {
  out(commandHelp(spec));
  return 0;
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  [importEgobenchSpec.name]: importCommand,
  [evaluateSpec.name]: evaluateCommand,
  [agreementSpec.name]: agreementCommand,
  [benchSpec.name]: async (args) => (await import('./bench')).benchCommand(args),
  [benchEvaluateSpec.name]: async (args) => (await import('./bench')).benchEvaluateCommand(args),
  [reportSpec.name]: async (args) => (await import('./report')).reportCommand(args),
  [teamAddSpec.name]: async (args) => (await import('./team-add')).teamAddCommand(args),
  [auditSpec.name]: async (args) => (await import('./audit')).auditCommand(args),
};

const commandList = COMMAND_SPECS.filter((c) => !c.hidden).map((c) => c.name).join(', ');

/** Runs `egostudio ...argv`; returns the exit code. Never throws. */
export async function main(argv: string[]): Promise<number> {
  // Output read only in part (`egostudio evaluate ds | head`) ends no command early (terminal.ts).
  keepGoingWhenOutputCloses();
  holdStdoutForJson(undefined);
  const [command, ...args] = argv;
  if (command === '--help' || command === '-h' || (command === 'help' && args.length === 0)) {
    out(overviewHelp(COMMAND_SPECS, version));
    return 0;
  }
  if (command === '--version' || command === '-V') {
    out(`egostudio ${version}\n`);
    return 0;
  }
  try {
    if (!command) throw new UsageError(`which command? ${commandList} (egostudio --help says what each does)`);
    if (command === 'help') {
      const spec = COMMAND_SPECS.find((c) => c.name === args[0]);
      if (!spec) throw new UsageError(`no command "${args[0]}"; the commands are ${commandList}`);
      return printHelp(spec);
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown ${command.startsWith('-') ? 'option' : 'command'} "${command}"; the commands are ${commandList} (egostudio --help)`);
    return await run(args);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = error.command ? `egostudio ${error.command} --help` : 'egostudio --help';
      err(`egostudio${error.command ? ` ${error.command}` : ''}: ${error.message}${error.command ? ` (${help})` : ''}\n`);
      return 1;
    }
    // Anything else is a failure the command did not foresee (a file it could not write, ...):
    // its message, on one line; the stack only on request.
    const message = error instanceof Error ? error.message : String(error);
    err(`egostudio ${command}: ${message.split('\n')[0]}\n`);
    if (process.env.EGOSTUDIO_DEBUG) err(`${(error as Error).stack ?? ''}\n`);
    return 1;
  }
}

/**
 * Run as `node out/cli/egostudio.mjs ...` (the bundle itself, not the launcher that imports it):
 * it did nothing and exited 0, a trap two reviewers fell into. It runs the command, without the
 * launcher's rebuild and V8 flags (src-main/cli/egostudio.mjs, or `npx egostudio`, has both).
 */
if (ranDirectly()) process.exitCode = await main(process.argv.slice(2));

function ranDirectly(): boolean {
  const script = process.argv[1];
  if (!script || import.meta.url.endsWith('.ts')) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}
