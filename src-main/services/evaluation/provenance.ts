// A report's provenance (shared/report/types.ts): the build, profile and content hashes it was
// computed from, for `egostudio evaluate --json`, `egostudio report` and the studio's Export JSON.
import { createHash } from 'node:crypto';
import { version } from '../../../package.json';
import type { LoadedDataset } from '../../../shared/format/loader';
import type { ReviewFile } from '../../../shared/report/reviews';
import type { HashedFile, ReportProvenance } from '../../../shared/report/types';
import { datasetHash, scorerIdentity } from './score-cache';

export interface ScoredFolder {
  dataset: LoadedDataset;
  /** The trajectory files' content hashes (evaluateFolder's). */
  fileHashes(): Promise<HashedFile[]>;
}

/** `reviews`: the review files whose overrides the report applies; none for a report without overrides. */
export async function reportProvenance(scored: ScoredFolder, scoringBuild: URL, reviews?: readonly ReviewFile[]): Promise<ReportProvenance> {
  return {
    studio_version: version,
    scorer: await scorerIdentity(scoringBuild),
    profile: scored.dataset.meta.profile ?? 'paper',
    dataset_sha256: datasetHash(scored.dataset),
    trajectory_files: await scored.fileHashes(),
    ...(reviews ? { review_files: reviews.map((f) => ({ file: f.path, sha256: createHash('sha256').update(f.text).digest('hex') })) } : {}),
    evaluated_at: new Date().toISOString(),
  };
}
