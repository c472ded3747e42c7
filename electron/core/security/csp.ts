/**
 * The renderer's Content-Security-Policy, the same in the Electron window and in
 * browser mode except for where it may connect (IPC needs nothing; browser mode
 * needs its own WebSocket) and which one origin it may frame: the MCP Apps sandbox
 * (browser mode's sandbox listener, the desktop app's sandbox protocol). Without
 * one, nothing may be framed (default-src 'none').
 */
export function rendererCsp(connectSources: readonly string[] = [], frameSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    ...(frameSources.length > 0 ? [`frame-src ${frameSources.join(' ')}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The policy the page carries itself, in a `<meta>` tag of index.html: a second line of
 * defence if a server ever forgets the header (both policies apply; the stricter wins).
 * The browser host's port is not known at build time, so any loopback port may be
 * reached, and any loopback port (or the desktop sandbox scheme) framed; the header narrows
 * both to the real ones. `frame-ancestors` is dropped
 * because browsers ignore it in a meta tag.
 */
export function rendererMetaCsp(): string {
  return rendererCsp(['ws://127.0.0.1:*', 'ws://localhost:*'], [...LOOPBACK_SANDBOX_SOURCES, `${APP_SANDBOX_SCHEME}:`])
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
}

/** The desktop app's MCP Apps sandbox scheme (electron/shell/app-sandbox-protocol.ts). */
export const APP_SANDBOX_SCHEME = 'mcp-app-sandbox';
const LOOPBACK_SANDBOX_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'];
