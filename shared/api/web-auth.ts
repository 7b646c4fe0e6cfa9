// How the browser host knows a request comes from the studio page the user opened with the
// printed URL. The page keeps the per-run token (from `?token=`) in sessionStorage and sends it
// as a header on every API call; nothing is kept in a cookie (browsers send cookies to every port
// of 127.0.0.1). Elements that cannot send headers (<video src>, <img>) get media URLs that carry
// a media token: an HMAC of the dataset id, the file path and an expiry, keyed by a key derived
// from the run's token. A media URL that leaks opens that one file, until it expires.
//
// Runs in the renderer (signing, synchronously: media URLs are built while rendering) and in the
// host (checking), so both use the same pure-JS HMAC-SHA256.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** The header that carries the run's token on API calls and the event stream. */
export const tokenHeader = 'x-studio-token';
/** The query parameter of a media URL that holds its media token. */
export const mediaTokenParam = 't';
/** How long a media token is valid, in seconds. */
export const mediaTokenTtlSeconds = 60 * 60;

/** UTF-8 bytes of a string (this layer has no TextEncoder); lone surrogates become U+FFFD, as TextEncoder does. */
function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(bytes);
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (this layer has neither btoa nor Buffer). */
function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += alphabet[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** The media-signing key of a run: derived from its token, so both sides have it without a round trip. */
export function mediaKeyFor(token: string): Uint8Array {
  return hmac(sha256, utf8(token), utf8('egostudio media token v1'));
}

function signature(key: Uint8Array, datasetId: string, filePath: string, expires: number): string {
  // NUL cannot occur in a dataset id or a dataset path, so the fields cannot run into each other.
  return base64url(hmac(sha256, key, utf8(`${expires}\0${datasetId}\0${filePath}`)));
}

/** `<expires>.<signature>`, expires in seconds since 1970. */
export function signMediaToken(key: Uint8Array, datasetId: string, filePath: string, expires: number): string {
  return `${expires}.${signature(key, datasetId, filePath, expires)}`;
}

function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * True when `token` was signed for exactly this dataset and path, has not expired at `nowSeconds`
 * and does not claim a lifetime longer than a media token has.
 */
export function verifyMediaToken(
  key: Uint8Array,
  datasetId: string,
  filePath: string,
  token: string | null | undefined,
  nowSeconds: number,
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires < nowSeconds || expires > nowSeconds + mediaTokenTtlSeconds + 60) return false;
  return sameString(match[2], signature(key, datasetId, filePath, expires));
}
