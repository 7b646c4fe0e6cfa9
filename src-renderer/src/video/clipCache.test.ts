import { describe, expect, it } from 'vitest';
import { clipMediaType, crossOriginFor, isCacheable } from './clipCache';

describe('clip cache rules', () => {
  it('knows media types by extension, query and fragment aside', () => {
    expect(clipMediaType('/media/d/videos/retail-01.webm')).toBe('video/webm');
    expect(clipMediaType('/media/d/videos/a.MP4?x=1')).toBe('video/mp4');
    expect(clipMediaType('/media/d/videos/a')).toBeNull();
    expect(clipMediaType('/media/d/videos/a.avi')).toBeNull();
  });

  it('holds only same-origin http(s) clips of a known type', () => {
    const origin = 'http://127.0.0.1:5000';
    expect(isCacheable('/media/d/videos/a.webm', origin)).toBe(true);
    expect(isCacheable('http://127.0.0.1:5000/media/d/a.webm', origin)).toBe(true);
    expect(isCacheable('http://127.0.0.1:5001/media/d/a.webm', origin)).toBe(false);
    // The desktop app's clips: its protocol answers CORS for the studio (src-main/main/media-protocol.ts).
    expect(isCacheable('studio-media://d/videos/a.webm', 'app://studio')).toBe(true);
    expect(isCacheable('studio-media://d/videos/a.avi', 'app://studio')).toBe(false);
    expect(isCacheable('/media/d/videos/a.avi', origin)).toBe(false);
    expect(isCacheable('/media/d/videos/a.webm', '')).toBe(false);
  });
});

describe('crossOriginFor', () => {
  it('asks CORS of studio-media: clips only (another origin than app://studio); same-origin, blob: and bad URLs need none', () => {
    expect(crossOriginFor('studio-media://ds1/videos/big.mp4', 'app://studio')).toBe('anonymous');
    expect(crossOriginFor('/media/ds1/videos/a.webm', 'http://127.0.0.1:5000')).toBeNull();
    expect(crossOriginFor('blob:app://studio/0e2c', 'app://studio')).toBeNull();
    expect(crossOriginFor('http://[bad', 'app://studio')).toBeNull();
  });
});
