// This page's writes of one reviewer's file run one after another: a save whose first conditional
// write was slow and then met a conflict wrote the override back over its removal made meanwhile.
// The host's file is the test's (read with a hash, written only if unchanged, as the host does).
import { describe, expect, it, vi } from 'vitest';
import type { StudioApi } from '../../../../../shared/api/studio-api';
import { StudioError } from '../../../../../shared/api/studio-error';
import type { Review } from './reviewsDb';

vi.mock('./reviewsDb', () => ({ reviewKey: (d: string, t: string, r: string) => `${d}|${t}|${r}`, reviewsDb: {} }));
const { writeReview, withReviewLine } = await import('./reviewWriteThrough');

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

describe("a save in the reviewer's file", () => {
  const review: Review = { key: 'k', datasetId: 'd', trajectoryId: 'tr2', reviewer: 'ann', label: 'logic', autoLabel: 'perception', reason: 'x', updatedAt: '2026-01-01T00:00:00.000Z' };
  const line = (id: string, label: string) => JSON.stringify({ trajectory_id: id, label, reviewer: 'ann', updated_at: '2025-01-01T00:00:00Z' });

  it("changes its one line in place: order, blank lines and CRLF endings kept byte for byte; a new one at the end", () => {
    const text = `${line('tr3', 'a')}\r\n\r\n${line('tr2', 'b')}\r\n${line('tr1', 'c')}`;
    const saved = withReviewLine(text, 'ann', 'tr2', review);
    expect(saved).toBe(text.replace(line('tr2', 'b'), JSON.stringify({ trajectory_id: 'tr2', label: 'logic', auto_label: 'perception', reason: 'x', reviewer: 'ann', updated_at: review.updatedAt })));
    expect(withReviewLine(text, 'ann', 'tr9', { ...review, trajectoryId: 'tr9' }).startsWith(`${text}\r\n`)).toBe(true);
  });

  it('is refused when its line is in the file twice or inside a git merge conflict, and nothing is written', () => {
    const merged = ['<<<<<<< HEAD', line('tr2', 'b'), '=======', line('tr2', 'c'), '>>>>>>> origin/main', ''].join('\n');
    expect(() => withReviewLine(merged, 'ann', 'tr2', review)).toThrow('reviews/ann.jsonl: the review of "tr2" has 2 lines in the file (lines 2, 4); keep one, then try again; nothing was written');
    expect(() => withReviewLine(merged.replace(/.*"c".*\n/, ''), 'ann', 'tr2', null)).toThrow('inside an unresolved git merge conflict (lines 1-4)');
  });

  it("is refused at once, as a person's to resolve ('unresolved'): the file is not read again and again as after another's write", async () => {
    const merged = ['<<<<<<< HEAD', line('tr2', 'b'), '=======', line('tr2', 'c'), '>>>>>>> origin/main', ''].join('\n');
    let reads = 0;
    const api = {
      datasets: {
        readVersioned: async () => (reads++, { text: merged, hash: '1' }),
        writeIfUnchanged: async () => undefined,
      },
    } as unknown as StudioApi;
    const refused = await writeReview(api, 'd', 'ann', 'tr2', review).catch((error: unknown) => StudioError.from(error));
    expect(refused).toMatchObject({ code: 'unresolved' });
    expect(reads).toBe(1);
  });
});
