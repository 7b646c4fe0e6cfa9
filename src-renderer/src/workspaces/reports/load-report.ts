// Loads what the Reports workspace shows: the session's evaluation of the dataset (rows streamed
// from the host, state/evaluationSlice.ts) and the human reviews under reviews/, read through the
// ordinary file channels.
import { reportTrajectory } from '../../../../shared/eval/evaluate';
import { withEvidenceOf } from '../../../../shared/eval/trajectory-row';
import { buildReport, type ReportModel } from '../../../../shared/report/build';
import { parseReviews } from '../../../../shared/report/reviews';
import type { EvaluationRun } from '../../../../shared/report/types';
import type { Problem } from '../../../../shared/format/types';
import { readReviewFiles } from '../../api/review-files';
import { studioApi } from '../../api/studio';
import type { EvaluationState } from '../../state/evaluationSlice';

export interface LoadedReport {
  datasetId: string;
  run: EvaluationRun;
  report: ReportModel;
  reviewFiles: string[];
  /** Input problems: the evaluation's, the review files', and overrides left out. */
  problems: Problem[];
  timing: EvaluationTiming;
  /** Runs imported in this browser, not in the report (the dataset's files are). */
  importedRuns: number;
}

/** How the evaluation shown came about: when, how long, and how much of it the score cache answered. */
export interface EvaluationTiming {
  seconds: number;
  scoredFiles: number;
  cachedFiles: number;
  /** When it was done (Date.now()). */
  finishedAt: number;
}

/** The timing in words: scores read from the cache are not said to have been evaluated in 0.0 s. */
export function timingText({ seconds, scoredFiles, cachedFiles, finishedAt }: EvaluationTiming, clock = (at: number) => new Date(at).toLocaleTimeString()): string {
  const at = clock(finishedAt);
  if (scoredFiles === 0 && cachedFiles > 0) return `scores of all ${cachedFiles} trajectory file(s) read from the cache at ${at} (unchanged since they were scored)`;
  const split = cachedFiles > 0 ? ` (${scoredFiles} trajectory file(s) scored, ${cachedFiles} read from the cache)` : '';
  return `evaluated at ${at} in ${seconds.toFixed(1)} s${split}`;
}


/**
 * The session's evaluation as the report builder takes it; null until the host's run is done. The
 * report is the dataset's: runs imported in this browser (Replay's Import files) and their files'
 * problems are left out, and counted (`importedRuns`) so the page can say so.
 */
export function evaluationRunOf(
  evaluation: Pick<EvaluationState, 'status' | 'summary' | 'finishedAt' | 'rows' | 'problems' | 'importedProblems'>,
): { run: EvaluationRun; timing: EvaluationTiming; importedRuns: number } | null {
  const { summary } = evaluation;
  if (evaluation.status !== 'ready' || !summary) return null;
  const { seconds, scoredFiles, cachedFiles } = summary;
  const rows = evaluation.rows.filter((r) => !r.imported);
  const usage: EvaluationRun['usage'] = {};
  for (const r of rows) usage[r.id] = { rounds: r.turns, tokens: r.tokens };
  const trajectories = rows.map(reportTrajectory);
  const imported = new Set(evaluation.importedProblems);
  const problems = imported.size > 0 ? evaluation.problems.filter((p) => !imported.has(p)) : evaluation.problems;
  return {
    run: { trajectories, models: summary.models, problems, task_counts: summary.task_counts, usage },
    timing: { seconds, scoredFiles, cachedFiles, finishedAt: evaluation.finishedAt ?? Date.now() },
    importedRuns: evaluation.rows.length - rows.length,
  };
}

/** The dataset's report from the session's evaluation, with the reviews re-read (small, and they change while one works in Replay). */
export async function loadReport(datasetId: string, { run, timing, importedRuns }: { run: EvaluationRun; timing: EvaluationTiming; importedRuns: number }): Promise<LoadedReport> {
  const reviewFiles = await readReviewFiles(datasetId);
  const reviews = parseReviews(reviewFiles);
  const report = buildReport(run, reviews.overrides);
  return {
    datasetId,
    run,
    report,
    reviewFiles: reviewFiles.map((f) => f.path),
    problems: [...run.problems, ...reviews.problems, ...report.problems],
    timing,
    importedRuns,
  };
}

/**
 * What Export JSON saves: the run's trajectories (SPEC §12, each with its label's evidence), the
 * figures, problems and the report's tables. The streamed rows come without evidence
 * (evaluation-session.ts), so it is read from the host's evaluation of the dataset, where the
 * score cache answers for unchanged files; a label that differs there (files changed since) keeps none.
 */
export async function reportJson(datasetId: string, datasetName: string, loaded: LoadedReport) {
  const { run, report } = loaded;
  const hostRun = await studioApi().evaluation.run(datasetId);
  const host = new Map(hostRun.trajectories.map((t) => [t.id, t]));
  // Each run with its evidence, and the human label a review gave it (with who and why).
  const trajectories = run.trajectories.map((t) => {
    const human = report.humanLabels.get(t.id);
    const withEvidence = withEvidenceOf(t, host.get(t.id));
    return human ? { ...withEvidence, human_label: human.label, ...(human.reviewer ? { reviewer: human.reviewer } : {}), ...(human.reason ? { review_reason: human.reason } : {}) } : withEvidence;
  });
  return {
    dataset: datasetName,
    trajectories,
    models: run.models,
    problems: loaded.problems,
    report: { tables: report.tables, errors: report.errors, scenarios: report.scenarioJoint, scatter: report.scatter, overrides: report.overrides, review_files: loaded.reviewFiles },
    // The files as the host read them for this export (a file changed since the page's run names its new content).
    provenance: hostRun.provenance,
  };
}
