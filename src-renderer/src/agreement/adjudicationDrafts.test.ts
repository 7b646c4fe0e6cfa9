import { describe, expect, it } from 'vitest';
import { annotationContent, draftKey, revisionsChanged } from './adjudicationDrafts';

describe('revisionsChanged', () => {
  const key = (ra: number, rb: number, b = 'bob') => draftKey('d', 't', { annotator: 'alice', revision: ra }, { annotator: b, revision: rb });

  it("names the annotator whose new revision set the choices back", () => {
    expect(revisionsChanged(key(10, 3), key(11, 3))).toBe("alice's rev 10 became rev 11");
    expect(revisionsChanged(key(10, 3), key(10, 4))).toBe("bob's rev 3 became rev 4");
    expect(revisionsChanged(key(10, 3), key(11, 4))).toBe("alice's rev 10 became rev 11 and bob's rev 3 became rev 4");
  });

  it('says nothing for another pair, or the same revisions', () => {
    expect(revisionsChanged(key(10, 3), key(10, 3, 'carl'))).toBeNull();
    expect(revisionsChanged(key(10, 3), key(10, 3))).toBeNull();
  });
});

describe('annotationContent', () => {
  const line = {
    calls: [{ tool_name: 'get_price', parameters: { product_name: 'Black Tea' } }],
    visual_refs: [{ id: 'r1', entity: 'Black Tea', description: 'the tin', start: 1.5, end: 2 }],
  };
  it('changes with the calls and the references\' entities, not with the status, times, frames or extras of the line', () => {
    const same = annotationContent({ ...line, status: 'submitted', updated_at: '2026-12-06T00:00:00Z', studio: { calls: [] } } as typeof line);
    expect(same).toBe(annotationContent(line));
    expect(annotationContent({ ...line, calls: [{ tool_name: 'get_price', parameters: { product_name: 'Green Tea' } }] })).not.toBe(annotationContent(line));
    expect(annotationContent({ ...line, visual_refs: [{ ...line.visual_refs[0], entity: 'Green Tea' }] })).not.toBe(annotationContent(line));
    // Not the frames: a reference with no times reads as 0 from this browser's rows, absent from the file.
    expect(annotationContent({ ...line, visual_refs: [{ ...line.visual_refs[0], start: 0, end: 0 }] })).toBe(annotationContent(line));
  });
});
