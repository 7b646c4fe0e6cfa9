// Which pages count as the studio's own renderer: IPC from any other frame (an iframe, a page
// reached by a bug in the navigation guard) is refused, and nothing may navigate or pop up.
import { fileURLToPath } from 'node:url';

export type RendererLocation =
  | { kind: 'file'; indexHtml: string }
  | { kind: 'dev-server'; origin: string };

export function isTrustedRendererUrl(url: string, location: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (location.kind === 'dev-server') return parsed.origin === location.origin;
  if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
  parsed.hash = '';
  parsed.search = '';
  try {
    return fileURLToPath(parsed) === location.indexHtml;
  } catch {
    return false;
  }
}

/** Permissions the renderer may be granted; everything else (camera, geolocation, ...) is denied. */
const allowedPermissions = new Set<string>();

export function isPermissionAllowed(permission: string): boolean {
  return allowedPermissions.has(permission);
}
