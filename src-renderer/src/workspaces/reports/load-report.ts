// Loads what the Reports workspace shows: the host's evaluation of the dataset (evaluation.run)
// and the human reviews under reviews/, read through the ordinary file channels.
import { StudioError } from '../../../../shared/api/studio-error';
import { buildReport, type ReportModel } from '../../../../shared/report/build';
import { isReviewFile, parseReviews, type ReviewFile } from '../../../../shared/report/reviews';
import type { EvaluationRun } from '../../../../shared/report/types';
import type { Problem } from '../../../../shared/format/types';
import { studioApi } from '../../api/studio';

export interface LoadedReport {
  datasetId: string;
  run: EvaluationRun;
  report: ReportModel;
  reviewFiles: string[];
  /** Input problems: the evaluation's, the review files', and overrides left out. */
  problems: Problem[];
  evaluatedAt: string;
  seconds: number;
}

async function readReviews(datasetId: string): Promise<ReviewFile[]> {
  const studio = studioApi();
  let paths: string[];
  try {
    paths = (await studio.datasets.listFiles(datasetId, 'reviews')).map((f) => f.path).filter(isReviewFile);
  } catch (error) {
    if (StudioError.from(error).code === 'not-found') return [];
    throw error;
  }
  return Promise.all(paths.map(async (path) => ({ path, text: await studio.datasets.readText(datasetId, path) })));
}

const cache = new Map<string, Promise<LoadedReport>>();

async function load(datasetId: string): Promise<LoadedReport> {
  const started = performance.now();
  const [run, reviewFiles] = await Promise.all([studioApi().evaluation.run(datasetId), readReviews(datasetId)]);
  const reviews = parseReviews(reviewFiles);
  const report = buildReport(run, reviews.overrides);
  return {
    datasetId,
    run,
    report,
    reviewFiles: reviewFiles.map((f) => f.path),
    problems: [...run.problems, ...reviews.problems, ...report.problems],
    evaluatedAt: new Date().toLocaleTimeString(),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The dataset's report; evaluated once per dataset until `fresh` asks again. */
export function loadReport(datasetId: string, fresh = false): Promise<LoadedReport> {
  let pending = fresh ? undefined : cache.get(datasetId);
  if (!pending) {
    pending = load(datasetId);
    cache.set(datasetId, pending);
    pending.catch(() => cache.delete(datasetId));
  }
  return pending;
}
