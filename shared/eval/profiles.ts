// The scoring profiles a dataset can name (SPEC §13) and the labels each one reports.
import type { DatasetMeta } from '../format/types';
import { egobenchProfile } from './egobench/profile';
import { PAPER_LABELS, paperProfile } from './paper-profile';
import type { Label, ScoringProfile } from './profile';

export const EGOBENCH_LABELS: readonly Label[] = [
  'correct',
  'syntactic',
  'perception',
  'hallucination',
  'logic',
  'memory',
  'over_operation',
  'unknown',
];

export function profileFor(meta: DatasetMeta): { profile: ScoringProfile; labels: readonly Label[] } {
  if (meta.profile === 'egobench') return { profile: egobenchProfile, labels: EGOBENCH_LABELS };
  return { profile: paperProfile, labels: PAPER_LABELS };
}
