// The desktop app streams clips over 64 MiB from studio-media:, another origin than its renderer
// (app://studio). The Electron binary cannot run here, so the protocol's real handler
// (handleMediaRequest) answers over HTTP on a second origin, and Chromium plays a sample clip from
// it as the renderer does, with `crossorigin` (clipCache's crossOriginFor), which the HTML spec
// needs for a cross-origin frame to be read back from a canvas (Copy frame, the filmstrip).
// Measured here: this Chromium does not taint a canvas with a no-cors clip served with ranges
// (it does one served whole), so the fix is for the spec's rule and for Electron's scheme, which
// this test cannot reach; what it shows is that a CORS load works against the handler, and only
// for the renderer's origin.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { electronMediaUrl } from '../../shared/api/media-url';
import { handleMediaRequest } from '../../src-main/main/media-protocol';
import type { DatasetCatalog } from '../../src-main/services/dataset-catalog';
import { makeTempDataset, openTempCatalog, type TempDataset } from '../../src-main/test-support/temp-dataset';

let temp: TempDataset;
let catalog: DatasetCatalog;
let datasetId: string;
const servers: Server[] = [];

async function listen(server: Server, host = '127.0.0.1'): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  const clip = await readFile(path.join('datasets', 'egobench-sample', 'videos', 'kitchen-01.webm'));
  temp = await makeTempDataset({ 'videos/clip.webm': clip });
  ({ catalog, datasetId } = await openTempCatalog(temp));
});

test.afterAll(async () => {
  for (const server of servers) server.close();
  await temp?.cleanup();
});

test('a clip from the desktop media protocol, played with crossorigin, loads and can be drawn and read back; for another origin it does not load', async ({ page }) => {
  const pageOrigin = await listen(createServer((_request, response) => response.end('<!doctype html><title>renderer</title>')));
  // /<dataset id>/<path> on this origin is studio-media://<dataset id>/<path> for the handler.
  const mediaOrigin = await listen(
    createServer((request, response) => {
      // /<dataset id>/<path>, or /other/<dataset id>/<path>: answered as for another renderer origin.
      const [, first, ...after] = (request.url ?? '/').split('/');
      const other = first === 'other';
      const [id, ...rest] = other ? after : [first, ...after];
      const headers = Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      void handleMediaRequest(new Request(electronMediaUrl(id, decodeURIComponent(rest.join('/'))), { method: request.method, headers }), catalog, undefined, other ? 'app://studio' : pageOrigin).then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    }),
    'localhost',
  );
  await page.goto(pageOrigin);
  const readBack = (src: string) =>
    page.evaluate(
      async (src) => {
        const video = document.createElement('video');
        video.muted = true;
        video.crossOrigin = 'anonymous';
        video.src = src;
        await new Promise((resolve, reject) => {
          video.addEventListener('loadeddata', resolve, { once: true });
          video.addEventListener('error', () => reject(new Error(`the clip did not load: ${video.error?.message ?? ''}`)), { once: true });
        });
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(video, 0, 0);
        try {
          return `read ${context.getImageData(0, 0, canvas.width, canvas.height).data.length} bytes`;
        } catch (error) {
          return (error as Error).name;
        }
      },
      src,
    );
  expect(await readBack(`${mediaOrigin}/${datasetId}/videos/clip.webm`)).toMatch(/^read [1-9]\d* bytes$/);
  await expect(readBack(`${mediaOrigin}/other/${datasetId}/videos/clip.webm`)).rejects.toThrow('the clip did not load');
});
