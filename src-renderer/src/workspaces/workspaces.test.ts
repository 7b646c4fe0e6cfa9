import { describe, expect, it } from 'vitest';
import { hashForWorkspace, hashToReturnTo, routeShown, workspaceFromHash, workspaceIds } from './workspaces';

describe('workspace routes', () => {
  it('round-trips every workspace through its hash', () => {
    for (const id of workspaceIds) expect(workspaceFromHash(hashForWorkspace(id))).toBe(id);
  });

  it('reads deeper routes by their first segment and rejects unknown ones', () => {
    expect(workspaceFromHash('#/replay/run-7')).toBe('replay');
    expect(workspaceFromHash('#/settings')).toBeNull();
    expect(workspaceFromHash('')).toBeNull();
  });
});

describe('hashToReturnTo', () => {
  it("returns to Replay's last route (the run open), and to the start of the other workspaces", () => {
    expect(hashToReturnTo('replay')).toBe('#/replay');
    routeShown('#/replay/gpt-sim-4o%2Fstatic%2Fretail-01/2');
    routeShown('#/reports');
    routeShown('#/annotate/retail-02');
    expect(hashToReturnTo('replay')).toBe('#/replay/gpt-sim-4o%2Fstatic%2Fretail-01/2');
    expect(hashToReturnTo('annotate')).toBe('#/annotate');
    expect(hashToReturnTo('reports')).toBe('#/reports');
  });
});
