// The browser host listens on 127.0.0.1, but any local process or web page could reach it, so
// every API and media request must prove it came from the person who started it: the random
// token printed in the URL. The page takes it from `?token=` into sessionStorage and sends it as
// the X-Studio-Token header; media URLs carry a short-lived media token bound to their path
// instead (shared/api/web-auth.ts). No cookie: browsers send cookies to every port of a host.
// The renderer's own files (index.html, assets/) hold no secret and load without a token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { tokenHeader } from '../../shared/api/web-auth';

export { tokenHeader };

export function createToken(): string {
  return randomBytes(24).toString('base64url');
}

function sameSecret(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the request carries the run's token in the X-Studio-Token header. */
export function hasValidTokenHeader(request: IncomingMessage, token: string): boolean {
  const header = request.headers[tokenHeader];
  return sameSecret(Array.isArray(header) ? header[0] : header, token);
}

/** Refuses DNS-rebinding: a page on evil.example resolving to 127.0.0.1 sends its own Host. */
export function isLoopbackHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/**
 * Refuses requests a page of another origin makes (another port of 127.0.0.1 included). Browsers
 * send Origin on cross-origin requests and on POSTs; a request without one (a same-origin GET, a
 * command-line client) is judged by its token alone.
 */
export function isAllowedOrigin(originHeader: string | undefined, port: number): boolean {
  return originHeader === undefined || originHeader === `http://127.0.0.1:${port}` || originHeader === `http://localhost:${port}`;
}
