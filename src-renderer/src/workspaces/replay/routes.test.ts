import { describe, expect, it } from 'vitest';
import { compareHash, parseReplayView } from './routes';

describe('replay view routes', () => {
  it('round-trips compare links of ids with slashes and commas', () => {
    const ids = ['gpt-sim-4o/static/retail-03', 'odd,id'];
    expect(compareHash(ids)).toBe('#/replay/compare/gpt-sim-4o%2Fstatic%2Fretail-03,odd%2Cid');
    expect(parseReplayView(compareHash(ids))).toEqual({ kind: 'compare', ids });
    expect(parseReplayView('#/replay/compare/a/b/c,d/e/f')).toEqual({ kind: 'compare', ids: ['a/b/c', 'd/e/f'] });
  });

  it('names the matrix and the audit, and leaves trajectories and the list to the replay link', () => {
    expect(parseReplayView('#/replay/matrix')).toEqual({ kind: 'matrix' });
    expect(parseReplayView('#/replay/audit')).toEqual({ kind: 'audit' });
    expect(parseReplayView('#/replay/m%2Fx%2Ft/2')).toBeNull();
    expect(parseReplayView('#/replay')).toBeNull();
  });
});
