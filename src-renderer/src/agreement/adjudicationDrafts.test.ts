import { describe, expect, it } from 'vitest';
import { draftKey, revisionsChanged } from './adjudicationDrafts';

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
