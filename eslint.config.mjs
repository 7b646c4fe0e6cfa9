// Lint for the whole repository. Besides the usual recommended rules it enforces the layering
// (see README "Architecture"):
//   shared/       runs everywhere: no Node builtins, no Electron, no React, nothing from src-*;
//   src-renderer/ is a web page: no Node builtins, no Electron, nothing from src-main/;
//   src-main/     never reaches into src-renderer/; only main/ and preload/ import electron;
//   services/     never import the command line (src-main/cli/): the CLI builds on services;
//   ipcRenderer exists only in the preload, ipcMain.handle/on only in main/ipc.ts.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = {
  group: ['node:*', ...builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`])],
  message: 'Node builtins belong in src-main/ (services); this layer also runs in the browser.',
};
const electron = { group: ['electron', 'electron/*'], message: 'Only src-main/main and src-main/preload may import electron.' };
const rendererCode = { group: ['**/src-renderer/**'], message: 'src-renderer is the web page; share code through shared/ instead.' };
const mainCode = { group: ['**/src-main/**'], message: 'The renderer reaches the host only through window.studio (shared/api).' };
const hostCode = { group: ['**/src-main/**'], message: 'shared/ runs in every process; host code depends on it, not the reverse.' };
const cliCode = { group: ['**/cli/**'], message: 'Services are what the CLI and both hosts build on; they never import the command line.' };
const uiLibraries = { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*'], message: 'shared/ has no UI.' };

const restrict = (...patterns) => ['error', { patterns }];

const ipcRendererBan = {
  selector: "Identifier[name='ipcRenderer']",
  message: 'ipcRenderer stays in src-main/preload; use window.studio (shared/api/studio-api.ts).',
};
const ipcMainBan = {
  selector: "MemberExpression[object.name='ipcMain']",
  message: 'Register IPC handlers through registerStudioIpc (src-main/main/ipc.ts), which validates sender and arguments.',
};

// zod's `z` export is one namespace object: esbuild (the CLI and its scoring worker) keeps all of
// it, 64 locales included (366 KB of a worker's 973 KB); `import * as z` lets it keep what is used.
const zodNamespaceBan = {
  selector: "ImportDeclaration[source.value='zod'][importKind='value'] ImportSpecifier[imported.name='z']",
  message: "Write `import * as z from 'zod'`: esbuild bundles every part of the `z` object, all locales included.",
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'datasets/**', 'dist/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ipcRendererBan, ipcMainBan, zodNamespaceBan],
      // Useful advice, but rethrowing with a new message is often deliberate (see StudioError).
      'preserve-caught-error': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts}'],
    ignores: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shared/**'],
    rules: { 'no-restricted-imports': restrict(nodeBuiltins, electron, uiLibraries, rendererCode, hostCode) },
  },
  {
    // Tests of shared code run in Node: they may read fixtures and use the Node adapters
    // (src-main/services/sql-node.ts); the code under test may not.
    files: ['shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(electron, uiLibraries, rendererCode) },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Resetting local state when a prop changes is sometimes the clearest code; flag, don't fail.
      'react-hooks/set-state-in-effect': 'warn',
      'no-restricted-imports': restrict(nodeBuiltins, electron, mainCode),
    },
  },
  {
    files: ['src-main/**'],
    rules: { 'no-restricted-imports': restrict(electron, rendererCode) },
  },
  {
    files: ['src-main/services/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(electron, rendererCode, cliCode) },
  },
  {
    files: ['src-main/main/**', 'src-main/preload/**'],
    rules: { 'no-restricted-imports': restrict(rendererCode) },
  },
  {
    files: ['src-main/preload/**'],
    rules: { 'no-restricted-syntax': ['error', ipcMainBan] },
  },
  {
    files: ['src-main/main/ipc.ts'],
    rules: { 'no-restricted-syntax': ['error', ipcRendererBan] },
  },
);
