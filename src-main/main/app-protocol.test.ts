import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../services/content-security-policy';
import { appIndexUrl, appSchemeDefinition, handleAppRequest } from './app-protocol';

let base: string;
let rendererDir: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'app-protocol-')));
  rendererDir = path.join(base, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  await writeFile(path.join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(path.join(rendererDir, 'assets', 'sql-wasm.wasm'), new Uint8Array([0, 97, 115, 109]));
  await writeFile(path.join(base, 'secret.txt'), 'secret');
  await symlink(path.join(base, 'secret.txt'), path.join(rendererDir, 'assets', 'leak.js'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handleAppRequest(new Request(url, { method }), rendererDir);

describe('app:// protocol (the renderer)', () => {
  it('is a privileged standard secure scheme that fetches, without CORS or a CSP bypass', () => {
    expect(appSchemeDefinition.scheme).toBe('app');
    expect(appSchemeDefinition.privileges).toEqual({ standard: true, secure: true, supportFetchAPI: true, codeCache: true });
  });

  it('serves index.html with the CSP header and nosniff', async () => {
    for (const url of [appIndexUrl, 'app://studio/']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<title>studio</title>');
    }
  });

  it('serves assets with their types', async () => {
    const types: Record<string, string> = {
      'assets/index-abc.js': 'text/javascript; charset=utf-8',
      'assets/index-abc.css': 'text/css; charset=utf-8',
      'assets/sql-wasm.wasm': 'application/wasm',
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await get(`app://studio/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe(type);
    }
    const head = await get('app://studio/assets/index-abc.js', 'HEAD');
    expect(head.headers.get('content-length')).toBe('14');
    expect(await head.text()).toBe('');
  });

  it('serves nothing outside the renderer folder', async () => {
    const outside = [
      'app://studio/../secret.txt',
      'app://studio/%2e%2e/secret.txt',
      'app://studio/assets/..%2F..%2Fsecret.txt',
      'app://studio/..%5Csecret.txt',
      'app://studio/assets/leak.js',
      `app://studio/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
      'app://studio/assets',
      'app://studio/missing.js',
      'app://other/index.html',
      'app://studio/%E0%A4%A',
    ];
    for (const url of outside) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('secret');
    }
    expect((await get(appIndexUrl, 'POST')).status).toBe(405);
  });
});
