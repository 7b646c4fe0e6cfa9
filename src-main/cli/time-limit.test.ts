// The scoring commands run watched by default: SQL from a dataset that never ends cannot keep them running.
import { describe, expect, it } from 'vitest';
import { auditSpec, DEFAULT_TIME_LIMIT_S, evaluateSpec } from './commands';
import { timeLimitSeconds, watchedScoring } from './time-limit';

describe('--time-limit', () => {
  it('defaults to a limit, in watched workers only; 0 scores on this thread as well, without one', () => {
    expect(DEFAULT_TIME_LIMIT_S).toBeGreaterThan(0);
    expect(timeLimitSeconds(evaluateSpec, undefined)).toBe(DEFAULT_TIME_LIMIT_S);
    expect(timeLimitSeconds(auditSpec, undefined)).toBe(DEFAULT_TIME_LIMIT_S);
    expect(watchedScoring(timeLimitSeconds(evaluateSpec, undefined), undefined)).toEqual({ scoreOnCaller: false, timeLimitMs: DEFAULT_TIME_LIMIT_S * 1000, workers: undefined });
    expect(watchedScoring(timeLimitSeconds(evaluateSpec, '0'), 1)).toEqual({ workers: 1 });
    // --workers N: N threads beside this one's share, so N + 1 watched workers.
    expect(watchedScoring(5, 1)).toEqual({ scoreOnCaller: false, timeLimitMs: 5000, workers: 2 });
    expect(() => timeLimitSeconds(evaluateSpec, 'soon')).toThrow('--time-limit takes a whole number of at least 0, not "soon"');
  });
});
