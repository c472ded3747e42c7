// Lint, including the import rules that keep each part where it runs:
// shared/ imports nothing of ours, electron/core/ never imports electron, the browser
// host and CLI never import electron, and renderer/ sees only shared/ and browser libraries.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electron = { name: 'electron', message: 'Only the Electron shell (electron/main.ts, preload.ts, shell/) may import electron; pass what you need in as an interface.' };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)].map((name) => ({
  name,
  message: 'The renderer runs in a sandboxed page: use window.api (AppApi), not Node.',
}));

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron, ...nodeBuiltins], patterns: [{ group: ['../electron/**', '../renderer/**', '**/electron/**', '**/renderer/**'], message: 'shared/ imports nothing of ours.' }] }],
    },
  },
  {
    files: ['electron/core/**', 'electron/host/**', 'electron/browser-host.ts', 'electron/cli.ts', 'electron/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron], patterns: [{ group: ['**/renderer/**'], message: 'The main process never imports renderer code.' }] }],
    },
  },
  {
    files: ['electron/core/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron], patterns: [{ group: ['**/shell/**', '**/host/**', '../main', '../preload', '**/renderer/**'], message: 'electron/core/ depends on shared/ and Node only.' }] }],
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron, ...nodeBuiltins], patterns: [{ group: ['**/electron/**', 'electron/*'], message: 'The renderer sees only shared/ and window.api.' }] }],
    },
  },
);
