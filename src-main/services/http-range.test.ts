import { describe, expect, it } from 'vitest';
import { contentRangeHeader, parseRangeHeader } from './http-range';

describe('parseRangeHeader', () => {
  it('sends the whole file without a usable Range header', () => {
    expect(parseRangeHeader(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('', 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('items=0-5', 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('bytes=0-5,10-20', 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('bytes=9-3', 100)).toEqual({ kind: 'whole' });
    expect(parseRangeHeader('bytes=-', 100)).toEqual({ kind: 'whole' });
  });

  it('parses closed, open-ended and suffix ranges', () => {
    expect(parseRangeHeader('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRangeHeader('bytes=50-', 100)).toEqual({ kind: 'partial', range: { start: 50, end: 99 } });
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
  });

  it('clamps ranges that run past the end', () => {
    expect(parseRangeHeader('bytes=90-1000', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRangeHeader('bytes=-1000', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
  });

  it('reports ranges that start past the end as unsatisfiable', () => {
    expect(parseRangeHeader('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('formats Content-Range', () => {
    expect(contentRangeHeader({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
  });
});
