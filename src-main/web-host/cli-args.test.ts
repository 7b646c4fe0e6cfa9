import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebHostArgs } from './cli-args';

describe('browser host arguments', () => {
  it('reads --port, repeated --dataset and --config-dir, with = or a separate value', () => {
    const args = parseWebHostArgs(['--port', '5174', '--dataset=/d/a', '--dataset', '/d/b', '--config-dir', '/c']);
    expect(args).toEqual({ port: 5174, datasets: ['/d/a', '/d/b'], configDir: '/c' });
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
});
