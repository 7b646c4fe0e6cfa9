import { describe, expect, it } from 'vitest';
import type { ClipStatus } from '../../../shared/api/studio-api';
import { clipFoundAgain } from './useClipStatus';

const status = (clips: ClipStatus['clips']): ClipStatus => ({ clips, missing: clips.filter((clip) => !clip.source).length, folder: null });

describe('clipFoundAgain', () => {
  const missingA = status([{ path: 'videos/a.webm', name: 'a.webm', source: null }, { path: 'videos/b.webm', name: 'b.webm', source: 'dataset' }]);
  it('is true when a clip missing before is found now, in the dataset or the video folder', () => {
    expect(clipFoundAgain(missingA, status([{ path: 'videos/a.webm', name: 'a.webm', source: 'dataset' }, { path: 'videos/b.webm', name: 'b.webm', source: 'dataset' }]))).toBe(true);
    expect(clipFoundAgain(missingA, status([{ path: 'videos/a.webm', name: 'a.webm', source: 'folder' }, { path: 'videos/b.webm', name: 'b.webm', source: 'dataset' }]))).toBe(true);
  });
  it('is false when nothing was found anew: the same status, one more missing, or no status before', () => {
    expect(clipFoundAgain(missingA, missingA)).toBe(false);
    expect(clipFoundAgain(missingA, status([{ path: 'videos/a.webm', name: 'a.webm', source: null }, { path: 'videos/b.webm', name: 'b.webm', source: null }]))).toBe(false);
    expect(clipFoundAgain(null, status([{ path: 'videos/a.webm', name: 'a.webm', source: 'dataset' }]))).toBe(false);
  });
});
