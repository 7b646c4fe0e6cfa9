// The browser host: the built renderer, the studio API over HTTP, Server-Sent Events and dataset
// media. One local user on 127.0.0.1 by default (the printed run token); with a team file, several
// people, each by their own token, on the addresses it listens on (client-auth.ts), over HTTPS
// when given a certificate. Host and Origin must name this host (token-auth.ts).
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { decodeMediaPath, openMediaFile } from '../services/media-files';
import type { StudioHost } from '../services/studio-host';
import type { TeamRoster } from '../services/team/team-roster';
import { sendJson, serveApiCall } from './api-routes';
import { singleUserAuth, teamAuth, type ClientAuth } from './client-auth';
import { serveEventStream } from './event-stream';
import { serveStaticFile } from './static-files';
import { mediaTokenParam } from '../../shared/api/web-auth';
import { hostAllowlist, isAllowedHost, isAllowedOrigin, loopbackNames, type HostAllowlist } from './token-auth';

export interface WebHostOptions {
  studio: StudioHost;
  /** The built renderer: index.html and assets/. */
  rendererDir: string;
  /** One local user: the run's token. Exactly one of token and team is given. */
  token?: string;
  /** A team: the people of team.json, each with their own token. */
  team?: TeamRoster;
  /** 0 picks a free port. */
  port: number;
  /** The address to listen on (default 127.0.0.1); anything else needs a team. */
  listen?: string;
  /** Further names clients reach the host by (a DNS name, the machine's address): allowed as Host. */
  publicNames?: readonly string[];
  /** PEM certificate and key: serve HTTPS. */
  tls?: { cert: string | Buffer; key: string | Buffer };
}

export interface RunningWebHost {
  server: Server;
  port: number;
  /** The URL to open (one local user: token included; a team: without, each person has a link). */
  url: string;
  close(): Promise<void>;
}

export const isLoopbackAddress = (address: string) => address === '127.0.0.1' || address === '::1' || address === 'localhost';

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

interface Routing {
  options: WebHostOptions;
  auth: ClientAuth;
  allowlist: HostAllowlist;
  base: string;
}

async function route(request: IncomingMessage, response: ServerResponse, { options, auth, allowlist, base }: Routing) {
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
  const url = new URL(request.url ?? '/', base);
  if (!isAllowedHost(request.headers.host, allowlist)) return forbidden(response, 'unexpected Host header (a name the host was not started with: --public-name)');
  if (!isAllowedOrigin(request.headers.origin, allowlist)) return forbidden(response, 'cross-origin request');

  const { pathname } = url;
  if (pathname.startsWith('/api/')) {
    const handlers = await auth.handlersFor(request);
    // As JSON, like every API answer, so the page shows the message (an old or replaced link).
    if (!handlers) return sendJson(response, 403, { error: { code: 'forbidden', message: `Forbidden: ${auth.refusedMessage}` } });
    if (pathname === '/api/events') serveEventStream(request, response, options.studio.events, await auth.streamListener(request));
    else await serveApiCall(request, response, pathname.slice('/api/'.length), handlers);
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
    const refusal = await auth.mediaRefusal(request, { datasetId, filePath, mediaToken: url.searchParams.get(mediaTokenParam), nowSeconds });
    if (refusal) return forbidden(response, refusal);
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
  const listen = options.listen ?? '127.0.0.1';
  if ((options.token === undefined) === (options.team === undefined)) throw new Error('startWebHost: give either a token (one local user) or a team');
  if (!isLoopbackAddress(listen) && !options.team) throw new Error(`listening on ${listen} (beyond this machine) needs --team: one shared token would let anyone on the network in`);
  const auth = options.team ? teamAuth(options.studio, options.team) : singleUserAuth(options.studio, options.token!);
  const scheme = options.tls ? 'https' : 'http';
  const names = [...loopbackNames, ...(isLoopbackAddress(listen) || listen === '0.0.0.0' || listen === '::' ? [] : [listen]), ...(options.publicNames ?? [])];
  const routing: Routing = { options, auth, allowlist: hostAllowlist(names, options.port, scheme), base: `${scheme}://127.0.0.1` };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    route(request, response, routing).catch((error: unknown) => {
      console.error('web host:', error);
      if (!response.headersSent) sendJson(response, 500, { error: { code: 'internal', message: 'Internal error' } });
      else response.destroy();
    });
  };
  const server: Server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handle) : createHttpServer(handle);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, listen, () => {
      const port = (server.address() as AddressInfo).port;
      routing.allowlist = hostAllowlist(names, port, scheme);
      const shownHost = isLoopbackAddress(listen) || listen === '0.0.0.0' || listen === '::' ? (options.publicNames?.[0] ?? '127.0.0.1') : listen;
      const origin = `${scheme}://${options.team ? shownHost : '127.0.0.1'}:${port}`;
      resolve({
        server,
        port,
        url: options.token !== undefined ? `${origin}/?token=${options.token}` : `${origin}/`,
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
