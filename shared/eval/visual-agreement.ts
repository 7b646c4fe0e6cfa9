// Agreement of two annotators' visual references (SPEC §5): do they name the same entities, and
// do their clip ranges overlap (temporal IoU)? Pure functions for the dashboard and the panel.
import type { VisualRef } from '../format/types';
import { canonicalString } from './canonical';

type Range = Pick<VisualRef, 'start' | 'end'>;

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Intersection over union of two clip ranges [start, end] in seconds. Two equal instants give 1,
 * disjoint ranges 0. Null when either range has no times (imported references) or is reversed.
 */
export function temporalIoU(a: Range, b: Range): number | null {
  if (!finite(a.start) || !finite(a.end) || !finite(b.start) || !finite(b.end)) return null;
  if (a.end < a.start || b.end < b.start) return null;
  const intersection = Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  const union = Math.max(a.end, b.end) - Math.min(a.start, b.start);
  if (union === 0) return a.start === b.start ? 1 : 0;
  return intersection / union;
}

/** Entities compare as canonical strings (SPEC §8.1 strings). */
export function sameEntity(a: Pick<VisualRef, 'entity'>, b: Pick<VisualRef, 'entity'>): boolean {
  return canonicalString(String(a.entity ?? '')) === canonicalString(String(b.entity ?? ''));
}

export interface VisualPair {
  a: number;
  b: number;
  /** Null when either side has no times. */
  iou: number | null;
}

/** Pairs references of the same entity, one to one, highest IoU first (then in order). */
export function alignVisualRefs(a: readonly VisualRef[], b: readonly VisualRef[]): { pairs: VisualPair[]; onlyA: number[]; onlyB: number[] } {
  const candidates: VisualPair[] = [];
  a.forEach((ra, i) => b.forEach((rb, j) => sameEntity(ra, rb) && candidates.push({ a: i, b: j, iou: temporalIoU(ra, rb) })));
  candidates.sort((x, y) => (y.iou ?? -1) - (x.iou ?? -1) || x.a - y.a || x.b - y.b);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const pairs: VisualPair[] = [];
  for (const candidate of candidates) {
    if (usedA.has(candidate.a) || usedB.has(candidate.b)) continue;
    usedA.add(candidate.a);
    usedB.add(candidate.b);
    pairs.push(candidate);
  }
  pairs.sort((x, y) => x.a - y.a);
  return {
    pairs,
    onlyA: a.map((_, i) => i).filter((i) => !usedA.has(i)),
    onlyB: b.map((_, j) => j).filter((j) => !usedB.has(j)),
  };
}

export interface VisualAgreement {
  refsA: number;
  refsB: number;
  /** References paired by entity. */
  matched: number;
  /** 2·matched/(|A|+|B|); null when neither has a reference (nothing to compare, not agreement). */
  entity_f1: number | null;
  /** Mean IoU over the pairs with times; null when there is none. */
  mean_iou: number | null;
  pairs: VisualPair[];
}

export function visualAgreement(a: readonly VisualRef[], b: readonly VisualRef[]): VisualAgreement {
  const { pairs } = alignVisualRefs(a, b);
  const total = a.length + b.length;
  const ious = pairs.map((p) => p.iou).filter((iou): iou is number => iou !== null);
  return {
    refsA: a.length,
    refsB: b.length,
    matched: pairs.length,
    entity_f1: total === 0 ? null : (2 * pairs.length) / total,
    mean_iou: ious.length === 0 ? null : ious.reduce((s, x) => s + x, 0) / ious.length,
    pairs,
  };
}

export interface VisualAgreementSummary {
  tasks: number;
  /** Mean of entity_f1 over the tasks where either annotator wrote a reference; null with none. */
  mean_entity_f1: number | null;
  /** Mean IoU over every timed pair of every task; null when there is none. */
  mean_iou: number | null;
  /** Share of timed pairs with IoU >= 0.5. */
  iou_at_50: number | null;
  pairs: number;
}

export function summarizeVisualAgreement(tasks: readonly VisualAgreement[]): VisualAgreementSummary {
  const ious = tasks.flatMap((t) => t.pairs.map((p) => p.iou)).filter((iou): iou is number => iou !== null);
  const f1s = tasks.map((t) => t.entity_f1).filter((f1): f1 is number => f1 !== null);
  return {
    tasks: tasks.length,
    mean_entity_f1: f1s.length === 0 ? null : f1s.reduce((s, x) => s + x, 0) / f1s.length,
    mean_iou: ious.length === 0 ? null : ious.reduce((s, x) => s + x, 0) / ious.length,
    iou_at_50: ious.length === 0 ? null : ious.filter((x) => x >= 0.5).length / ious.length,
    pairs: tasks.reduce((s, t) => s + t.pairs.length, 0),
  };
}
