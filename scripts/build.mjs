#!/usr/bin/env node
// Builds the Node-side bundles (Electron main, preload, browser host, CLI) with esbuild.
// The renderer is built by vite (see package.json "build").
// `node scripts/build.mjs cli` builds the CLI alone (what `npm run cli` needs, in a moment).
import { chmodSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { readChannelMap } from './lib/channel-map.mjs';
import { externalExceptEsmOnly } from './lib/esm-only-packages.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  outdir: 'out/electron',
  outExtension: { '.js': '.cjs' },
  define: { __APP_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
};

// The `mcp-workbench` bin: runs straight from a shell. Its npm packages are bundled in, which
// halves its start-up time (scripts and CI run it many times); native ones (sharp) and the
// optional native helpers of ws stay outside, loaded from node_modules, as does the Claude
// tokenizer (it reads its WASM file from beside itself).
const buildCli = () =>
  build({
    ...common,
    // The CLI, and the process of a live session (`session start`), which runs the same core.
    entryPoints: { cli: 'electron/cli.ts', 'cli-session': 'electron/cli/live-session/live-session-process.ts' },
    external: ['sharp', 'bufferutil', 'utf-8-validate', '@anthropic-ai/tokenizer'],
    // ESM builds first: jsonc-parser's CommonJS entry is a UMD wrapper whose requires a bundler cannot follow.
    mainFields: ['module', 'main'],
    banner: { js: '#!/usr/bin/env node' },
  }).then(() => chmodSync('out/electron/cli.cjs', 0o755));

// The keychain helper runs in a child process of its own (see keychain-runner.ts); the
// keyring library's native addon is loaded from node_modules.
const buildKeychainHelper = () => build({ ...common, entryPoints: ['electron/core/secrets/keychain-helper.cjs'], packages: 'external', sourcemap: false });

// The image worker (see electron/core/results/image-fitter.ts) runs in a process of its
// own; sharp is loaded from node_modules, as the main process does.
const buildImageWorker = () => build({ ...common, entryPoints: { 'image-worker': 'electron/core/results/image-worker.ts' }, external: ['sharp'] });

const only = process.argv[2];
if (only === 'cli') {
  await Promise.all([buildCli(), buildKeychainHelper(), buildImageWorker()]);
} else if (only) {
  throw new Error(`Unknown build target "${only}" (only "cli" can be built alone).`);
} else {
  await Promise.all([
    // Main, browser host and the conformance suite's client load npm packages from node_modules at run time (but ESM-only ones).
    build({ ...common, entryPoints: ['electron/main.ts', 'electron/browser-host.ts', 'electron/conformance-client.ts'], plugins: [externalExceptEsmOnly] }),
    // A sandboxed preload can require nothing but 'electron': bundle everything else in. It
    // carries data only, with the method → channel table written in (no schemas).
    readChannelMap().then((channels) =>
      build({ ...common, entryPoints: ['electron/preload.ts'], external: ['electron'], define: { ...common.define, __APP_CHANNELS__: JSON.stringify(channels) } }),
    ),
    buildCli(),
    buildKeychainHelper(),
    buildImageWorker(),
  ]);
}
