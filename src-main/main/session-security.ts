// Session-wide guards: the CSP header on every response, and permission requests denied.
import type { Session } from 'electron';
import { isPermissionAllowed } from './renderer-trust';

export function applySessionSecurity(session: Session, contentSecurityPolicy: string | null): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionAllowed(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
  if (contentSecurityPolicy === null) return;
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy] } });
  });
}
