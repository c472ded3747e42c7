// The AppApi's method → IPC channel table, read from shared/api at build time, for the
// preload (which must not bundle the channel schemas: zod and its locales would make it
// ~800 KB, loaded into every page). Evaluated from an in-memory esbuild bundle of the table.
import { build } from 'esbuild';

/** @returns {Promise<Record<string, string>>} */
export async function readChannelMap() {
  const result = await build({
    entryPoints: ['shared/api/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: /** @type {Record<string, unknown>} */ ({}) };
  const [bundle] = result.outputFiles ?? [];
  if (!bundle) throw new Error('esbuild produced no bundle of the channel table.');
  new Function('module', 'exports', bundle.text)(module, module.exports);
  const channels = /** @type {Record<string, { channel: string }>} */ (module.exports.channels);
  const map = Object.fromEntries(Object.entries(channels).map(([method, entry]) => [method, entry.channel]));
  if (Object.keys(map).length === 0) throw new Error('The channel table is empty.');
  return map;
}
