import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebHostArgs } from './cli-args';

describe('browser host arguments', () => {
  it('reads --port, repeated --dataset and --config-dir, with = or a separate value', () => {
    const args = parseWebHostArgs(['--port', '5174', '--dataset=/d/a', '--dataset', '/d/b', '--config-dir', '/c']);
    expect(args).toEqual({ port: 5174, datasets: ['/d/a', '/d/b'], configDir: '/c', listen: '127.0.0.1', publicNames: [] });
  });

  it('reads --datasets-dir, the folder listed instead of the repository datasets/', () => {
    expect(parseWebHostArgs(['--datasets-dir', '/tmp/copy']).datasetsDir).toBe('/tmp/copy');
  });

  it('resolves relative folders from where the user ran npm', () => {
    process.env.INIT_CWD = '/home/me/work';
    try {
      expect(parseWebHostArgs(['--dataset', 'data/x']).datasets).toEqual([path.resolve('/home/me/work', 'data/x')]);
    } finally {
      delete process.env.INIT_CWD;
    }
  });

  it('defaults to a random free port and rejects bad flags with the usage', () => {
    expect(parseWebHostArgs([]).port).toBe(0);
    expect(() => parseWebHostArgs(['--port', '99999'])).toThrow(/usage: npm run web/);
    expect(() => parseWebHostArgs(['--port'])).toThrow(/--port needs a value/);
    expect(() => parseWebHostArgs(['--verbose'])).toThrow(/unknown argument: --verbose/);
  });

  it('takes --help and -h (the host prints the usage and starts nothing)', () => {
    expect(parseWebHostArgs(['--help']).help).toBe(true);
    expect(parseWebHostArgs(['--port', '5174', '-h']).help).toBe(true);
    expect(parseWebHostArgs([]).help).toBeUndefined();
  });

  it('reads the team options; beyond loopback only with a team; TLS cert and key together', () => {
    const args = parseWebHostArgs(['--team', '/t/team.json', '--listen', '0.0.0.0', '--public-name', 'studio.lab.example', '--tls-cert', '/t/c.pem', '--tls-key', '/t/k.pem']);
    expect(args).toMatchObject({ team: '/t/team.json', listen: '0.0.0.0', publicNames: ['studio.lab.example'], tlsCert: '/t/c.pem', tlsKey: '/t/k.pem' });
    expect(() => parseWebHostArgs(['--listen', '0.0.0.0'])).toThrow(/--listen 0\.0\.0\.0 reaches beyond this machine: add --team team\.json/);
    expect(parseWebHostArgs(['--listen', '::1']).listen).toBe('::1');
    expect(() => parseWebHostArgs(['--team', 't.json', '--tls-cert', 'c.pem'])).toThrow(/--tls-cert and --tls-key go together/);
    expect(() => parseWebHostArgs(['--team', 't.json', '--public-name', 'http://x:1'])).toThrow(/without scheme or port/);
    expect(() => parseWebHostArgs(['--public-name', 'x'])).toThrow(/is for a team host/);
  });
});
