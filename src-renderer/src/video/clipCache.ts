// Clips held in memory as blob: URLs, so that opening a task does not wait for the network and
// the next task's clip can be fetched while the annotator works on this one. The browser host
// serves media with `Cache-Control: no-cache` and no validators, so neither the HTTP cache nor a
// hidden <video preload="auto"> would keep a clip for the player; a blob does.
//
// Fetched: same-origin http(s) media (the browser host) and Electron's studio-media: (its
// handler answers CORS for the studio's origin; connect-src allows it). Other URLs and clips
// above MAX_CLIP_BYTES are played from their URL as before. A clip that cannot be fetched (missing,
// unreadable) is also left to its URL, so the player reports the error as it always did.

import { mediaScheme } from '../../../shared/api/media-url';

/** Clips larger than this stream from their URL instead of being held in memory. */
export const MAX_CLIP_BYTES = 64 * 1024 * 1024;
/** How many clips are kept (the open one, the next, the previous and one more). */
const KEEP = 4;

interface Entry {
  /** Resolves with a blob: URL, or with the original URL when the clip is not held. */
  source: Promise<string>;
  objectUrl: string | null;
  /** The clip's bytes once held (for the frame decoder). */
  blob: Blob | null;
  controller: AbortController;
}

const entries = new Map<string, Entry>();

/** Media types by extension, for players that cannot guess one from a blob: URL. */
const mediaTypes: Record<string, string> = {
  webm: 'video/webm',
  mkv: 'video/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/mp4',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
};

/** The media type of a clip URL from its extension, or null when unknown. */
export function clipMediaType(url: string): string | null {
  const match = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url);
  return match ? (mediaTypes[match[1].toLowerCase()] ?? null) : null;
}

/** True when the clip can be held as a blob: same-origin http(s) or studio-media:, and a known media type. */
export function isCacheable(url: string, origin = globalThis.location?.origin): boolean {
  if (!origin || clipMediaType(url) === null) return false;
  try {
    const parsed = new URL(url, origin);
    if (parsed.protocol === `${mediaScheme}:`) return true;
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === origin;
  } catch {
    return false;
  }
}

/**
 * The CORS mode a <video> needs for `url`: studio-media: is another origin than the desktop
 * renderer's, and a clip streamed from it (over MAX_CLIP_BYTES, not held as a blob) taints every
 * canvas it is drawn on without one, so Copy frame and the filmstrip failed. Its handler answers
 * CORS for the studio (media-protocol.ts). Same-origin and blob: URLs need none.
 */
export function crossOriginFor(url: string, origin = globalThis.location?.origin): 'anonymous' | null {
  try {
    return new URL(url, origin).protocol === `${mediaScheme}:` ? 'anonymous' : null;
  } catch {
    return null;
  }
}

async function fetchClip(url: string, entry: Entry): Promise<string> {
  try {
    const response = await fetch(url, { signal: entry.controller.signal, credentials: 'same-origin' });
    const length = Number(response.headers.get('Content-Length'));
    if (!response.ok || !Number.isFinite(length) || length <= 0 || length > MAX_CLIP_BYTES) {
      entry.controller.abort();
      return url;
    }
    const blob = await response.blob();
    if (entry.controller.signal.aborted) return url;
    entry.blob = blob.type ? blob : new Blob([blob], { type: clipMediaType(url)! });
    entry.objectUrl = URL.createObjectURL(entry.blob);
    return entry.objectUrl;
  } catch {
    return url;
  }
}

function evict(): void {
  while (entries.size > KEEP) {
    const [oldest, entry] = entries.entries().next().value!;
    entries.delete(oldest);
    entry.controller.abort();
    if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
  }
}

/**
 * Where to load `url` from: a blob: URL of the clip held in memory (fetched now, or earlier by
 * `prefetchClip`), or `url` itself. Marks the clip as most recently used.
 */
export function clipSource(url: string): Promise<string> {
  if (!isCacheable(url)) return Promise.resolve(url);
  let entry = entries.get(url);
  if (entry) {
    entries.delete(url);
    entries.set(url, entry);
    return entry.source;
  }
  entry = { source: Promise.resolve(url), objectUrl: null, blob: null, controller: new AbortController() };
  const created = entry;
  entry.source = fetchClip(url, created);
  entries.set(url, entry);
  evict();
  return entry.source;
}

/** Starts fetching a clip that will probably be opened next (no-op when held or not cacheable). */
export function prefetchClip(url: string): void {
  if (!isCacheable(url) || entries.has(url)) return;
  // At most two prefetches (next, previous) per opened clip, KEEP = 4: the open clip stays held.
  void clipSource(url);
}

/** The blob: URL already held for `url`, if any (synchronous, for a player switching source). */
export function heldClip(url: string): string | null {
  return entries.get(url)?.objectUrl ?? null;
}

/** The bytes of a clip held in memory, if any. */
export function heldBlob(url: string): Blob | null {
  return entries.get(url)?.blob ?? null;
}

/** Drops every held clip: where the clips come from changed (a video folder was chosen or forgotten). */
export function forgetHeldClips(): void {
  for (const entry of entries.values()) {
    entry.controller.abort();
    if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
  }
  entries.clear();
}
