// studio-media://<datasetId>/<path>: dataset files for <video>, fetch() and <img>, with HTTP
// range support so videos seek. The same path checks as every other file access apply.
// The renderer (app://studio) is another origin: the clip cache's fetch() of a clip is a CORS
// request, answered for the studio's own origin only.
import { Readable } from 'node:stream';
import type { CustomScheme, Protocol } from 'electron';
import { mediaScheme } from '../../shared/api/media-url';
import type { DatasetCatalog } from '../services/dataset-catalog';
import { decodeMediaPath, openMediaFile } from '../services/media-files';
import type { VideoFolders } from '../services/video-folders';

/**
 * Registered before app ready: a standard, secure scheme that streams, works with fetch() and
 * takes part in CORS (without corsEnabled Chromium refuses any cross-origin fetch of it).
 */
export const mediaSchemeDefinition: CustomScheme = {
  scheme: mediaScheme,
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true, corsEnabled: true },
};

/**
 * CORS headers for a request from `origin`: only the studio's renderer may read a response
 * (a page of any other origin, a sandboxed dataset file's opaque "null" included, gets none).
 */
export function mediaCorsHeaders(origin: string | null, rendererOrigin: string): Record<string, string> {
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (origin === null || origin !== rendererOrigin) return headers;
  return {
    ...headers,
    'Access-Control-Allow-Origin': origin,
    // Read by the clip cache (size check) and by range readers.
    'Access-Control-Expose-Headers': 'Content-Length, Content-Range, Accept-Ranges',
  };
}

export async function handleMediaRequest(
  request: Request,
  catalog: DatasetCatalog,
  videoFolders?: VideoFolders,
  rendererOrigin?: string,
): Promise<Response> {
  const cors = rendererOrigin ? mediaCorsHeaders(request.headers.get('origin'), rendererOrigin) : {};
  if (request.method === 'OPTIONS') {
    // A preflight (a Range the browser does not count as simple): allowed for the studio only.
    if (!cors['Access-Control-Allow-Origin']) return new Response(null, { status: 403, headers: cors });
    return new Response(null, {
      status: 204,
      headers: { ...cors, 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': 'Range', 'Access-Control-Max-Age': '600' },
    });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: cors });
  const url = new URL(request.url);
  let filePath: string;
  try {
    filePath = decodeMediaPath(url.pathname);
  } catch {
    return new Response(null, { status: 400, headers: cors });
  }
  // A standard scheme puts the dataset id in the host (lower-cased, which ids already are).
  const media = await openMediaFile(catalog, url.hostname, filePath, request.headers.get('range'), videoFolders);
  const headers = { ...media.headers, ...cors };
  if (!media.body || request.method === 'HEAD') {
    media.body?.destroy();
    return new Response(null, { status: media.status, headers });
  }
  return new Response(Readable.toWeb(media.body) as ReadableStream<Uint8Array>, { status: media.status, headers });
}

/** `rendererOrigin`: the one origin whose fetch() may read dataset files (see mediaCorsHeaders). */
export function registerMediaProtocol(protocol: Protocol, catalog: DatasetCatalog, videoFolders: VideoFolders | undefined, rendererOrigin: string): void {
  protocol.handle(mediaScheme, (request) => handleMediaRequest(request, catalog, videoFolders, rendererOrigin));
}
