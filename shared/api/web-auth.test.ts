import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mediaKeyFor, mediaTokenTtlSeconds, signMediaToken, verifyMediaToken } from './web-auth';

const key = mediaKeyFor('run-token-0123456789');
const now = 1_800_000_000;
const expires = now + mediaTokenTtlSeconds;

describe('media tokens (HMAC-SHA256 of dataset, path and expiry)', () => {
  it('agree with Node’s HMAC-SHA256 (key derivation and signature, base64url)', () => {
    const nodeKey = createHmac('sha256', 'run-token-0123456789').update('egostudio media token v1').digest();
    expect(Buffer.from(key).equals(nodeKey)).toBe(true);
    for (const path of ['videos/a.webm', 'videos/Green Pepper.mp4', 'x', 'ü/∑.mp4', 'videos/😀 clip.webm', 'a\ud800b']) {
      const signature = createHmac('sha256', nodeKey).update(`${expires}\0ds-1\0${path}`).digest('base64url');
      expect(signMediaToken(key, 'ds-1', path, expires)).toBe(`${expires}.${signature}`);
    }
  });

  it('accepts a token for its own dataset and path until it expires', () => {
    const token = signMediaToken(key, 'ds-1', 'videos/a.webm', expires);
    expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm', token, now)).toBe(true);
    expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm', token, expires)).toBe(true);
  });

  it('refuses it for another path or dataset', () => {
    const token = signMediaToken(key, 'ds-1', 'videos/a.webm', expires);
    expect(verifyMediaToken(key, 'ds-1', 'videos/b.webm', token, now)).toBe(false);
    expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm.html', token, now)).toBe(false);
    expect(verifyMediaToken(key, 'ds-2', 'videos/a.webm', token, now)).toBe(false);
    // The fields cannot be shifted between dataset and path.
    expect(verifyMediaToken(key, 'ds-1\0videos', 'a.webm', token, now)).toBe(false);
  });

  it('refuses it once expired, or when it claims more than the lifetime of a media token', () => {
    const token = signMediaToken(key, 'ds-1', 'videos/a.webm', expires);
    expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm', token, expires + 1)).toBe(false);
    const forever = signMediaToken(key, 'ds-1', 'videos/a.webm', now + 10 * mediaTokenTtlSeconds);
    expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm', forever, now)).toBe(false);
  });

  it('refuses another run’s key, a changed expiry and malformed tokens', () => {
    const token = signMediaToken(key, 'ds-1', 'videos/a.webm', expires);
    expect(verifyMediaToken(mediaKeyFor('another-run'), 'ds-1', 'videos/a.webm', token, now)).toBe(false);
    const [, signature] = token.split('.');
    expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm', `${expires - 1}.${signature}`, now)).toBe(false);
    for (const bad of [null, undefined, '', token.slice(0, -1), `${token}x`, `x${token}`, `${expires}`, `.${signature}`, `-5.${signature}`]) {
      expect(verifyMediaToken(key, 'ds-1', 'videos/a.webm', bad, now), String(bad)).toBe(false);
    }
  });
});
