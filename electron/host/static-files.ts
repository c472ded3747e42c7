/** Serves the built renderer's files over HTTP, never anything outside its folder. */
import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { contentTypeOf, resolveStaticPath } from '../core/util/static-content';

export async function serveStatic(root: string, urlPath: string, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  const filePath = resolveStaticPath(root, urlPath);
  const body = filePath ? await fs.readFile(filePath).catch(() => undefined) : undefined; // unreadable or absent: answered 404.
  if (!filePath || !body) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end('Not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': contentTypeOf(filePath), 'Content-Length': body.length, ...headers });
  res.end(body);
}
