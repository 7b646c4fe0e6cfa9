// studio-media://<datasetId>/<path>: dataset files for <video>, fetch() and <img>, with HTTP
// range support so videos seek. The same path checks as every other file access apply.
import { Readable } from 'node:stream';
import type { CustomScheme, Protocol } from 'electron';
import { mediaScheme } from '../../shared/api/media-url';
import type { DatasetCatalog } from '../services/dataset-catalog';
import { decodeMediaPath, openMediaFile } from '../services/media-files';
import type { VideoFolders } from '../services/video-folders';

/** Registered before app ready: a standard, secure scheme that streams and works with fetch(). */
export const mediaSchemeDefinition: CustomScheme = {
  scheme: mediaScheme,
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
};

export async function handleMediaRequest(request: Request, catalog: DatasetCatalog, videoFolders?: VideoFolders): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const url = new URL(request.url);
  let filePath: string;
  try {
    filePath = decodeMediaPath(url.pathname);
  } catch {
    return new Response(null, { status: 400 });
  }
  // A standard scheme puts the dataset id in the host (lower-cased, which ids already are).
  const media = await openMediaFile(catalog, url.hostname, filePath, request.headers.get('range'), videoFolders);
  if (!media.body || request.method === 'HEAD') {
    media.body?.destroy();
    return new Response(null, { status: media.status, headers: media.headers });
  }
  return new Response(Readable.toWeb(media.body) as ReadableStream<Uint8Array>, {
    status: media.status,
    headers: media.headers,
  });
}

export function registerMediaProtocol(protocol: Protocol, catalog: DatasetCatalog, videoFolders?: VideoFolders): void {
  protocol.handle(mediaScheme, (request) => handleMediaRequest(request, catalog, videoFolders));
}
