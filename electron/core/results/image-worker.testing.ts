/**
 * For tests: the image worker bundled as scripts/build.mjs builds it, into a folder inside
 * the repository (so it finds sharp in node_modules, as the built app does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export interface BuiltImageWorker {
  path: string;
  remove(): void;
}

export async function buildImageWorkerForTests(): Promise<BuiltImageWorker> {
  const root = path.resolve(__dirname, '..', '..', '..');
  const dir = mkdtempSync(path.join(root, 'node_modules', '.cache-image-worker-test-'));
  await build({ entryPoints: { 'image-worker': path.join(__dirname, 'image-worker.ts') }, bundle: true, platform: 'node', target: 'node20', format: 'cjs', outdir: dir, outExtension: { '.js': '.cjs' }, external: ['sharp'], logLevel: 'warning' });
  return { path: path.join(dir, 'image-worker.cjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
