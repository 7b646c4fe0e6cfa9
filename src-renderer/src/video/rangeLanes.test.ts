import { describe, expect, it } from 'vitest';
import { rangeLanes } from './rangeLanes';

describe('range lanes', () => {
  it('stacks overlapping ranges, keeps apart ones in one lane, and reuses a lane once it is free', () => {
    expect(rangeLanes([])).toEqual({ lanes: [], count: 1 });
    expect(rangeLanes([{ first: 0, last: 9 }, { first: 10, last: 19 }])).toEqual({ lanes: [0, 0], count: 1 });
    // Given out of order: 20-40 overlaps 30-35 and 0-25; 50-60 takes lane 0 again; a shared frame is an overlap.
    expect(rangeLanes([{ first: 30, last: 35 }, { first: 0, last: 25 }, { first: 20, last: 40 }, { first: 50, last: 60 }, { first: 60, last: 70 }])).toEqual({
      lanes: [0, 0, 1, 0, 1],
      count: 2,
    });
    // The same range twice (two references of one moment): both visible.
    expect(rangeLanes([{ first: 5, last: 8 }, { first: 5, last: 8 }]).lanes).toEqual([0, 1]);
  });
});
