import { request as httpRequest } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webMediaUrl } from '../../shared/api/media-url';
import { linesOfText, NOT_UTF8_MARK } from '../../shared/format/jsonl';
import { createStudioHost } from '../services/studio-host';
import { makeTempDataset, type TempDataset } from '../test-support/temp-dataset';
import { startWebHost, type RunningWebHost } from './server';
import { mediaKeyFor, mediaTokenParam, mediaTokenTtlSeconds, signMediaToken } from '../../shared/api/web-auth';
import { tokenHeader } from './token-auth';

const token = 'test-token-0123456789';
let temp: TempDataset;
let host: RunningWebHost;
let base: string;

beforeEach(async () => {
  temp = await makeTempDataset({ 'videos/clip.webm': new Uint8Array(500).fill(7), 'tasks.jsonl': '{"id":"t1"}\n' });
  const rendererDir = path.join(temp.base, 'renderer');
  await mkdir(rendererDir);
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  const studio = createStudioHost({ hostKind: 'web', appRoot: temp.base, configDir: temp.configDir, datasetsDir: temp.datasetsDir });
  host = await startWebHost({ studio, rendererDir, token, port: 0 });
  base = `http://127.0.0.1:${host.port}`;
});
afterEach(async () => {
  await host.close();
  await temp.cleanup();
});

