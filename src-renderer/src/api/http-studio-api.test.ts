// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mediaKeyFor, mediaTokenTtlSeconds, verifyMediaToken } from '../../../shared/api/web-auth';
import { parseSse, SseReader } from './event-stream';
import { offThreadCaller, type ApiCaller } from './http-call-off-thread';
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

describe('answers of the HTTP studio API', () => {
  const answering = (status: number, body: unknown) => async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

  it('gives the value, the error the host named, or "unreachable" when no answer came', async () => {
    expect(await createHttpStudioApi('t', answering(200, { value: ['a'] })).datasets.list()).toEqual(['a']);
    await expect(createHttpStudioApi('t', answering(404, { error: { code: 'not-found', message: 'no such file' } })).datasets.readText('d', 'x')).rejects.toMatchObject({
      code: 'not-found',
      message: 'no such file',
    });
    await expect(createHttpStudioApi('t', answering(502, 'not json')).datasets.list()).rejects.toMatchObject({ code: 'internal', message: 'HTTP 502 from datasets.list' });
    await expect(createHttpStudioApi('t', () => Promise.reject(new Error('connection refused'))).datasets.list()).rejects.toMatchObject({
      code: 'unreachable',
      message: 'The studio host cannot be reached (connection refused)',
    });
  });

  it('sends whole-file reads to the caller given for them, every other call as before', async () => {
    const onPage: string[] = [];
    const offPage: string[] = [];
    const readFiles: ApiCaller = async (name, args) => {
      offPage.push(name);
      return { reached: true, ok: true, status: 200, body: { value: `text of ${String(args[1])}` } };
    };
    const api = createHttpStudioApi('t', async (url) => (onPage.push(url), new Response(JSON.stringify({ value: [] }), { status: 200 })), undefined, readFiles);
    expect(await api.datasets.readText('d', 'tasks.jsonl')).toBe('text of tasks.jsonl');
    expect(await api.datasets.list()).toEqual([]);
    expect(offPage).toEqual(['datasets.readText']);
    expect(onPage).toEqual(['/api/datasets.list']);
  });

  it('off the page: without a Worker the call is made on this thread, the same request', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const call = offThreadCaller('run-secret', async (url, init) => (seen.push({ url, init }), new Response(JSON.stringify({ value: 'x' }), { status: 200 })));
    expect(typeof Worker).toBe('undefined');
    expect(await call('datasets.readText', ['d', 'tasks.jsonl'])).toEqual({ reached: true, ok: true, status: 200, body: { value: 'x' } });
    expect(seen[0].url).toBe('/api/datasets.readText');
    expect(seen[0].init.headers).toMatchObject({ 'x-studio-token': 'run-secret' });
    expect(seen[0].init.body).toBe(JSON.stringify(['d', 'tasks.jsonl']));
  });
});

describe('a host restarted since the page opened its dataset', () => {
  /** A host that knows the datasets opened since it (re)started; `restart` forgets them. */
  function fakeHost() {
    const open = new Set<string>();
    const calls: string[] = [];
    let streams = 0;
    const fetchImpl = async (url: string, init: RequestInit) => {
      if (url === '/api/events') {
        streams++;
        // One stream that ends at once (the host went away), then the next one stays open.
        return new Response(new ReadableStream({ start: (stream) => (streams === 1 ? stream.close() : undefined) }), { status: 200 });
      }
      const name = url.slice('/api/'.length);
      const [datasetId] = JSON.parse(String(init.body)) as string[];
      calls.push(name);
      if (name === 'datasets.listFiles') return new Response(JSON.stringify({ value: [{ path: 'annotations/bob.jsonl', size: 9 }] }), { status: 200 });
      if (name === 'datasets.open') {
        if (datasetId === 'gone') return new Response(JSON.stringify({ error: { code: 'not-found', message: 'Unknown dataset: gone' } }), { status: 404 });
        open.add(datasetId);
        return new Response(JSON.stringify({ value: { id: datasetId } }), { status: 200 });
      }
      if (!open.has(datasetId)) return new Response(JSON.stringify({ error: { code: 'not-open', message: `Dataset is not open: ${datasetId}` } }), { status: 409 });
      return new Response(JSON.stringify({ value: `text of ${datasetId}` }), { status: 200 });
    };
    return { fetchImpl, calls, restart: () => open.clear(), isOpen: (id: string) => open.has(id) };
  }

  it("opens the dataset again when a call meets 'not-open', and makes the call once more", async () => {
    const host = fakeHost();
    const api = createHttpStudioApi('t', host.fetchImpl);
    await api.datasets.open('ds');
    host.restart();
    expect(await api.datasets.readText('ds', 'ground_truth.jsonl')).toBe('text of ds');
    expect(host.calls).toEqual(['datasets.open', 'datasets.readText', 'datasets.open', 'datasets.readText']);
    // A dataset the host no longer offers: the call's own error.
    await expect(api.datasets.readText('gone', 'x')).rejects.toMatchObject({ code: 'not-open' });
  });

  it('opens the datasets it had open again when the event stream comes back, so their changes reach it again', async () => {
    const host = fakeHost();
    const api = createHttpStudioApi('t', host.fetchImpl);
    await api.datasets.open('ds');
    host.restart();
    const heard: unknown[] = [];
    api.onEvent('annotations.changed', (change) => heard.push(change)); // opens the stream: it ends, and connects again a second later
    await expect.poll(() => host.isOpen('ds'), { timeout: 3000 }).toBe(true);
    // What changed while the host was away has no watcher's word: the page is told to read its files again.
    await expect.poll(() => heard, { timeout: 3000 }).toEqual([{ datasetId: 'ds', paths: ['annotations/bob.jsonl', 'ground_truth.jsonl', 'reviews/', 'trajectories/'] }]);
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
