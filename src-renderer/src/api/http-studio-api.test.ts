// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mediaKeyFor, mediaTokenTtlSeconds, verifyMediaToken } from '../../../shared/api/web-auth';
import { parseSse, SseReader } from './event-stream';
import { createHttpStudioApi } from './http-studio-api';
import { takeToken, tokenStorageKey } from './studio';

describe('takeToken', () => {
  it('moves ?token= from the address bar into sessionStorage, keeping the rest of the URL', () => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/?annotator=ann&token=run-secret#/annotate');
    expect(takeToken(window.location, window.sessionStorage, window.history)).toBe('run-secret');
    expect(window.location.href).not.toContain('run-secret');
    expect(window.location.search).toBe('?annotator=ann');
    expect(window.location.hash).toBe('#/annotate');
    expect(window.sessionStorage.getItem(tokenStorageKey)).toBe('run-secret');
    // A reload (no token in the URL any more) finds it in the tab's storage.
    expect(takeToken(window.location, window.sessionStorage, window.history)).toBe('run-secret');
  });
});

describe('media URLs of the HTTP studio API', () => {
  it('carry a media token for exactly that path, valid for the media token lifetime', () => {
    let now = 1_800_000_000;
    const api = createHttpStudioApi('run-secret', () => Promise.reject(new Error('no network here')), () => now);
    const url = new URL(api.mediaUrl('ds-1', 'videos/Green Pepper.mp4'), 'http://127.0.0.1:1');
    expect(url.pathname).toBe('/media/ds-1/videos/Green%20Pepper.mp4');
    const token = url.searchParams.get('t');
    const key = mediaKeyFor('run-secret');
    expect(verifyMediaToken(key, 'ds-1', 'videos/Green Pepper.mp4', token, now)).toBe(true);
    expect(verifyMediaToken(key, 'ds-1', 'videos/other.mp4', token, now)).toBe(false);
    expect(verifyMediaToken(key, 'ds-1', 'videos/Green Pepper.mp4', token, now + mediaTokenTtlSeconds + 1)).toBe(false);
    expect(url.href).not.toContain('run-secret');
    // The same URL while most of its life is left (players and the clip cache key on it), a new one after.
    now += mediaTokenTtlSeconds / 2;
    expect(new URL(api.mediaUrl('ds-1', 'videos/Green Pepper.mp4'), 'http://127.0.0.1:1').searchParams.get('t')).toBe(token);
    now += mediaTokenTtlSeconds / 4 + 1;
    const renewed = new URL(api.mediaUrl('ds-1', 'videos/Green Pepper.mp4'), 'http://127.0.0.1:1').searchParams.get('t');
    expect(renewed).not.toBe(token);
    expect(verifyMediaToken(key, 'ds-1', 'videos/Green Pepper.mp4', renewed, now + mediaTokenTtlSeconds / 2)).toBe(true);
  });

  it('sends the token as a header on API calls, never as a cookie or in the URL', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const api = createHttpStudioApi('run-secret', async (url, init) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ value: [] }), { status: 200 });
    });
    expect(await api.datasets.list()).toEqual([]);
    expect(seen[0].url).toBe('/api/datasets.list');
    expect(seen[0].init.headers).toMatchObject({ 'x-studio-token': 'run-secret' });
    expect(seen[0].init.credentials).toBe('omit');
  });
});

describe('parseSse', () => {
  it('reads complete messages and keeps the unfinished rest', () => {
    const { messages, rest } = parseSse(': connected\n\nevent: datasets.changed\ndata: {"a":1}\n\nevent: x\ndata: {"b"');
    expect(messages).toEqual([{ event: 'datasets.changed', data: '{"a":1}' }]);
    expect(rest).toBe('event: x\ndata: {"b"');
    expect(parseSse(`${rest}:2}\n\n`).messages).toEqual([{ event: 'x', data: '{"b":2}' }]);
  });

  it('reads a stream cut anywhere, CRLF line ends split between chunks included, into the same messages', () => {
    const big = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ id: `t${i}` })) });
    const stream = `: connected\r\n\r\nevent: evaluation.rows\r\ndata: ${big}\r\n\r\nevent: x\ndata: 1\n\n`;
    for (const size of [1, 2, 7, 4096, stream.length]) {
      const reader = new SseReader();
      const messages = [];
      for (let at = 0; at < stream.length; at += size) messages.push(...reader.push(stream.slice(at, at + size)));
      expect(messages).toEqual([
        { event: 'evaluation.rows', data: big },
        { event: 'x', data: '1' },
      ]);
    }
  });
});
