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
  return sameSecret(tokenFromHeader(request), token);
}

/** The header's value (the first, if sent twice). */
export function tokenFromHeader(request: IncomingMessage): string | undefined {
  const header = request.headers[tokenHeader];
  return Array.isArray(header) ? header[0] : header;
}

/** The Host and Origin values a host answers: the names it is reached by, on its port. */
export interface HostAllowlist {
  hosts: ReadonlySet<string>;
  origins: ReadonlySet<string>;
}

export const loopbackNames = ['127.0.0.1', 'localhost'] as const;

/**
 * Host headers are `name:port`, or the bare name on the scheme's default port (browsers leave it
 * out). A request with another Host is refused: that is DNS rebinding, a page on evil.example
 * whose name was made to resolve to this host.
 */
export function hostAllowlist(names: readonly string[], port: number, scheme: 'http' | 'https'): HostAllowlist {
  const defaultPort = scheme === 'https' ? 443 : 80;
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name.toLowerCase()}:${port}`);
    if (port === defaultPort) hosts.add(name.toLowerCase());
  }
  return { hosts, origins: new Set([...hosts].map((host) => `${scheme}://${host}`)) };
}

export function isAllowedHost(hostHeader: string | undefined, allowlist: HostAllowlist): boolean {
  return hostHeader !== undefined && allowlist.hosts.has(hostHeader.toLowerCase());
}

/**
 * Refuses requests a page of another origin makes (another port of 127.0.0.1 included). Browsers
 * send Origin on cross-origin requests and on POSTs; a request without one (a same-origin GET, a
 * command-line client) is judged by its token alone.
 */
export function isAllowedOrigin(originHeader: string | undefined, allowlist: HostAllowlist): boolean {
  return originHeader === undefined || allowlist.origins.has(originHeader.toLowerCase());
}
