/**
 * The renderer's Content-Security-Policy, the same in the Electron window and in
 * browser mode except for where it may connect (IPC needs nothing; browser mode
 * needs its own WebSocket).
 */
export function rendererCsp(connectSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
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
 * reached; the header narrows that to the real one. `frame-ancestors` is dropped
 * because browsers ignore it in a meta tag.
 */
export function rendererMetaCsp(): string {
  return rendererCsp(['ws://127.0.0.1:*', 'ws://localhost:*'])
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
}
