import { describe, expect, it } from 'vitest';
import { hashForWorkspace, workspaceFromHash, workspaceIds } from './workspaces';

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
