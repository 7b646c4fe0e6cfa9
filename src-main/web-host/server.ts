// The browser host: the built renderer, the studio API over HTTP, Server-Sent Events and dataset
// media, on 127.0.0.1 only; API calls checked against the random token (a header), media against
// a media token bound to the path (see token-auth.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { decodeMediaPath, openMediaFile } from '../services/media-files';
import type { StudioHost } from '../services/studio-host';
import { sendJson, serveApiCall } from './api-routes';
import { serveEventStream } from './event-stream';
import { serveStaticFile } from './static-files';
import { mediaKeyFor, mediaTokenParam, verifyMediaToken } from '../../shared/api/web-auth';
import { hasValidTokenHeader, isAllowedOrigin, isLoopbackHost } from './token-auth';

export interface WebHostOptions {
  studio: StudioHost;
  /** The built renderer: index.html and assets/. */
  rendererDir: string;
  token: string;
  /** 0 picks a free port. */
  port: number;
}

export interface RunningWebHost {
  server: Server;
  port: number;
  /** The URL to open, token included. */
  url: string;
  close(): Promise<void>;
}

const securityHeaders = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const forbidden = (response: ServerResponse, message: string) =>
  response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Forbidden: ${message}`);

async function route(request: IncomingMessage, response: ServerResponse, options: WebHostOptions, mediaKey: Uint8Array, port: number) {
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (!isLoopbackHost(request.headers.host, port)) return forbidden(response, 'unexpected Host header');
  if (!isAllowedOrigin(request.headers.origin, port)) return forbidden(response, 'cross-origin request');

  const { pathname } = url;
  if (pathname.startsWith('/api/')) {
    if (!hasValidTokenHeader(request, options.token)) {
      return forbidden(response, 'open the URL with ?token= that the studio printed when it started');
    }
    if (pathname === '/api/events') serveEventStream(request, response, options.studio.events);
    else await serveApiCall(request, response, pathname.slice('/api/'.length), options.studio.handlers);
  } else if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
  } else if (pathname.startsWith('/media/')) {
    const [, , encodedId = '', ...rest] = pathname.split('/');
    let datasetId: string;
    let filePath: string;
    try {
      datasetId = decodeMediaPath(encodedId);
      filePath = decodeMediaPath(rest.join('/'));
    } catch {
      response.writeHead(400).end();
      return;
    }
    const nowSeconds = Math.floor(Date.now() / 1000);
    if (!hasValidTokenHeader(request, options.token) && !verifyMediaToken(mediaKey, datasetId, filePath, url.searchParams.get(mediaTokenParam), nowSeconds)) {
      return forbidden(response, 'media URL without a valid media token (expired, or for another file)');
    }
    const media = await openMediaFile(options.studio.catalog, datasetId, filePath, request.headers.range, options.studio.videoFolders);
    response.writeHead(media.status, media.headers);
    if (media.body && request.method === 'GET') media.body.pipe(response);
    else {
      media.body?.destroy();
      response.end();
    }
  } else {
    // The renderer's own files: no secret in them, and the page reads its token from the URL.
    await serveStaticFile(response, options.rendererDir, pathname, request.method === 'HEAD');
  }
}

export function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  let port = options.port;
  const mediaKey = mediaKeyFor(options.token);
  const server = createServer((request, response) => {
    route(request, response, options, mediaKey, port).catch((error: unknown) => {
      console.error('web host:', error);
      if (!response.headersSent) sendJson(response, 500, { error: { code: 'internal', message: 'Internal error' } });
      else response.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        url: `http://127.0.0.1:${port}/?token=${options.token}`,
        close: () =>
          new Promise((done) => {
            // Open event streams would keep close() waiting forever.
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
