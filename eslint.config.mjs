// Lint, including the import rules that keep each part where it runs (the map is in the
// README's Architecture section; tests/import-rules.test.ts proves every rule fires):
//
//   shared/                 nothing of ours, no Node, no electron
//   electron/core/          shared/ and Node; never electron, the shell, the host, the CLI or main
//   electron/host/, browser-host.ts   core and shared; never electron, the shell or the CLI
//   electron/cli/, cli.ts   core and shared; never electron, the shell or the host
//   electron/shell/         electron, core and shared; never the host or the CLI
//   main.ts, preload.ts     the Electron entry points: electron, shell, core, shared
//   renderer/               shared/ and browser libraries; never Node, electron, ws or the MCP SDK
//
// Electron is reached only from the shell and the two entry points, by static import:
// require('electron') and import('electron') are refused everywhere else, and the raw IPC
// objects only where they belong (ipcMain in main.ts, ipcRenderer in preload.ts).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electron = { name: 'electron', message: 'Only the Electron shell (electron/main.ts, preload.ts, shell/) may import electron; pass what you need in as an interface.' };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)].map((name) => ({
  name,
  message: 'The renderer runs in a sandboxed page: use window.api (AppApi), not Node.',
}));

/** A group of import patterns refused with one message. */
const refuse = (message, ...group) => ({ group, message });
const main = refuse('Nothing imports the Electron entry points (main.ts, preload.ts).', '**/main', '**/main.ts', '**/preload', '**/preload.ts', 'electron/main', 'electron/preload');
const renderer = refuse('The main process never imports renderer code.', '**/renderer/**');
const shell = refuse('Only main.ts uses the Electron shell.', '**/shell/**', '**/shell');
const host = refuse('The browser host is an entry point of its own: nothing imports it.', '**/host/**', '**/host', '**/browser-host', '**/browser-host.ts');
const cli = refuse('The CLI is an entry point of its own: nothing imports it.', '**/cli/**', '**/cli', '**/cli.ts');

const rendererPaths = [electron, ...nodeBuiltins, { name: 'ws', message: 'The renderer uses the browser WebSocket (renderer/src/api/ws-client.ts).' }];
const rendererOurs = refuse('The renderer sees only shared/ and window.api.', '**/electron/**', 'electron/*');
const rendererWs = refuse('The renderer uses the browser WebSocket (renderer/src/api/ws-client.ts).', 'ws/*');

/** The one no-restricted-imports rule of an area (flat config: the last block that sets a rule wins, so each area sets it once). */
const imports = (paths, ...patterns) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

/** `require('electron')` and `import('electron')`, which no-restricted-imports does not see. */
const dynamicElectron = [
  {
    selector: "CallExpression[callee.name='require'][arguments.0.value=/^electron(\\/.*)?$/]",
    message: "require('electron') is for the Electron shell only (electron/main.ts, preload.ts, shell/).",
  },
  {
    selector: "ImportExpression[source.value=/^electron(\\/.*)?$/]",
    message: "import('electron') is for the Electron shell only (electron/main.ts, preload.ts, shell/).",
  },
];
const ipcMain = { name: 'electron', importNames: ['ipcMain'], message: 'Only electron/main.ts touches ipcMain: it hands it to registerIpcHandlers, which checks every sender and payload.' };
const ipcRenderer = { name: 'electron', importNames: ['ipcRenderer'], message: 'Only electron/preload.ts touches ipcRenderer: the page sees window.api and nothing else.' };

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
    // CommonJS on purpose (the keychain helper, run as a plain Node script): require is its import.
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The MCP Apps fixtures' scripts run in the app's browser frame.
    files: ['e2e/fixtures/servers/apps/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['shared/**', 'renderer/**', 'electron/core/**', 'electron/host/**', 'electron/browser-host.ts', 'electron/cli.ts', 'electron/cli/**', 'electron/conformance-client.ts'],
    rules: { 'no-restricted-syntax': ['error', ...dynamicElectron] },
  },
  {
    files: ['shared/**'],
    rules: imports([electron, ...nodeBuiltins], refuse('shared/ imports nothing of ours.', '../electron/**', '../renderer/**', '**/electron/**', '**/renderer/**')),
  },
  {
    files: ['electron/core/**', 'electron/conformance-client.ts'],
    rules: imports([electron], main, renderer, shell, host, cli),
  },
  {
    files: ['electron/host/**', 'electron/browser-host.ts'],
    rules: imports([electron], main, renderer, shell, cli),
  },
  {
    files: ['electron/cli/**', 'electron/cli.ts'],
    rules: imports([electron], main, renderer, shell, host),
  },
  {
    files: ['electron/shell/**'],
    rules: imports([ipcMain, ipcRenderer], main, renderer, host, cli),
  },
  {
    files: ['electron/main.ts'],
    rules: imports([ipcRenderer], renderer, host, cli),
  },
  {
    files: ['electron/preload.ts'],
    rules: imports([ipcMain], renderer, host, cli, shell),
  },
  {
    files: ['renderer/**'],
    rules: imports(
      rendererPaths,
      rendererOurs,
      refuse('The renderer never talks MCP itself: every server is reached through window.api.', '@modelcontextprotocol/*', '@modelcontextprotocol/**'),
      rendererWs,
    ),
  },
  {
    // The MCP Apps host: ext-apps' app-bridge speaks the `ui/*` protocol with an app over
    // postMessage (no server is reached: the app's tool calls go through window.api).
    files: ['renderer/src/components/apps/**'],
    rules: imports(rendererPaths, rendererOurs, { regex: '^@modelcontextprotocol/(?!ext-apps/app-bridge$)', message: 'The renderer never talks MCP itself; only the MCP Apps host (components/apps/) uses @modelcontextprotocol/ext-apps/app-bridge.' }, rendererWs),
  },
);
