// Bundles the benchmarks (TypeScript, importing the core from source) into
// out/bench/*.cjs with esbuild, the way scripts/build.mjs bundles the app: npm packages
// stay external and load from node_modules at run time (the ESM-only ones are carried in).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { externalExceptEsmOnly } from '../scripts/lib/esm-only-packages.mjs';

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

/** Benchmark ids: the files in bench/benchmarks/. */
export function benchmarkIds() {
  return readdirSync(path.join(root, 'bench', 'benchmarks'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -3))
    .sort();
}

export async function buildBenchmarks() {
  const entryPoints = Object.fromEntries(benchmarkIds().map((id) => [id, path.join(root, 'bench', 'benchmarks', `${id}.ts`)]));
  // The core finds its image worker beside itself (electron/core/results/image-fitter.ts): the benchmarks' bundles too.
  entryPoints['image-worker'] = path.join(root, 'electron', 'core', 'results', 'image-worker.ts');
  await build({
    entryPoints,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outdir: path.join(root, 'out', 'bench'),
    outExtension: { '.js': '.cjs' },
    sourcemap: true,
    define: { __APP_VERSION__: JSON.stringify('bench') },
    plugins: [sourceFileUrl, externalExceptEsmOnly],
    logLevel: 'warning',
    absWorkingDir: root,
  });
}
