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
//
// no-restricted-imports sees static imports and `export … from`; the same folder rules are
// also checked on resolved paths by import-x/no-restricted-paths, which sees import(),
// require() and re-exports too. A new file directly under electron/ falls under the core's
// rules until it is given its own block. Type-aware rules (no-floating-promises) run on the
// product's code; the React hooks rules on the renderer.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

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

const rendererPaths = [electron, ...nodeBuiltins, { name: 'ws', message: 'The renderer uses the browser WebSocket (renderer/src/api/ws-client.ts).' }, { name: 'ai', message: 'The renderer never talks to a model itself: the core does (electron/core/models/).' }];
const rendererOurs = refuse('The renderer sees only shared/ and window.api.', '**/electron/**', 'electron/*');
const rendererWs = refuse('The renderer uses the browser WebSocket (renderer/src/api/ws-client.ts).', 'ws/*');

/**
 * The AI library: only electron/core/models/model-library.ts, which builds every model as a
 * provider instance (a bare model-id string in `ai` routes through a hosted gateway) and
 * declares tools without execute (calls run through the core's tool runner).
 */
const AI_LIBRARY_MESSAGE = 'Only electron/core/models/model-library.ts uses the AI library: models are provider instances built there (never gateway model ids), tools run through the core.';
const aiLibrary = { name: 'ai', message: AI_LIBRARY_MESSAGE };
const aiProviders = refuse(AI_LIBRARY_MESSAGE, 'ai/*', '@ai-sdk/*', '@ai-sdk/**');

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
/** require() and import() of a Node built-in, for the parts that must run in a browser. */
const builtinPattern = `^(node:)?(${builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')})(\\/.*)?$`;
const dynamicNode = [
  { selector: `CallExpression[callee.name='require'][arguments.0.value=/${builtinPattern}/]`, message: 'This part runs in a browser as well: no Node built-ins, not even through require().' },
  { selector: `ImportExpression[source.value=/${builtinPattern}/]`, message: 'This part runs in a browser as well: no Node built-ins, not even through import().' },
];

/**
 * The folder rules on resolved paths (import-x/no-restricted-paths): each zone refuses
 * `from` to files under `target`, whether reached by import, export … from, import() or require().
 */
