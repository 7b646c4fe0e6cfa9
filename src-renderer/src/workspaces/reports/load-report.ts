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

/** Evaluations per dataset: the expensive part, kept until asked again. */
const evaluations = new Map<string, Promise<{ run: EvaluationRun; seconds: number; at: string }>>();

function evaluation(datasetId: string, fresh: boolean) {
  let pending = fresh ? undefined : evaluations.get(datasetId);
  if (!pending) {
    const started = performance.now();
    pending = studioApi()
      .evaluation.run(datasetId)
      .then((run) => ({ run, seconds: (performance.now() - started) / 1000, at: new Date().toLocaleTimeString() }));
    evaluations.set(datasetId, pending);
    pending.catch(() => evaluations.delete(datasetId));
  }
  return pending;
}

/** Files whose change alters the evaluation itself (reviews only alter the overrides). */
export function changesEvaluation(paths: readonly string[]): boolean {
  return paths.some((p) => !p.startsWith('reviews/') && !p.startsWith('annotations/') && !p.startsWith('videos/'));
}

/**
 * The dataset's report: the evaluation once per dataset until `fresh` asks again, the reviews
 * re-read every time (they are small and change while one works in Replay).
 */
export async function loadReport(datasetId: string, fresh = false): Promise<LoadedReport> {
  const [{ run, seconds, at }, reviewFiles] = await Promise.all([evaluation(datasetId, fresh), readReviews(datasetId)]);
  const reviews = parseReviews(reviewFiles);
  const report = buildReport(run, reviews.overrides);
  return {
    datasetId,
    run,
    report,
    reviewFiles: reviewFiles.map((f) => f.path),
    problems: [...run.problems, ...reviews.problems, ...report.problems],
    evaluatedAt: at,
    seconds,
  };
}
