import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../format/types';
import { callClasses, classAlphaSums, type CallEquality, type PooledCallList } from './alpha-sums';
import { normalizeCalls } from './calls';
import { maxMatching } from './canonical';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state >>> 16) % n; // the high bits: the low ones of this generator cycle in a few steps
  };
}

const call = (tool: string, value: string | number): ToolCall => normalizeCalls([{ tool_name: tool, parameters: { v: value } }])[0];

/** Every ordered pair compared, as pooledDistanceSums does it with agreement-report's distance. */
function pairwiseSums(pooled: readonly PooledCallList[], groupEquality: (g: number) => CallEquality, crossEquality: CallEquality) {
  let total = 0;
  const byGroup = new Map<number, number>();
  for (let i = 0; i < pooled.length; i++)
    for (let j = 0; j < pooled.length; j++) {
      if (i === j) continue;
      const [x, y] = [pooled[i], pooled[j]];
      const same = x.group === y.group;
      const equal = same ? groupEquality(x.group) : crossEquality;
      let d: number;
      if (x.calls.length === 0 || y.calls.length === 0) d = x.calls.length === y.calls.length ? 0 : 1;
      else {
        const m = maxMatching(x.calls.length, y.calls.length, (a, b) => x.calls[a].tool_name === y.calls[b].tool_name && equal(x.calls[a], y.calls[b])).size;
        d = 1 - (2 * m) / (x.calls.length + y.calls.length);
      }
      total += d;
      if (same) byGroup.set(x.group, (byGroup.get(x.group) ?? 0) + d);
    }
  return { total, byGroup };
}

/** Values equal when their lower-cased text is (an equivalence); in group 1, numbers also by their integer part. */
const canonicalEquality: CallEquality = (a, b) => String(a.parameters.v).toLowerCase() === String(b.parameters.v).toLowerCase();
const byIntegerPart: CallEquality = (a, b) =>
  typeof a.parameters.v === 'number' && typeof b.parameters.v === 'number' ? Math.trunc(a.parameters.v) === Math.trunc(b.parameters.v) : canonicalEquality(a, b);

function pooledAnnotations(seed: number, count: number): PooledCallList[] {
  const next = random(seed);
  const tools = ['get_price', 'add_to_cart', 'get_cart', 'find'];
  const values = ['Milk', 'milk', 'MILK', 'Bread', 'Jam', 1, 1.5, 2, 2.25, 3];
  return Array.from({ length: count }, () => ({
    group: next(3),
    calls: Array.from({ length: next(5) }, () => call(tools[next(tools.length)], values[next(values.length)])),
  }));
}

describe('alpha sums counted by classes of equal calls', () => {
  it('equal every pair compared, overall and per group, on random annotations (some empty, repeated calls, groups with their own equality)', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const pooled = pooledAnnotations(seed, 60);
      const groupEquality = (g: number) => (g === 1 ? byIntegerPart : canonicalEquality);
      const counted = classAlphaSums(pooled, 3, groupEquality, canonicalEquality)!;
      const compared = pairwiseSums(pooled, groupEquality, canonicalEquality);
      expect(counted.total).toBeCloseTo(compared.total, 9);
      for (const [group, sum] of compared.byGroup) expect(counted.byGroup.get(group)).toBeCloseTo(sum, 9);
    }
  });

  it('match loose classes (within a tolerance, 1 ~ 1.4 ~ 1.8 but 1 is not 1.8) between the annotations holding them: equal every pair compared', () => {
    const nearby: CallEquality = (a, b) => Math.abs(Number(a.parameters.v) - Number(b.parameters.v)) <= 0.5;
    const pooled: PooledCallList[] = [1, 1.4, 1.8].map((v) => ({ group: 0, calls: [call('set', v)] }));
    const classes = callClasses(pooled.flatMap((p) => p.calls), nearby, { left: 100 })!;
    expect(new Set(classes.classOf.values()).size).toBe(1);
    expect(classes.loose.size).toBe(1);
    // 1-1.4 and 1.4-1.8 match (distance 0), 1-1.8 do not (1): 2 ordered pairs at 1.
    expect(classAlphaSums(pooled, 1, () => nearby, nearby)!.total).toBe(2);
    expect(classAlphaSums([pooled[0], pooled[2]], 1, () => nearby, nearby)!.total).toBe(2);
  });

  it('equal every pair compared on random annotations where equality is not an equivalence (a tolerance), within groups and across', () => {
    const within = (tolerance: number): CallEquality => (a, b) => {
      const [x, y] = [a.parameters.v, b.parameters.v];
      return typeof x === 'number' && typeof y === 'number' ? Math.abs(x - y) <= tolerance : canonicalEquality(a, b);
    };
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const pooled = pooledAnnotations(seed, 50);
      const groupEquality = (g: number) => within(g === 2 ? 0 : 0.5);
      const counted = classAlphaSums(pooled, 3, groupEquality, within(0.3))!;
      const compared = pairwiseSums(pooled, groupEquality, within(0.3));
      expect(counted.total).toBeCloseTo(compared.total, 9);
      for (const [group, sum] of compared.byGroup) expect(counted.byGroup.get(group)).toBeCloseTo(sum, 9);
    }
  });

  it('give way when a comparison fails (a list too long to match), leaving the pairs to be compared and said so', () => {
    const failing: CallEquality = () => {
      throw new Error('too long');
    };
    expect(classAlphaSums([{ group: 0, calls: [call('a', 1)] }, { group: 0, calls: [call('a', 2)] }], 1, () => failing, failing)).toBeNull();
  });

  it('sort calls into classes per tool: the same value under two tools is two classes', () => {
    const classes = callClasses([call('a', 'x'), call('b', 'x'), call('a', 'X')], canonicalEquality, { left: 100 })!;
    const ids = [call('a', 'x'), call('b', 'x'), call('a', 'X')].map((c) => classes.classOf.get(`${c.tool_name}\u0000${JSON.stringify(c.parameters)}`));
    expect(ids[0]).toBe(ids[2]);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
