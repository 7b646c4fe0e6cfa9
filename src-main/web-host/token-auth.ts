// The browser host listens on 127.0.0.1, but any local process or web page could reach it, so
// every request must prove it came from the person who started it: the random token printed in
// the URL. The first page load carries it as ?token=; the server then sets an HttpOnly cookie,
// which the browser sends with fetch(), EventSource and <video> requests.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const tokenHeader = 'x-studio-token';

export function createToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Cookies are shared across ports of one host, so the name carries the port. */
export function tokenCookieName(port: number): string {
  return `studio_token_${port}`;
}

function sameSecret(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

export type TokenSource = 'query' | 'cookie' | 'header';

/** Where the request proved it knows the token, or null when it did not. */
export function findValidToken(request: IncomingMessage, url: URL, token: string, port: number): TokenSource | null {
  if (sameSecret(url.searchParams.get('token'), token)) return 'query';
  if (sameSecret(readCookie(request.headers.cookie, tokenCookieName(port)), token)) return 'cookie';
  const header = request.headers[tokenHeader];
  if (sameSecret(Array.isArray(header) ? header[0] : header, token)) return 'header';
  return null;
}

/** Refuses DNS-rebinding: a page on evil.example resolving to 127.0.0.1 sends its own Host. */
export function isLoopbackHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}
