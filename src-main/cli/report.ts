// `egostudio report <dataset> --out DIR [--trajectories PATH ...] [--time-limit SECONDS]`: evaluates like `evaluate`,
// then writes the paper's tables (CSV, Markdown, LaTeX) and figures (SVG) without a window.
// Exit codes as evaluate: 0 all input valid, 2 some was not, 1 nothing could be read or no trajectory evaluated.
import { stat } from 'node:fs/promises';
import { makeFolders } from '../services/make-folders';
import { statSync } from 'node:fs';
import path from 'node:path';
import { buildReport, type ReportModel } from '../../shared/report/build';
import { sizedChart, type ChartName } from '../../shared/report/charts';
import { tableToCsv, tableToLatex, tableToMarkdown, tableToMarkdownSection } from '../../shared/report/export';
import { overrideNotesOf } from '../../shared/report/override-notes';
import { parseReviews } from '../../shared/report/reviews';
import { renderChartSvg } from '../../shared/report/svg';
import type { Problem } from '../../shared/format/types';
import type { ReportProvenance } from '../../shared/report/types';
import { evaluationRun } from '../services/evaluation-run';
import { readByScoring } from '../../shared/eval/files-read';
import { cliEvalWorker } from './worker-url';
import { commandHelp, parseCommandArgs, UsageError, workerCount } from './command-line';
import { reportSpec } from './commands';
import { timeLimitSeconds, watchedScoring } from './time-limit';
import { writeOutputFile } from './output-files';
import { scoreCacheDirOf } from './score-cache-dir';
import { err, oneLine, out, printProblems } from './terminal';

/** Each figure's width, and its height for few models: taller with its legend's rows or its models' bars (sizedChart). */
const CHART_SIZES: Record<ChartName, [width: number, base: number]> = { scenarios: [900, 420], errors: [1100, 420], efficiency: [1300, 420] };

/** Writes every table and figure of the report, and what it was computed from, into `out`; returns the file names written. */
export async function writeReportFiles(report: ReportModel, out: string, provenance?: ReportProvenance): Promise<string[]> {
  await makeFolders(out);
  const written: string[] = [];
  const put = async (name: string, text: string) => {
    await writeOutputFile(path.join(out, name), text);
    written.push(name);
  };
  for (const table of Object.values(report.tables)) {
    await put(`${table.id}.csv`, tableToCsv(table));
    await put(`${table.id}.md`, tableToMarkdownSection(table));
    await put(`${table.id}.tex`, tableToLatex(table));
  }
  for (const [name, [width, base]] of Object.entries(CHART_SIZES)) {
    const { option, height } = sizedChart(name as ChartName, report, width, base);
    await put(`${name}.svg`, renderChartSvg(option, width, height));
  }
  // Every run with its automatic and human label: CSV only (thousands of rows make no table for a paper).
  await put('runs.csv', tableToCsv(report.runs));
  if (provenance) await put('provenance.json', JSON.stringify(provenance, null, 2) + '\n');
  return written;
}

export async function reportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(reportSpec, args);
  if (values.help) {
    out(commandHelp(reportSpec));
    return 0;
  }
  const [root, ...more] = positionals;
  if (!root) throw new UsageError('missing the dataset folder: egostudio report <dataset> --out DIR', 'report');
  if (!values.out) throw new UsageError('missing --out DIR, the folder the tables and figures go to', 'report');
  // Said before the scoring, not after it: a file where the folder (or one above it) would go.
  const notFolder = fileInTheWay(values.out);
  if (notFolder) throw new UsageError(`--out ${values.out}: ${notFolder} is a file, not a folder`, 'report');
  if (!values.trajectories && more.length > 0)
    throw new UsageError(`unexpected argument ${more[0]} (one dataset folder; more trajectory paths go after --trajectories)`, 'report');
  const workers = workerCount(reportSpec, values.workers);
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    err(`egostudio: ${root}: no such dataset folder\n`);
    return 1;
  }
  const trajectoryPaths = [...(values.trajectories ?? []), ...(values.trajectories ? more : [])];
  const timeLimit = timeLimitSeconds(reportSpec, values['time-limit']);
  const evaluated = await evaluationRun(root, {
    workerUrl: cliEvalWorker,
    trajectoryPaths,
    ...watchedScoring(timeLimit, workers),
    // The cache evaluate keeps: a report after an evaluation scores nothing again.
    cacheDir: scoreCacheDirOf(values),
  });
  const { datasetName, anythingRead } = evaluated;
  // The problems of the files scoring reads (files-read.ts), as evaluate lists them.
  const run = { ...evaluated.run, problems: evaluated.run.problems.filter((p) => readByScoring(p.file)) };
  const reviews = parseReviews(evaluated.reviews);
  if (!anythingRead) {
    // Nothing to report on (not a dataset, or nothing in it could be read): no empty tables written.
    err(`egostudio report: nothing could be read from ${root}; no files written\n`);
    printProblems([...run.problems, ...reviews.problems], 'see egostudio evaluate --json');
    return 1;
  }
  const report = buildReport(run, reviews.overrides);
  if (report.models.length === 0) {
    // As Reports says it. Tables of no model and blank figures would read as a report: none written, exit 1 as for an unreadable folder.
    err(`egostudio report: no trajectories could be evaluated in ${root}: put agent runs under trajectories/ (SPEC §6); no files written\n`);
    printProblems([...run.problems, ...reviews.problems, ...report.problems], 'see egostudio evaluate --json');
    return 1;
  }
  const written = await writeReportFiles(report, values.out, run.provenance);
  const problems: Problem[] = [...run.problems, ...reviews.problems, ...report.problems];

  out(
    `${oneLine(datasetName)}: ${report.trajectoryCount} trajectories, ${report.models.length} model(s), ` +
      `${report.overrides.applied} human override(s)\n${tableToMarkdown(report.tables.main)}` +
      `wrote ${written.length} files to ${values.out}: ${written.join(', ')}\n`,
  );
  for (const note of overrideNotesOf(report.overrides)) err(`note: ${note}\n`);
  printProblems(problems, 'see egostudio evaluate --json');
  return problems.length > 0 ? 2 : 0;
}

/** The nearest existing path at or above `folder`, when it is not a folder (the folders cannot be made); else null. */
function fileInTheWay(folder: string): string | null {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    let found;
    try {
      found = statSync(at, { throwIfNoEntry: false });
    } catch {
      found = undefined; // ENOTDIR: a file above it, found further up
    }
    if (found) return found.isDirectory() ? null : at;
    if (path.dirname(at) === at) return null;
  }
}
