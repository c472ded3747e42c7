/**
 * The JavaScript a page loads before its first screen: the module scripts and
 * modulepreload links in index.html, and everything they import statically, followed
 * through the built files (es-module-lexer reads the imports). Dynamic `import()`s are
 * loaded later, on demand (the JSON editor), so they are not followed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

export interface BuiltFile {
  /** Path relative to the renderer folder. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Static import (es-module-lexer's kind 1); 2 is import(), 3 import.meta. */
const STATIC_IMPORT = 1;

/** A file's size and its size gzipped at level 9 (what a server compressing it would send). */
async function sizes(file: string, rendererDir: string): Promise<BuiltFile> {
  const data = await fs.readFile(file);
  return { file: path.relative(rendererDir, file), bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
}

/** Every JavaScript file the first screen loads, from index.html through static imports. */
export async function firstScreenScripts(rendererDir: string): Promise<BuiltFile[]> {
  await init;
  const html = await fs.readFile(path.join(rendererDir, 'index.html'), 'utf8');
  const entries = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  if (entries.length === 0) throw new Error(`${rendererDir}/index.html loads no module script`);
  const seen = new Set<string>();
  const queue = entries.map((src) => path.resolve(rendererDir, src));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const [imports] = parse(await fs.readFile(file, 'utf8'));
    for (const entry of imports) {
      if (entry.t === STATIC_IMPORT && entry.n?.startsWith('.')) queue.push(path.resolve(path.dirname(file), entry.n));
    }
  }
  return Promise.all([...seen].map((file) => sizes(file, rendererDir)));
}

/** Every JavaScript file of the build, lazy ones included. */
export async function allScripts(rendererDir: string): Promise<BuiltFile[]> {
  const assets = path.join(rendererDir, 'assets');
  const names = (await fs.readdir(assets)).filter((name) => name.endsWith('.js'));
  return Promise.all(names.map((name) => sizes(path.join(assets, name), rendererDir)));
}
