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
