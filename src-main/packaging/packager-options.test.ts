import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareImports, electronBinaryIn, isPackaged, mainRuntimePackages, packagerOptions } from './packager-options';

describe('packager options', () => {
  it('packages into app.asar with its integrity digest, devDependencies pruned', () => {
    expect(packagerOptions('/repo', '/repo/dist')).toMatchObject({ dir: '/repo', out: '/repo/dist', asar: true, asarIntegrityDigest: true, prune: true });
  });

  it('takes the build and runtime dependencies, no sources, tests or datasets', () => {
    for (const kept of ['/package.json', '/out', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/assets/index-abc.js', '/node_modules', '/node_modules/zod/package.json', '/node_modules/@noble', '/node_modules/@noble/hashes/sha2.js', '/node_modules/sql.js/dist/sql-wasm.wasm']) {
      expect(isPackaged(kept), kept).toBe(true);
    }
    for (const left of ['/src-main/main/index.ts', '/shared/SPEC.md', '/datasets/egobench-sample/dataset.json', '/e2e/x.spec.ts', '/out/cli/egostudio.mjs', '/out/packaging/package-app.mjs', '/dist', '/.git/config', '/package-lock.json', '/outside', '/node_modules/react/index.js', '/node_modules/monaco-editor', '/node_modules/@noble/curves', '/node_modules/zodiac', '/node_modules/.bin/vite', '/node_modules/@radix-ui/react-dialog']) {
      expect(isPackaged(left), left).toBe(false);
    }
    const ignore = packagerOptions('/repo', '/repo/dist').ignore as (p: string) => boolean;
    expect(ignore('/src-main')).toBe(true);
    expect(ignore('/out/main')).toBe(false);
  });

  it('knows which packages a built module imports', () => {
    const code = `import { z } from "zod";import x from 'node:fs';import { app } from "electron";import { sha256 } from "@noble/hashes/sha2.js";
      const y = import('sql.js'); const w = require("jsonc-parser"); import a from './chunks/a.js'; import b from "@cfworker/json-schema";`;
    expect(bareImports(code)).toEqual(['@cfworker/json-schema', '@noble/hashes', 'jsonc-parser', 'sql.js', 'zod']);
    expect(mainRuntimePackages.slice().sort()).toEqual(bareImports(code));
  });

  it('finds the binary whose fuses are flipped on each platform', () => {
    expect(electronBinaryIn('/d', 'linux')).toBe(path.join('/d', 'egobench-studio'));
    expect(electronBinaryIn('/d', 'win32')).toBe(path.join('/d', 'egobench-studio.exe'));
    expect(electronBinaryIn('/d', 'darwin')).toBe(path.join('/d', 'EgoBench Studio.app'));
  });
});