const zone = (target, from, message) => ({ target, from, message });
/** The folders of electron/core (each a part of the core with one job). */
const CORE_FOLDERS = readdirSync(new URL('./electron/core/', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const entryPoints = ['./electron/main.ts', './electron/preload.ts'];
const folderZones = [
  zone('./shared', ['./electron', './renderer', './node_modules/@modelcontextprotocol', './node_modules/ws', './node_modules/electron'], 'shared/ imports nothing of ours, no Node-only package and no MCP SDK: it runs in the page too.'),
  zone('./renderer', ['./electron', './node_modules/ws', './node_modules/electron'], 'The renderer sees only shared/ and window.api.'),
  zone('./electron/core', [...entryPoints, './electron/shell', './electron/host', './electron/browser-host.ts', './electron/cli', './electron/cli.ts', './renderer'], 'electron/core/ is below every front end: never the shell, the host, the CLI, the entry points or the renderer.'),
  zone('./electron/conformance-client.ts', [...entryPoints, './electron/shell', './electron/host', './electron/browser-host.ts', './electron/cli', './electron/cli.ts', './renderer'], 'The conformance client uses the core only.'),
  zone(['./electron/host', './electron/browser-host.ts'], [...entryPoints, './electron/shell', './electron/cli', './electron/cli.ts', './renderer'], 'The browser host uses core and shared only.'),
  zone(['./electron/cli', './electron/cli.ts'], [...entryPoints, './electron/shell', './electron/host', './electron/browser-host.ts', './renderer'], 'The CLI uses core and shared only.'),
  zone('./electron/shell', [...entryPoints, './electron/host', './electron/browser-host.ts', './electron/cli', './electron/cli.ts', './renderer'], 'The Electron shell uses core and shared only.'),
  zone(entryPoints, ['./electron/host', './electron/browser-host.ts', './electron/cli', './electron/cli.ts', './renderer'], 'The Electron entry points never reach the other front ends or the renderer.'),
];

/**
 * Inside the core, one way only: connections below tasks and the doctor; util, lifecycle and
 * secrets below the folders that use them; the API above the services it composes. Product
 * code only: a test may start a whole core to check one part of it.
 */
const coreLayerZones = [
  zone('./electron/core/connections', ['./electron/core/tasks', './electron/core/doctor', './electron/core/api'], 'connections/ is below tasks/, doctor/ and api/: hand it what it needs (a type, a callback) instead.'),
  zone('./electron/core/util', CORE_FOLDERS.filter((folder) => folder !== 'util' && folder !== 'diagnostics').map((folder) => `./electron/core/${folder}`), 'util/ is the bottom of the core: it imports no other folder of it (but diagnostics/, to log).'),
  zone('./electron/core/lifecycle', ['./electron/core/connections'], 'lifecycle/ (started processes, process trees) is below connections/.'),
  zone('./electron/core/secrets', ['./electron/core/config'], 'secrets/ is below config/.'),
  zone('./electron/core/doctor', ['./electron/core/api'], 'The doctor is composed by api/, never the reverse: take what it needs as an interface (DoctorContext).'),
  zone('./electron/core/skills', ['./electron/core/doctor'], 'skills/ is below the doctor: the doctor reads skills evidence, skills know nothing of rules.'),
  zone(
    CORE_FOLDERS.filter((folder) => folder !== 'api' && folder !== 'errors').map((folder) => `./electron/core/${folder}`),
    ['./electron/core/errors'],
    'errors/ names the error classes of every part of the core, so it sits above them: only api/ and the front ends read it (a part of the core throws failure(kind, …) or its own class, listed in errors/error-kinds.ts).',
  ),
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
    // Every part but the shell and the two Electron entry points (also a new file under electron/).
    files: ['shared/**', 'renderer/**', 'electron/**'],
    ignores: ['electron/shell/**', 'electron/main.ts', 'electron/preload.ts'],
    rules: { 'no-restricted-syntax': ['error', ...dynamicElectron] },
  },
  {
    files: ['shared/**', 'renderer/**'],
    rules: { 'no-restricted-syntax': ['error', ...dynamicElectron, ...dynamicNode] },
  },
  {
    files: ['shared/**', 'renderer/**', 'electron/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json', '.d.ts'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: folderZones }] },
  },
  {
    files: ['electron/core/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...folderZones, ...coreLayerZones] }] },
  },
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'renderer/src/testing/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['shared/**'],
    rules: imports(
      [electron, ...nodeBuiltins, { name: 'ws', message: 'shared/ runs in the page too: no Node-only package.' }, aiLibrary],
      refuse('shared/ imports nothing of ours.', '../electron/**', '../renderer/**', '**/electron/**', '**/renderer/**'),
      refuse('shared/ holds the product\'s own types and schemas: the MCP SDK is for electron/core.', '@modelcontextprotocol/*', '@modelcontextprotocol/**'),
      aiProviders,
    ),
  },
  {
    // electron/core, and by default any other file under electron/ that no block below claims.
    files: ['electron/**'],
    rules: imports([electron, aiLibrary], main, renderer, shell, host, cli, aiProviders),
  },
  {
    // The one file that may use the AI library.
    files: ['electron/core/models/model-library.ts'],
    rules: imports([electron], main, renderer, shell, host, cli),
  },
  {
    files: ['electron/host/**', 'electron/browser-host.ts'],
    rules: imports([electron, aiLibrary], main, renderer, shell, cli, aiProviders),
  },
  {
    files: ['electron/cli/**', 'electron/cli.ts'],
    rules: imports([electron, aiLibrary], main, renderer, shell, host, aiProviders),
  },
  {
    files: ['electron/shell/**'],
    rules: imports([ipcMain, ipcRenderer, aiLibrary], main, renderer, host, cli, aiProviders),
  },
  {
    files: ['electron/main.ts'],
    rules: imports([ipcRenderer, aiLibrary], renderer, host, cli, aiProviders),
  },
  {
    files: ['electron/preload.ts'],
    rules: imports([ipcMain, aiLibrary], renderer, host, cli, shell, aiProviders),
  },
  {
    files: ['renderer/**'],
    rules: imports(
      rendererPaths,
      rendererOurs,
      refuse('The renderer never talks MCP itself: every server is reached through window.api.', '@modelcontextprotocol/*', '@modelcontextprotocol/**'),
      rendererWs,
      refuse('The renderer never talks to a model itself: the core does (electron/core/models/).', 'ai/*', '@ai-sdk/*', '@ai-sdk/**'),
    ),
  },
  {
    // The MCP Apps host: ext-apps' app-bridge speaks the `ui/*` protocol with an app over
    // postMessage (no server is reached: the app's tool calls go through window.api).
    files: ['renderer/src/components/apps/**'],
    rules: imports(rendererPaths, rendererOurs, { regex: '^@modelcontextprotocol/(?!ext-apps/app-bridge$)', message: 'The renderer never talks MCP itself; only the MCP Apps host (components/apps/) uses @modelcontextprotocol/ext-apps/app-bridge.' }, rendererWs, aiProviders),
  },
);
