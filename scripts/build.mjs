#!/usr/bin/env node
// Builds the Node-side bundles (Electron main, preload, browser host, CLI) with esbuild.
// The renderer is built by vite (see package.json "build").
// `node scripts/build.mjs cli` builds the CLI alone (what `npm run cli` needs, in a moment).
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

// The `mcp-workbench` bin. A command line is a short process started many times (scripts, CI),
// so what it reads and compiles at start matters most. Its npm packages are bundled in (no
// module resolution at start) as ES modules split into chunks: each command is a dynamic
// import, so `--help` reads the program and `tools call` the connection code, never the model
// or load layers (one 11 MB CommonJS file cost about twice the CPU per start). Native packages
// (sharp), the optional native helpers of ws and the Claude tokenizer (it reads its WASM file
// from beside itself) stay outside, loaded from node_modules.
//
// Everything the CLI runs sits in out/electron/cli/: its own keychain helper and image worker
// too, since the core finds those beside itself (__dirname). out/electron/cli.cjs is the bin,
// a launcher of a few lines.
const CLI_DIR = 'out/electron/cli';
/** Bundled CommonJS packages still call require() and read __dirname: ES modules have neither. */
const ESM_NODE_GLOBALS = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { dirname as __pathDirname } from 'node:path';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join(' ');
const CLI_LAUNCHER = `#!/usr/bin/env node
// The mcp-workbench command: the CLI itself is ES modules in ./cli (see scripts/build.mjs).
'use strict';
import('./cli/cli.mjs').catch((error) => {
  process.stderr.write(\`mcp-workbench could not start: \${error && error.stack ? error.stack : error}\\n\`);
  process.exit(1);
});
`;
const buildCli = async () => {
  rmSync(CLI_DIR, { recursive: true, force: true });
  rmSync('out/electron/cli.cjs.map', { force: true }); // from when the CLI was one bundle
  await Promise.all([
    build({
      ...common,
      // The CLI, and the process of a live session (`session start`), which runs the same core.
      entryPoints: { cli: 'electron/cli.ts', 'cli-session': 'electron/cli/live-session/live-session-process.ts' },
      external: ['sharp', 'bufferutil', 'utf-8-validate', '@anthropic-ai/tokenizer'],
      // ESM builds first: jsonc-parser's CommonJS entry is a UMD wrapper whose requires a bundler cannot follow.
      mainFields: ['module', 'main'],
      format: 'esm',
      splitting: true,
      outdir: CLI_DIR,
      outExtension: { '.js': '.mjs' },
      // Flat: every chunk finds the helpers beside itself.
      chunkNames: '[name]-[hash]',
      banner: { js: ESM_NODE_GLOBALS },
    }),
    buildKeychainHelper(CLI_DIR),
    buildImageWorker(CLI_DIR),
  ]);
  writeFileSync('out/electron/cli.cjs', CLI_LAUNCHER, { mode: 0o755 });
  chmodSync('out/electron/cli.cjs', 0o755);
};

// The keychain helper runs in a child process of its own (see keychain-runner.ts); the
// keyring library's native addon is loaded from node_modules.
const buildKeychainHelper = (outdir = common.outdir) => build({ ...common, outdir, entryPoints: ['electron/core/secrets/keychain-helper.cjs'], packages: 'external', sourcemap: false });

// The image worker (see electron/core/results/image-fitter.ts) runs in a process of its
// own; sharp is loaded from node_modules, as the main process does.
const buildImageWorker = (outdir = common.outdir) => build({ ...common, outdir, entryPoints: { 'image-worker': 'electron/core/results/image-worker.ts' }, external: ['sharp'] });

const only = process.argv[2];
if (only === 'cli') {
  await buildCli();
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
