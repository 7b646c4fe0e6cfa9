import { describe, expect, it } from 'vitest';
import { confusion } from './kappa';

describe('confusion and Cohen’s kappa', () => {
  it('is null without items', () => {
    const c = confusion([], ['a', 'b']);
    expect(c.kappa).toBeNull();
    expect(c.matrix).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('is 1 for perfect agreement and counts the diagonal', () => {
    const c = confusion([
      ['a', 'a'],
      ['b', 'b'],
      ['a', 'a'],
    ]);
    expect(c.kappa).toBe(1);
    expect(c.labels).toEqual(['a', 'b']);
    expect(c.matrix).toEqual([
      [2, 0],
      [0, 1],
    ]);
  });

  it('matches a textbook example (Wikipedia: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4)', () => {
    const pairs: [string, string][] = [
      ...Array.from({ length: 20 }, () => ['yes', 'yes'] as [string, string]),
      ...Array.from({ length: 5 }, () => ['yes', 'no'] as [string, string]),
      ...Array.from({ length: 10 }, () => ['no', 'yes'] as [string, string]),
      ...Array.from({ length: 15 }, () => ['no', 'no'] as [string, string]),
    ];
    const c = confusion(pairs, ['yes', 'no']);
    expect(c.observed).toBeCloseTo(0.7);
    expect(c.expected).toBeCloseTo(0.5);
    expect(c.kappa).toBeCloseTo(0.4);
    expect(c.matrix).toEqual([
      [20, 5],
      [10, 15],
    ]);
  });

  it('keeps the given order and appends unseen labels sorted', () => {
    const c = confusion(
      [
        ['z', 'a'],
        ['a', 'm'],
      ],
      ['a'],
    );
    expect(c.labels).toEqual(['a', 'm', 'z']);
    expect(c.kappa).toBeLessThan(0);
  });

  it('gives 1 when both use one category only, 0 when chance agreement is total but observed is not', () => {
    expect(
      confusion([
        ['a', 'a'],
        ['a', 'a'],
      ]).kappa,
    ).toBe(1);
  });
});
