import { describe, expect, it } from 'vitest';
import { parseReplayHash, replayHash } from './deepLink';

describe('replay deep links', () => {
  it('round-trips ids with slashes and the step', () => {
    const id = 'gpt-sim-4o/static/retail-01';
    expect(replayHash(id, 3)).toBe('#/replay/gpt-sim-4o%2Fstatic%2Fretail-01/3');
    expect(parseReplayHash(replayHash(id, 3))).toEqual({ id, step: 3 });
    expect(parseReplayHash(replayHash(id))).toEqual({ id, step: 0 });
  });
  it('accepts a raw id with slashes', () => {
    expect(parseReplayHash('#/replay/gpt-sim-4o/static/retail-01/2')).toEqual({ id: 'gpt-sim-4o/static/retail-01', step: 2 });
  });
  it('is null for other routes and an empty id', () => {
    expect(parseReplayHash('#/replay')).toBeNull();
    expect(parseReplayHash('#/replay/')).toBeNull();
    expect(parseReplayHash('#/annotate/x')).toBeNull();
  });
  it('keeps a malformed escape as written', () => {
    expect(parseReplayHash('#/replay/a%zz/1')).toEqual({ id: 'a%zz', step: 1 });
  });
});
