// Session-wide guards: the CSP header on every response, and permission requests denied but the
// few the renderer's own top-level page may have (renderer-trust.ts).
import type { Session } from 'electron';
import { isPermissionAllowed, type RendererLocation } from './renderer-trust';

export function applySessionSecurity(session: Session, contentSecurityPolicy: string | null, renderer: RendererLocation): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, { url: details.requestingUrl, isMainFrame: details.isMainFrame }, renderer)),
  );
  // A check may come without the frame's URL: its origin then stands for the page at its root.
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, { url: details.requestingUrl ?? (requestingOrigin ? `${requestingOrigin}/` : undefined), isMainFrame: details.isMainFrame }, renderer),
  );
  if (contentSecurityPolicy === null) return;
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy] } });
  });
}
