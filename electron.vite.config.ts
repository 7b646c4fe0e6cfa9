// Builds the three Electron targets into out/: main (plus the browser host, which shares the
// main process's service modules), preload (CommonJS, self-contained for the sandbox) and the
// renderer. `npm run build` needs no Electron binary.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { scoringSourcesHash, writeScoringSources } from './src-main/cli/build-cli.mjs';
import { contentSecurityPolicy } from './src-main/services/content-security-policy';

const root = import.meta.dirname;

/** Puts the CSP in index.html as a <meta> tag in builds (the dev server needs inline HMR scripts). */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'studio-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy }, injectTo: 'head-prepend' },
    ],
  };
}

/** Writes beside the built evaluation worker the sources it was built from (build-cli.mjs's writeScoringSources, as the CLI's build does). */
function scoringSourcesFile(): Plugin {
  let before = '';
  return {
    name: 'studio-scoring-sources',
    apply: 'build',
    async buildStart() {
      before = await scoringSourcesHash();
    },
    async writeBundle(options, bundle) {
      if (options.dir && 'eval-worker.js' in bundle) await writeScoringSources(options.dir, 'eval-worker.js', before);
    },
  };
}

export default defineConfig({
  main: {
    plugins: [scoringSourcesFile()],
    build: {
      outDir: resolve(root, 'out/main'),
      externalizeDeps: { exclude: ['zod'] },
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/main/index.ts'),
          'web-host': resolve(root, 'src-main/web-host/index.ts'),
          // Scores trajectory chunks in worker threads for both hosts (evaluation.run).
          'eval-worker': resolve(root, 'src-main/services/evaluation/eval-worker.ts'),
          // Converts an EgoBench release off the main process's thread (File > Import EgoBench Release...; in-worker.ts finds it here).
          'import-worker': resolve(root, 'src-main/services/import-egobench/import-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can only require('electron'): bundle zod and shared/ into it.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react(), contentSecurityPolicyMeta()],
    worker: { format: 'es' },
    build: {
      outDir: resolve(root, 'out/renderer'),
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
});