const withToken = { [tokenHeader]: token };
const api = (channel: string, args: unknown[], headers: Record<string, string> = withToken) =>
  fetch(`${base}/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(args) });

describe('browser host token', () => {
  it('prints a URL on 127.0.0.1 with the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${token}`);
  });

  it('refuses API calls and events without the token header or with a wrong one', async () => {
    expect((await api('datasets.list', [], {})).status).toBe(403);
    expect((await api('datasets.list', [], { [tokenHeader]: `${token}x` })).status).toBe(403);
    expect((await fetch(`${base}/api/events`)).status).toBe(403);
    expect((await fetch(`${base}/api/events?token=${token}`)).status).toBe(403);
    expect((await fetch(`${base}/api/app.info?token=${token}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' })).status).toBe(403);
  });

  it('serves the page without a token and sets no cookie; the token is a header', async () => {
    const first = await fetch(host.url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<title>studio</title>');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await api('datasets.list', [])).status).toBe(200);
  });

  it('no longer accepts the token in a cookie (browsers send cookies to every port of 127.0.0.1)', async () => {
    for (const cookie of [`studio_token_${host.port}=${token}`, `studio_token=${token}`, `token=${token}`]) {
      expect((await api('datasets.list', [], { Cookie: cookie })).status, cookie).toBe(403);
    }
  });

  it('refuses another origin even with the token (another port of 127.0.0.1 included)', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${host.port + 1}`, 'null', `https://127.0.0.1:${host.port}`]) {
      expect((await api('datasets.list', [], { ...withToken, Origin: origin })).status, origin).toBe(403);
    }
    expect((await api('datasets.list', [], { ...withToken, Origin: base })).status).toBe(200);
    expect((await api('datasets.list', [], { ...withToken, Origin: `http://localhost:${host.port}` })).status).toBe(200);
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${base}/`, { headers: { Host: `evil.example:${host.port}`, ...withToken } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
  });
});

describe('browser host API', () => {
  async function openTiny(): Promise<string> {
    const { value: datasets } = (await (await api('datasets.list', [])).json()) as { value: { id: string; name: string }[] };
    expect(datasets.map((dataset) => dataset.name)).toEqual(['Tiny dataset']);
    expect((await api('datasets.open', [datasets[0].id])).status).toBe(200);
    return datasets[0].id;
  }

  it('lists, opens, reads and writes through the same services', async () => {
    const id = await openTiny();
    expect(await (await api('datasets.readText', [id, 'tasks.jsonl'])).json()).toEqual({ value: '{"id":"t1"}\n' });
    expect((await api('datasets.writeText', [id, 'annotations/a.jsonl', 'x\n'])).status).toBe(200);
    const listed = (await (await api('datasets.listFiles', [id, 'annotations'])).json()) as { value: unknown };
    expect(listed.value).toEqual([{ path: 'annotations/a.jsonl', size: 2 }]);
  });

  it('reads a line that is not UTF-8 to the browser marked, so its loader can name it', async () => {
    const id = await openTiny();
    await writeFile(path.join(temp.root, 'tasks.jsonl'), Buffer.concat([Buffer.from('{"id":"t1"}\n'), Buffer.from('{"id":"café"}\n', 'latin1')]));
    const { value } = (await (await api('datasets.readText', [id, 'tasks.jsonl'])).json()) as { value: string };
    expect(value).toBe(`{"id":"t1"}\n${NOT_UTF8_MARK}{"id":"caf\uFFFD"}\n`);
    expect(linesOfText(value).map((line) => line.kind)).toEqual(['line', 'not-utf8']);
  });

  it('answers invalid arguments with 400, escapes with 403 and unopened datasets with 404', async () => {
    const id = await openTiny();
    const invalid = await api('datasets.readText', [id, '../outside-secret.txt']);
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe('invalid-args');
    expect((await api('datasets.readText', ['other-00000000', 'tasks.jsonl'])).status).toBe(404);
    expect((await api('no.such', [])).status).toBe(404);
    const notJson = await fetch(`${base}/api/app.info`, { method: 'POST', headers: { ...withToken, 'Content-Type': 'text/plain' }, body: '[]' });
    expect(notJson.status).toBe(415);
  });

  it('reports its host kind as web', async () => {
    expect(((await (await api('app.info', [])).json()) as { value: { hostKind: string } }).value.hostKind).toBe('web');
  });

  it('serves media to a URL with a media token for that path; refuses other paths, expired and missing tokens', async () => {
    const id = await openTiny();
    await writeFile(path.join(temp.root, 'videos', 'other.webm'), new Uint8Array(10));
    const key = mediaKeyFor(token);
    const now = Math.floor(Date.now() / 1000);
    const signed = (file: string, expires = now + mediaTokenTtlSeconds, signedFor = file) =>
      `${base}${webMediaUrl(id, file)}?${mediaTokenParam}=${signMediaToken(key, id, signedFor, expires)}`;
    const video = await fetch(signed('videos/clip.webm'), { headers: { Range: 'bytes=0-9' } });
    expect(video.status).toBe(206);
    expect((await video.arrayBuffer()).byteLength).toBe(10);
    expect((await fetch(`${base}${webMediaUrl(id, 'videos/clip.webm')}`)).status).toBe(403);
    expect((await fetch(signed('videos/other.webm', undefined, 'videos/clip.webm'))).status).toBe(403);
    expect((await fetch(signed('videos/clip.webm', now - 1))).status).toBe(403);
    expect((await fetch(`${base}${webMediaUrl(id, 'videos/clip.webm')}?${mediaTokenParam}=${signMediaToken(mediaKeyFor('other'), id, 'videos/clip.webm', now + 60)}`)).status).toBe(403);
    expect((await fetch(`${base}${webMediaUrl(id, 'videos/clip.webm')}?token=${token}`)).status).toBe(403);
  });

  it('serves media with range support and refuses escapes', async () => {
    const id = await openTiny();
    const partial = await fetch(`${base}${webMediaUrl(id, 'videos/clip.webm')}`, { headers: { ...withToken, Range: 'bytes=10-19' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 10-19/500');
    expect(partial.headers.get('content-type')).toBe('video/webm');
    expect((await partial.arrayBuffer()).byteLength).toBe(10);
    const escape = await fetch(`${base}/media/${id}/%2E%2E%2Foutside-secret.txt`, { headers: withToken });
    expect(escape.status).toBe(403);
  });

  it('never serves a dataset file as active content on the studio origin', async () => {
    const id = await openTiny();
    await writeFile(path.join(temp.root, 'evil.html'), '<script>fetch("/api/datasets.list")</script>');
    await writeFile(path.join(temp.root, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const html = await fetch(`${base}${webMediaUrl(id, 'evil.html')}`, { headers: withToken });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-disposition')).toBe('attachment');
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    // The media response's own policy replaces the renderer's (which allows script from 'self').
    expect(html.headers.get('content-security-policy')).toBe('sandbox');
    const svg = await fetch(`${base}${webMediaUrl(id, 'evil.svg')}`, { headers: withToken });
    expect(svg.headers.get('content-disposition')).toBeNull();
    expect(svg.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const video = await fetch(`${base}${webMediaUrl(id, 'videos/clip.webm')}`, { headers: withToken });
    expect(video.headers.get('content-disposition')).toBeNull();
    expect(video.headers.get('content-type')).toBe('video/webm');
  });

  it('pushes events over Server-Sent Events', async () => {
    const id = await openTiny();
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: withToken, signal: controller.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected"
    await api('datasets.writeText', [id, 'notes.txt', 'hello']);
    let received = '';
    while (!received.includes('\n\n')) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(received).toBe(`event: datasets.changed\ndata: ${JSON.stringify({ datasetId: id, paths: ['notes.txt'] })}\n\n`);
  });
});
