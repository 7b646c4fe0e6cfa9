// Evaluates a dataset folder in the Node host for the studio's `evaluation.run` and for
// `egostudio report`: the SPEC §12 report plus task counts and per-trajectory usage.
import { readdir, realpath } from 'node:fs/promises';
import { taskCountByScenario } from '../../shared/eval/evaluate';
import type { ReviewFile } from '../../shared/report/reviews';
import type { EvaluationRun } from '../../shared/report/types';
import { evaluateFolder, scoringBuildOf, type EvaluateOptions } from './evaluation/run-evaluation';
import { reportProvenance } from './evaluation/provenance';
import { readRegularText } from './regular-file';
import { resolveExisting } from './safe-path';

export interface EvaluationRunResult {
  /** With its provenance (the review files named there are `reviews`). */
  run: EvaluationRun;
  /** The dataset's review files, read once the trajectories were scored. */
  reviews: ReviewFile[];
  datasetName: string;
  /** False when the folder held neither tasks, scenarios nor trajectories. */
  anythingRead: boolean;
}

export async function evaluationRun(root: string, options: EvaluateOptions = {}): Promise<EvaluationRunResult> {
  const scored = await evaluateFolder(root, options);
  const { dataset, report } = scored;
  const reviews = await readReviewFiles(root);
  const usage: EvaluationRun['usage'] = {};
  for (const row of report.rows) usage[row.id] = { rounds: row.rounds, tokens: row.tokens };
  return {
    run: {
      trajectories: report.trajectories,
      models: report.models,
      problems: report.problems,
      task_counts: Object.fromEntries(taskCountByScenario(dataset)),
      usage,
      provenance: await reportProvenance(scored, scoringBuildOf(options), reviews),
    },
    reviews,
    datasetName: dataset.meta.name,
    anythingRead: dataset.tasks.size > 0 || dataset.scenarios.size > 0 || report.trajectories.length > 0,
  };
}

/**
 * The dataset's `reviews/*.jsonl`, in name order; none when the folder is absent. Read as every
 * dataset file is: a symlink leading out of the dataset, a FIFO or a device is left out.
 */
export async function readReviewFiles(root: string): Promise<ReviewFile[]> {
  const realRoot = await realpath(root);
  const dir = await resolveExisting(realRoot, 'reviews', 'dir').catch(() => null);
  const names = dir === null ? [] : await readdir(dir).catch(() => [] as string[]);
  const files: ReviewFile[] = [];
  for (const name of names.filter((n) => n.endsWith('.jsonl')).sort()) {
    try {
      files.push({ path: `reviews/${name}`, text: await readRegularText(await resolveExisting(realRoot, `reviews/${name}`, 'file')) });
    } catch {
      // Refused or gone: not a review this run can use.
    }
  }
  return files;
}
