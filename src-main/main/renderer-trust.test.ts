import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { isPermissionAllowed, isTrustedRendererUrl } from './renderer-trust';

const indexHtml = '/app/out/renderer/index.html';
const fileLocation = { kind: 'file', indexHtml } as const;

describe('IPC sender check', () => {
  it("trusts the built renderer's index.html, whatever its hash route", () => {
    const url = pathToFileURL(indexHtml).href;
    expect(isTrustedRendererUrl(url, fileLocation)).toBe(true);
    expect(isTrustedRendererUrl(`${url}#/replay`, fileLocation)).toBe(true);
  });

  it('refuses other files, other schemes and garbage', () => {
    expect(isTrustedRendererUrl(pathToFileURL('/app/out/renderer/other.html').href, fileLocation)).toBe(false);
    expect(isTrustedRendererUrl('file:///etc/passwd', fileLocation)).toBe(false);
    expect(isTrustedRendererUrl('https://example.com/index.html', fileLocation)).toBe(false);
    expect(isTrustedRendererUrl('studio-media://x/index.html', fileLocation)).toBe(false);
    expect(isTrustedRendererUrl('not a url', fileLocation)).toBe(false);
  });

  it('trusts only the dev server origin in development', () => {
    const dev = { kind: 'dev-server', origin: 'http://localhost:5173' } as const;
    expect(isTrustedRendererUrl('http://localhost:5173/#/annotate', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173.evil.example/', dev)).toBe(false);
  });
});

describe('permissions and CSP', () => {
  it('denies permission requests by default', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(isPermissionAllowed(permission), permission).toBe(false);
    }
  });

  it('has a strict content security policy', () => {
    expect(contentSecurityPolicy).toContain("default-src 'self'");
    expect(contentSecurityPolicy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(contentSecurityPolicy).toContain("object-src 'none'");
    expect(contentSecurityPolicy).toContain("base-uri 'none'");
    expect(contentSecurityPolicy).toContain('media-src \'self\' studio-media: blob:');
    expect(contentSecurityPolicy).not.toMatch(/'unsafe-eval'|script-src[^;]*unsafe-inline/);
  });
});
