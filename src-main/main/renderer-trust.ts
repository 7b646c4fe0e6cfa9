// Which pages count as the studio's own renderer: IPC from any other frame (an iframe, a page
// reached by a bug in the navigation guard) is refused, and nothing may navigate or pop up.
import { appHost, appIndexUrl, appScheme } from './app-protocol';

export type RendererLocation =
  /** The built renderer over app://studio/ (always, once packaged). */
  | { kind: 'app'; url: string }
  /** electron-vite's dev server (`ELECTRON_RENDERER_URL`), only in an unpackaged app. */
  | { kind: 'dev-server'; url: string; origin: string };

/** Where electron-vite's dev server listens: this machine, over plain http. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function devServer(devServerUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(devServerUrl);
  } catch {
    return null;
  }
  return url.protocol === 'http:' && loopbackHosts.has(url.hostname) && url.username === '' && url.password === '' ? url : null;
}

/**
 * Where the window loads the renderer from. A packaged app ignores ELECTRON_RENDERER_URL, and an
 * unpackaged one takes it only for a dev server on this machine (http://localhost:PORT/): an
 * environment variable must not point the studio, and its IPC trust, at another server.
 */
export function rendererLocation({ isPackaged, devServerUrl }: { isPackaged: boolean; devServerUrl: string | undefined }): RendererLocation {
  const url = !isPackaged && devServerUrl ? devServer(devServerUrl) : null;
  return url ? { kind: 'dev-server', url: url.href, origin: url.origin } : { kind: 'app', url: appIndexUrl };
}

export function isTrustedRendererUrl(url: string, location: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (location.kind === 'dev-server') return parsed.origin === location.origin;
  // app: is not a scheme Node's URL knows, so its origin reads "null": compare the parts.
  return (
    parsed.protocol === `${appScheme}:` &&
    parsed.host === appHost &&
    parsed.username === '' &&
    parsed.password === '' &&
    (parsed.pathname === '/index.html' || parsed.pathname === '/')
  );
}

/** Who asks for a permission: the frame's URL (absent when Electron does not say) and whether it is the top-level frame. */
export interface PermissionRequester {
  url: string | undefined;
  isMainFrame: boolean;
}

/**
 * Permissions the studio's own page may be granted. Only writing to the clipboard (Chromium's
 * 'clipboard-sanitized-write', behind navigator.clipboard.writeText/write: the Copy buttons, "Copy
 * them" for edits the storage refused, Copy frame); reading it, and everything else (camera,
 * geolocation, notifications, ...), stays denied, and so does any frame but the renderer's top one.
 */
const rendererPermissions = new Set<string>(['clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string, requester: PermissionRequester, location: RendererLocation): boolean {
  return rendererPermissions.has(permission) && requester.isMainFrame && requester.url !== undefined && isTrustedRendererUrl(requester.url, location);
}
