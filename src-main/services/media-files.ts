// Serving a dataset file as media, shared by Electron's studio-media:// protocol and the browser
// host's /media/ route: same path checks, same range handling, only the response type differs.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StudioError, type StudioErrorCode } from '../../shared/api/studio-error';
import { contentTypeFor } from './content-types';
import type { DatasetCatalog } from './dataset-catalog';
import { contentRangeHeader, parseRangeHeader } from './http-range';
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

export const httpStatusForError: Record<StudioErrorCode, number> = {
  'invalid-args': 400,
  forbidden: 403,
  'not-found': 404,
  // Not revealing whether a dataset exists to a caller that has not opened it.
  'not-open': 404,
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
    const stats = await stat(file);
    if (!stats.isFile()) throw new StudioError('not-found', `Not a file: ${relativePath}`);
    const size = stats.size;
    const headers: Record<string, string> = {
      'Content-Type': contentTypeFor(file),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-cache',
    };
    const request = parseRangeHeader(rangeHeader, size);
    if (request.kind === 'unsatisfiable') {
      return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` }, body: null };
    }
    if (request.kind === 'partial') {
      const { range } = request;
      headers['Content-Range'] = contentRangeHeader(range, size);
      headers['Content-Length'] = String(range.end - range.start + 1);
      return { status: 206, headers, body: createReadStream(file, { start: range.start, end: range.end }) };
    }
    headers['Content-Length'] = String(size);
    return { status: 200, headers, body: createReadStream(file) };
  } catch (error) {
    const studioError = StudioError.from(error);
    return {
      status: httpStatusForError[studioError.code],
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: null,
    };
  }
}
