import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { isPermissionAllowed, isTrustedRendererUrl, rendererLocation } from './renderer-trust';

const built = rendererLocation({ isPackaged: true, devServerUrl: undefined });

describe('where the renderer loads from', () => {
  it('is app://studio/index.html, not file://', () => {
    expect(built).toEqual({ kind: 'app', url: 'app://studio/index.html' });
    expect(rendererLocation({ isPackaged: false, devServerUrl: undefined })).toEqual(built);
  });

  it('uses the dev server only when not packaged', () => {
    expect(rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173/' })).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
      origin: 'http://localhost:5173',
    });
    // A packaged app ignores the variable: it cannot point the window, or IPC trust, elsewhere.
    expect(rendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173/' })).toEqual(built);
    expect(rendererLocation({ isPackaged: false, devServerUrl: 'file:///tmp/evil.html' })).toEqual(built);
  });

  it('takes only a dev server on this machine over http: a remote page never loads into the window', () => {
    for (const devServerUrl of ['http://127.0.0.1:5173/', 'http://[::1]:5173/', 'http://localhost:5173/#/x']) {
      expect(rendererLocation({ isPackaged: false, devServerUrl }).kind, devServerUrl).toBe('dev-server');
    }
    for (const devServerUrl of [
      'https://evil.example/',
      'http://evil.example:5173/',
      'http://localhost.evil.example/',
      'http://192.168.1.10:5173/',
      'https://localhost:5173/',
      'http://user:pw@localhost:5173/',
      'ws://localhost:5173/',
      'not a url',
    ]) {
      expect(rendererLocation({ isPackaged: false, devServerUrl }), devServerUrl).toEqual(built);
    }
  });
});

describe('IPC sender check', () => {
  it("trusts the built renderer's index.html, whatever its hash route", () => {
    expect(isTrustedRendererUrl('app://studio/index.html', built)).toBe(true);
    expect(isTrustedRendererUrl('app://studio/index.html#/replay', built)).toBe(true);
  });

  it('refuses other files, other schemes and garbage', () => {
    expect(isTrustedRendererUrl('app://studio/assets/other.html', built)).toBe(false);
    expect(isTrustedRendererUrl('app://other/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('app://user@studio/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('file:///etc/passwd', built)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/', built)).toBe(false);
    expect(isTrustedRendererUrl('https://example.com/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('studio-media://x/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('not a url', built)).toBe(false);
  });

  it('trusts only the dev server origin in development', () => {
    const dev = rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173' });
    expect(isTrustedRendererUrl('http://localhost:5173/#/annotate', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173.evil.example/', dev)).toBe(false);
    expect(isTrustedRendererUrl('app://studio/index.html', dev)).toBe(false);
  });
});

describe('permissions and CSP', () => {
  const top = { url: 'app://studio/index.html#/annotate', isMainFrame: true };

  it('denies every permission but clipboard writes, to everyone', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'deprecated-sync-clipboard-read', 'openExternal', 'fullscreen']) {
      expect(isPermissionAllowed(permission, top, built), permission).toBe(false);
    }
  });

  it("lets only the renderer's top-level page write to the clipboard", () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', top, built)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', { url: 'app://studio/', isMainFrame: true }, built)).toBe(true);
    // A frame inside the page, another page, an unknown requester: no.
    expect(isPermissionAllowed('clipboard-sanitized-write', { ...top, isMainFrame: false }, built)).toBe(false);
    for (const url of ['app://studio/assets/x.html', 'https://example.com/', 'studio-media://tiny-00000000/a.html', 'http://localhost:5173/', undefined]) {
      expect(isPermissionAllowed('clipboard-sanitized-write', { url, isMainFrame: true }, built), url).toBe(false);
    }
    const dev = rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173/' });
    expect(isPermissionAllowed('clipboard-sanitized-write', { url: 'http://localhost:5173/#/replay', isMainFrame: true }, dev)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', top, dev)).toBe(false);
  });

  it('has a strict content security policy', () => {
    expect(contentSecurityPolicy).toContain("default-src 'self'");
    expect(contentSecurityPolicy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(contentSecurityPolicy).toContain("object-src 'none'");
    expect(contentSecurityPolicy).toContain("base-uri 'none'");
    expect(contentSecurityPolicy).toContain("media-src 'self' studio-media: blob:");
    expect(contentSecurityPolicy).not.toMatch(/'unsafe-eval'|script-src[^;]*unsafe-inline/);
  });

  it('lets the clip cache fetch desktop clips (connect-src studio-media:) and nothing else remote', () => {
    const connect = /connect-src ([^;]*)/.exec(contentSecurityPolicy)![1].split(' ');
    expect(connect.sort()).toEqual(["'self'", 'studio-media:']);
  });
});
