// Serving a dataset file as media, shared by Electron's studio-media:// protocol and the browser
// host's /media/ route: same path checks, same range handling, only the response type differs.
import type { Readable } from 'node:stream';
import { StudioError, type StudioErrorCode } from '../../shared/api/studio-error';
import { contentTypeFor } from './content-types';
import type { DatasetCatalog } from './dataset-catalog';
import { contentRangeHeader, parseRangeHeader } from './http-range';
import { openRegularFile } from './regular-file';
import { resolveExisting } from './safe-path';
import type { VideoFolders } from './video-folders';

export interface MediaResponse {
  status: number;
  headers: Record<string, string>;
  /** Null for responses without a body (errors, 416). */
  body: Readable | null;
}

/** Turns a URL path's segments (still percent-encoded) into a dataset-relative path. */
export function decodeMediaPath(encodedPath: string): string {
  try {
    return encodedPath
      .replace(/^\/+/, '')
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    throw new StudioError('invalid-args', 'Malformed percent-encoding in media path');
  }
}

/**
 * A dataset is somebody else's folder: a file in it must never run as the studio (same origin,
 * same API). Only video, audio and image types are shown inline; SVG can hold script, so it is
 * shown in a sandbox (an opaque origin with scripts off); everything else (HTML, JS, JSON, ...)
 * is a download. fetch() still reads any of them (the renderer streams large JSONL this way).
 */
export const svgSandbox = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Types that stay labelled as they are when downloaded: data no browser runs (with nosniff). */
const dataTypes = new Set(['application/json', 'application/jsonl', 'application/sql', 'text/plain', 'text/markdown']);

/**
 * The Content-Type a dataset file is served with: media and plain data as themselves, anything
 * else (HTML, JavaScript, CSS, WebAssembly, ...) as bytes, so that with nosniff no page can load
 * it as a script or style sheet either.
 */
export function mediaContentType(contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return inlineType.test(type) || dataTypes.has(type) ? contentType : 'application/octet-stream';
}

const inlineType = /^(video|audio|image)\/[a-z0-9.+-]+$/;

export function mediaSafetyHeaders(contentType: string): Record<string, string> {
  const type = contentType.split(';')[0].trim().toLowerCase();
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    // On every media response, not only SVG: a file opened by itself never gets the studio's origin.
    'Content-Security-Policy': type === 'image/svg+xml' ? svgSandbox : 'sandbox',
  };
  if (!inlineType.test(type)) headers['Content-Disposition'] = 'attachment';
  return headers;
}

export const httpStatusForError: Record<StudioErrorCode, number> = {
  'invalid-args': 400,
  forbidden: 403,
  'not-found': 404,
  // Not revealing whether a dataset exists to a caller that has not opened it.
  'not-open': 404,
  conflict: 409,
  unresolved: 409,
  unreachable: 503,
  internal: 500,
};

/**
 * The file behind a media path: the dataset's own, else, for a missing `videos/<name>`, that name
 * directly inside the dataset's video folder (see video-folders.ts for its checks).
 */
export async function resolveMediaFile(root: string, relativePath: string, videoFolders?: VideoFolders): Promise<string> {
  try {
    return await resolveExisting(root, relativePath, 'file');
  } catch (error) {
    if (!videoFolders || StudioError.from(error).code !== 'not-found') throw error;
    const fallback = await videoFolders.fallback(root, relativePath);
    if (fallback === null) throw error;
    return fallback;
  }
}

export async function openMediaFile(
  catalog: DatasetCatalog,
  datasetId: string,
  relativePath: string,
  rangeHeader: string | null | undefined,
  videoFolders?: VideoFolders,
): Promise<MediaResponse> {
  try {
    const file = await resolveMediaFile(catalog.rootOf(datasetId), relativePath, videoFolders);
    // Opened once, a regular file checked on its handle, and streamed from that handle: a file
    // swapped for a FIFO after a check by path would hold a thread of the file pool for good.
    const handle = await openRegularFile(file).catch((error: unknown) => {
      throw StudioError.from(error).code === 'forbidden' ? new StudioError('not-found', `Not a file: ${relativePath}`) : error;
    });
    let stats;
    try {
      stats = await handle.stat();
    } catch (error) {
      await handle.close();
      throw error;
    }
    const size = stats.size;
    const contentType = mediaContentType(contentTypeFor(file));
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      ...mediaSafetyHeaders(contentType),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-cache',
    };
    const request = parseRangeHeader(rangeHeader, size);
    if (request.kind === 'unsatisfiable') {
      await handle.close();
      return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` }, body: null };
    }
    if (request.kind === 'partial') {
      const { range } = request;
      headers['Content-Range'] = contentRangeHeader(range, size);
      headers['Content-Length'] = String(range.end - range.start + 1);
      return { status: 206, headers, body: handle.createReadStream({ start: range.start, end: range.end, autoClose: true }) };
    }
    headers['Content-Length'] = String(size);
    return { status: 200, headers, body: handle.createReadStream({ autoClose: true }) };
  } catch (error) {
    const studioError = StudioError.from(error);
    return {
      status: httpStatusForError[studioError.code],
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      body: null,
    };
  }
}
