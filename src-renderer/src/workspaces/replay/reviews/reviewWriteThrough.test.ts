// This page's writes of one reviewer's file run one after another: a save whose first conditional
// write was slow and then met a conflict wrote the override back over its removal made meanwhile.
// The host's file is the test's (read with a hash, written only if unchanged, as the host does).
import { describe, expect, it, vi } from 'vitest';
import type { StudioApi } from '../../../../../shared/api/studio-api';
import { StudioError } from '../../../../../shared/api/studio-error';
import type { Review } from './reviewsDb';

vi.mock('./reviewsDb', () => ({ reviewKey: (d: string, t: string, r: string) => `${d}|${t}|${r}`, reviewsDb: {} }));
const { writeReview } = await import('./reviewWriteThrough');

describe('writes of one review file', () => {
  it('end in the order they were made: a removal after a save stays removed', async () => {
    let text: string | null = null;
    let version = 0;
    let releaseFirst: (() => void) | null = null;
    let writes = 0;
    const api = {
      datasets: {
        readVersioned: async () => ({ text, hash: String(version) }),
        writeIfUnchanged: async (_d: string, _p: string, next: string, hash: string) => {
          if (writes++ === 0) await new Promise<void>((resolve) => (releaseFirst = resolve)); // the save's request is slow
          if (hash !== String(version)) throw new StudioError('conflict', 'the file changed');
          text = next;
          version++;
        },
      },
    } as unknown as StudioApi;
    const review: Review = { key: 'k', datasetId: 'd', trajectoryId: 'tr1', reviewer: 'ann', label: 'correct', autoLabel: 'perception', reason: 'x', updatedAt: '2026-01-01T00:00:00.000Z' };
    const save = writeReview(api, 'd', 'ann', 'tr1', review);
    const removal = writeReview(api, 'd', 'ann', 'tr1', null);
    await vi.waitFor(() => expect(releaseFirst).not.toBeNull());
    releaseFirst!();
    await Promise.all([save, removal]);
    expect(text).toBe('');
    expect(writes).toBe(2); // one after the other: no conflict, no retry
  });
});
