import { describe, expect, it } from 'vitest';
import { conflictCopyOf } from './sync-conflict-copy';

describe('conflictCopyOf', () => {
  it('names the file a sync tool copied', () => {
    expect(conflictCopyOf('annotations/alice.sync-conflict-20261207-1234-ABCDEF.jsonl')).toBe('annotations/alice.jsonl');
    expect(conflictCopyOf('annotations/bob (conflicted copy 2026-12-07).jsonl')).toBe('annotations/bob.jsonl');
    expect(conflictCopyOf("reviews/carol (Dave's conflicted copy 2026-12-07).jsonl")).toBe('reviews/carol.jsonl');
    expect(conflictCopyOf('annotations/Alice (Case Conflict 1).jsonl')).toBe('annotations/Alice.jsonl');
    expect(conflictCopyOf('annotations/a.b.sync-conflict-20261207-1234-X.jsonl')).toBe('annotations/a.b.jsonl');
  });

  it('leaves other names alone', () => {
    for (const path of ['annotations/alice.jsonl', 'annotations/sync-conflict.jsonl', 'annotations/bob (copy).jsonl', 'reviews/__-1x2y3z.jsonl'])
      expect(conflictCopyOf(path)).toBeNull();
  });
});
