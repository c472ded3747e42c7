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

await Promise.all([
  // Main, browser host and the conformance suite's client load npm packages from node_modules at run time.
  build({ ...common, entryPoints: ['electron/main.ts', 'electron/browser-host.ts', 'electron/conformance-client.ts'], packages: 'external' }),
  // A sandboxed preload can require nothing but 'electron': bundle everything else in.
  build({ ...common, entryPoints: ['electron/preload.ts'], external: ['electron'] }),
]);
