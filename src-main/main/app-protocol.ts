// app://studio/: the built renderer (out/renderer) served over a privileged custom scheme instead
// of file://. The page gets a real origin of its own (storage, fetch, workers, WebCodecs in a
// secure context) and file:// keeps no extra privileges. Only files inside the renderer folder
// are served, each with its type, nosniff and the studio's CSP.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { CustomScheme, Protocol } from 'electron';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { contentTypeFor } from '../services/content-types';
import { isInsideRoot } from '../services/safe-path';

export const appScheme = 'app';
export const appHost = 'studio';
/** The studio's origin in the desktop app. */
export const appOrigin = `${appScheme}://${appHost}`;
export const appIndexUrl = `${appOrigin}/index.html`;

/**
 * Registered before app ready. standard: an origin, relative URLs, storage; secure: a secure
 * context like https; supportFetchAPI: fetch() of its own assets (sql.js's wasm); codeCache: V8
 * caches its scripts. No CORS, no service workers, no CSP bypass: nothing else loads from it.
 */
export const appSchemeDefinition: CustomScheme = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

function notFound(status = 404): Response {
  return new Response(null, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
}

/** The file under `rendererDir` that `url` names, or null when it names anything else. */
async function rendererFile(url: URL, rendererDir: string): Promise<string | null> {
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    return null;
  }
  if (relative.includes('\0') || relative.includes('\\')) return null;
  try {
    const root = await realpath(rendererDir);
    // realpath: a symlink in the build cannot lead out of it either.
    const file = await realpath(path.resolve(root, `.${path.posix.normalize(relative)}`));
    return isInsideRoot(root, file) && (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

export async function handleAppRequest(request: Request, rendererDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(405);
  const file = await rendererFile(new URL(request.url), rendererDir);
  if (!file) return notFound();
  const headers = {
    'Content-Type': contentTypeFor(file),
    'Content-Length': String((await stat(file)).size),
    'X-Content-Type-Options': 'nosniff',
    // The session's header hook does not see custom-scheme responses: the policy travels here too.
    'Content-Security-Policy': contentSecurityPolicy,
    'Cache-Control': 'no-cache',
  };
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, { status: 200, headers });
}

export function registerAppProtocol(protocol: Protocol, rendererDir: string): void {
  protocol.handle(appScheme, (request) => handleAppRequest(request, rendererDir));
}
