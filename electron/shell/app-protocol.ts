/**
 * The `app://workbench/` protocol the renderer is loaded from (never file://, so the
 * page has a real origin, a CSP header, and no access to the file system).
 */
import fs from 'node:fs/promises';
import { protocol } from 'electron';
import { rendererCsp } from '../core/security/csp';
import { contentTypeOf, resolveStaticPath } from '../core/util/static-content';
import { SANDBOX_ORIGIN, sandboxSchemePrivileges } from './app-sandbox-protocol';
import { APP_HOST, APP_PROTOCOL } from './trusted-sender';

export const APP_SCHEME = APP_PROTOCOL.slice(0, -1);
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Must run before the app is ready; registers the MCP Apps sandbox scheme too (one call
 * takes them all). `codeCache` keeps V8's compiled code of the page's scripts between
 * starts, as for http(s) pages; it "only works when standard is also set to true"
 * (docs/api/structures/custom-scheme.md).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }, sandboxSchemePrivileges]);
}

export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const filePath = url.host === APP_HOST ? resolveStaticPath(rendererDir, url.pathname) : undefined;
    const body = filePath ? await fs.readFile(filePath).catch(() => undefined) : undefined; // unreadable or absent: answered 404.
    if (!filePath || !body) return new Response('Not found', { status: 404 });
    return new Response(body, {
      headers: {
        'Content-Type': contentTypeOf(filePath),
        'Content-Security-Policy': rendererCsp([], [SANDBOX_ORIGIN]),
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
