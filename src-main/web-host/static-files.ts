// Serves the built renderer (out/renderer). Paths are normalized and must stay in that folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeFor } from '../services/content-types';
import { isInsideRoot } from '../services/safe-path';

export async function serveStaticFile(response: ServerResponse, rendererDir: string, urlPath: string, headOnly: boolean): Promise<void> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  } catch {
    response.writeHead(400).end();
    return;
  }
  const file = path.resolve(rendererDir, `.${path.posix.normalize(relative)}`);
  const stats = isInsideRoot(rendererDir, file) ? await stat(file).catch(() => null) : null;
  if (!stats?.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': String(stats.size),
    // Vite fingerprints assets; only index.html must always be revalidated.
    'Cache-Control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  if (headOnly) response.end();
  else createReadStream(file).pipe(response);
}
