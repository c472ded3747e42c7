#!/usr/bin/env node
// Builds the Node-side bundles (Electron main, preload, browser host) with esbuild.
// The renderer is built by vite (see package.json "build").
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

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

/**
 * The security scan flags every shell.openExternal call it cannot prove safe, and a
 * bundle keeps no comments to justify one in place. The main bundle has exactly one,
 * in electron/shell/open-external.ts behind checkExternalUrl (clean http(s) URLs only);
 * scripts/security-scan.mjs fails if a second one appears.
 */
const OPEN_EXTERNAL_BANNER = '/* eng-disable OPEN_EXTERNAL_JS_CHECK */';

await Promise.all([
  // Main, browser host and the conformance suite's client load npm packages from node_modules at run time.
  build({ ...common, entryPoints: ['electron/main.ts'], packages: 'external', banner: { js: OPEN_EXTERNAL_BANNER } }),
  build({ ...common, entryPoints: ['electron/browser-host.ts', 'electron/conformance-client.ts'], packages: 'external' }),
  // A sandboxed preload can require nothing but 'electron': bundle everything else in.
  build({ ...common, entryPoints: ['electron/preload.ts'], external: ['electron'] }),
]);
