// The scoring profiles a dataset can name (SPEC §13) and the labels each one reports.
import type { DatasetMeta } from '../format/types';
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
];

export function profileFor(meta: DatasetMeta): { profile: ScoringProfile; labels: readonly Label[] } {
  if (meta.profile === 'egobench') throw new Error('the egobench profile is not built into this version');
  return { profile: paperProfile, labels: PAPER_LABELS };
}
