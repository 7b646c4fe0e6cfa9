import { describe, expect, it } from 'vitest';
import { parseTaskHash, taskHash } from './taskLink';
import { workspaceFromHash } from './workspaces';

describe('task links', () => {
  it('round-trips task ids with slashes, spaces and percent signs', () => {
    for (const id of ['retail-02', 'kitchen/1', 'a b%c', 'naïve#1']) {
      const hash = taskHash('annotate', id);
      expect(parseTaskHash('annotate', hash)).toBe(id);
      expect(workspaceFromHash(hash)).toBe('annotate');
    }
  });

  it('names no task for the workspace alone, another workspace, deeper routes or a bad escape', () => {
    expect(taskHash('adjudicate', null)).toBe('#/adjudicate');
    expect(parseTaskHash('adjudicate', '#/adjudicate')).toBeNull();
    expect(parseTaskHash('adjudicate', '#/annotate/retail-02')).toBeNull();
    expect(parseTaskHash('adjudicate', '#/adjudicate/suspect/retail-02/1')).toBeNull();
    expect(parseTaskHash('annotate', '#/annotate/%E0%A4%A')).toBeNull();
  });
});
