import { realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronMediaUrl } from '../../shared/api/media-url';
import type { DatasetCatalog } from '../services/dataset-catalog';
import { makeTempDataset, openTempCatalog, type TempDataset } from '../test-support/temp-dataset';
import { handleMediaRequest, mediaSchemeDefinition } from './media-protocol';

const video = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
let temp: TempDataset;
let catalog: DatasetCatalog;
let datasetId: string;

beforeEach(async () => {
  temp = await makeTempDataset({ 'videos/clip.webm': video, 'tasks.jsonl': '{}\n', 'scenarios/s/schema.sql': 'CREATE TABLE t(x);' });
  ({ catalog, datasetId } = await openTempCatalog(temp));
  const root = await realpath(temp.root);
  await symlink(temp.secretFile, path.join(root, 'videos', 'leak.webm'));
});
afterEach(() => temp.cleanup());

const get = (url: string, headers: Record<string, string> = {}) => handleMediaRequest(new Request(url, { headers }), catalog);

describe('studio-media:// protocol', () => {
  it('is registered as a privileged, streaming scheme that takes part in CORS', () => {
    expect(mediaSchemeDefinition.privileges).toEqual({ standard: true, secure: true, stream: true, supportFetchAPI: true, corsEnabled: true });
  });

  it("lets the studio's own origin read a clip, Range included, and no other origin", async () => {
    const url = electronMediaUrl(datasetId, 'videos/clip.webm');
    const fromStudio = await handleMediaRequest(new Request(url, { headers: { Origin: 'app://studio', Range: 'bytes=0-9' } }), catalog, undefined, 'app://studio');
    expect(fromStudio.status).toBe(206);
    expect(fromStudio.headers.get('access-control-allow-origin')).toBe('app://studio');
    expect(fromStudio.headers.get('access-control-expose-headers')).toContain('Content-Length');
    expect(fromStudio.headers.get('vary')).toBe('Origin');
    expect(fromStudio.headers.get('content-type')).toBe('video/webm');
    expect(new Uint8Array(await fromStudio.arrayBuffer())).toEqual(video.slice(0, 10));
    for (const origin of ['https://evil.example', 'null', 'app://other', 'http://localhost:5173']) {
      const response = await handleMediaRequest(new Request(url, { headers: { Origin: origin } }), catalog, undefined, 'app://studio');
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
      await response.body?.cancel();
    }
    const noOrigin = await handleMediaRequest(new Request(url), catalog, undefined, 'app://studio');
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
    await noOrigin.body?.cancel();
  });

  it('answers a CORS preflight for the studio only', async () => {
    const url = electronMediaUrl(datasetId, 'videos/clip.webm');
    const preflight = (origin: string) =>
      handleMediaRequest(
        new Request(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' } }),
        catalog,
        undefined,
        'app://studio',
      );
    const ok = await preflight('app://studio');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('app://studio');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(ok.headers.get('access-control-allow-headers')).toBe('Range');
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves a whole file with its content type and Accept-Ranges', async () => {
    const response = await get(electronMediaUrl(datasetId, 'videos/clip.webm'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(video);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const response = await get(electronMediaUrl(datasetId, 'videos/clip.webm'), { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(video.slice(100, 200));
  });

  it('answers a range past the end with 416', async () => {
    const response = await get(electronMediaUrl(datasetId, 'videos/clip.webm'), { Range: 'bytes=5000-' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
  });

  it('labels json, jsonl and sql files', async () => {
    await writeFile(path.join(temp.root, 'dataset.json'), '{}');
    expect((await get(electronMediaUrl(datasetId, 'tasks.jsonl'))).headers.get('content-type')).toMatch(/^application\/jsonl/);
    expect((await get(electronMediaUrl(datasetId, 'dataset.json'))).headers.get('content-type')).toMatch(/^application\/json/);
    expect((await get(electronMediaUrl(datasetId, 'scenarios/s/schema.sql'))).headers.get('content-type')).toMatch(/^application\/sql/);
  });

  it('shows only video, audio and images inline; SVG sandboxed; anything else is a download', async () => {
    const files: Record<string, string> = {
      'page.html': '<script>parent.pwned = 1</script>',
      'code.js': 'alert(1)',
      'tasks.jsonl': '{}',
      'picture.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'picture.png': 'png',
      'sound.mp3': 'mp3',
      'noext': '<html><script>alert(1)</script></html>',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(temp.root, name), text);
    const headersOf = async (name: string) => (await get(electronMediaUrl(datasetId, name))).headers;
    for (const name of ['videos/clip.webm', 'picture.png', 'sound.mp3']) {
      const headers = await headersOf(name);
      expect(headers.get('content-disposition'), name).toBeNull();
      expect(headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(headers.get('content-security-policy'), name).toBe('sandbox');
    }
    const svg = await headersOf('picture.svg');
    expect(svg.get('content-type')).toBe('image/svg+xml');
    expect(svg.get('content-disposition')).toBeNull();
    expect(svg.get('content-security-policy')).toMatch(/^sandbox;.*default-src 'none'/);
    for (const name of ['page.html', 'code.js', 'tasks.jsonl', 'noext']) {
      const headers = await headersOf(name);
      expect(headers.get('content-disposition'), name).toBe('attachment');
      expect(headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(headers.get('content-security-policy'), name).toBe('sandbox');
    }
    // Nothing a page could load as a script or style sheet either (nosniff holds browsers to it).
    expect((await headersOf('code.js')).get('content-type')).toBe('application/octet-stream');
    expect((await headersOf('page.html')).get('content-type')).toBe('application/octet-stream');
    expect((await headersOf('tasks.jsonl')).get('content-type')).toMatch(/^application\/jsonl/);
    // A download to a browser, still text to fetch() (large JSONL is streamed this way).
    expect(await (await get(electronMediaUrl(datasetId, 'tasks.jsonl'))).text()).toBe('{}');
  });

  it('refuses escapes: encoded .., symlinks out, unopened datasets', async () => {
    const escapes = [
      // The URL parser already folds these dot segments away; what is left names a file inside.
      `studio-media://${datasetId}/videos/%2e%2e/%2e%2e/outside-secret.txt`,
      `studio-media://${datasetId}/../outside-secret.txt`,
      // These survive URL parsing and are refused by the path check.
      `studio-media://${datasetId}/%2E%2E%2Foutside-secret.txt`,
      `studio-media://${datasetId}/..%5Coutside-secret.txt`,
      `studio-media://${datasetId}/${encodeURIComponent(temp.secretFile)}`,
      electronMediaUrl(datasetId, 'videos/leak.webm'),
    ];
    for (const url of escapes) {
      const response = await get(url);
      expect([403, 404], url).toContain(response.status);
      expect(await response.text(), url).not.toContain('secret');
    }
    expect((await get(`studio-media://${datasetId}/%2E%2E%2Foutside-secret.txt`)).status).toBe(403);
    expect((await get(electronMediaUrl(datasetId, 'videos/leak.webm'))).status).toBe(403);
    expect((await get(electronMediaUrl('other-12345678', 'videos/clip.webm'))).status).toBe(404);
    expect((await get(electronMediaUrl(datasetId, 'videos/missing.webm'))).status).toBe(404);
  });
});
