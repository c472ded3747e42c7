// Bundles the benchmarks (TypeScript, importing the core from source) into
// out/bench/*.cjs with esbuild, the way scripts/build.mjs bundles the app: npm packages
// stay external and load from node_modules at run time (but ESM-only ones, carried in).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * In a CommonJS bundle `import.meta.url` is empty; modules that find files next to
 * themselves (e2e/fixtures/paths.ts) get their own source file's URL instead.
 * @type {import('esbuild').Plugin}
 */
const sourceFileUrl = {
  name: 'source-file-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

// Packages that ship ESM only (no `require` export): a CommonJS bundle cannot load them
// from node_modules at run time, so the bundles carry them in (as scripts/build.mjs does).
const ESM_ONLY = ['@modelcontextprotocol/ext-tasks'];
/** @type {import('esbuild').Plugin} */
const externalExceptEsmOnly = {
  name: 'external-except-esm-only',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      ESM_ONLY.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Benchmark ids: the files in bench/benchmarks/. */
export function benchmarkIds() {
  return readdirSync(path.join(root, 'bench', 'benchmarks'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -3))
    .sort();
}

export async function buildBenchmarks() {
  await build({
    entryPoints: benchmarkIds().map((id) => path.join(root, 'bench', 'benchmarks', `${id}.ts`)),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outdir: path.join(root, 'out', 'bench'),
    outExtension: { '.js': '.cjs' },
    sourcemap: true,
    define: { __APP_VERSION__: JSON.stringify('bench') },
    plugins: [externalExceptEsmOnly, sourceFileUrl],
    logLevel: 'warning',
    absWorkingDir: root,
  });
}
