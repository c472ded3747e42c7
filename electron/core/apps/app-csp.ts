/**
 * The Content-Security-Policy an app runs under, built from its `_meta.ui.csp` (origins
 * already checked by cspOf). It is sent as a header on the sandbox proxy page, and the
 * app's srcdoc frame inherits it, so the app cannot loosen it. Without declared origins
 * an app reaches nothing: no fetch, no WebSocket, no scripts or images from anywhere but
 * itself (inline) and data:/blob: URLs.
 */
import type { AppCsp } from '../../../shared/api/apps';
import { cspOf } from './app-resource';

export function appCsp(given: AppCsp, parentOrigin: string): string {
  const csp = cspOf(given);
  const resources = (csp.resourceDomains ?? []).join(' ');
  const list = (sources: string) => sources.trim().replace(/\s+/g, ' ');
  return [
    "default-src 'none'",
    // 'self' is the sandbox origin, which serves the proxy script and nothing else.
    list(`script-src 'self' 'unsafe-inline' ${resources}`),
    list(`style-src 'unsafe-inline' data: blob: ${resources}`),
    list(`img-src data: blob: ${resources}`),
    list(`font-src data: blob: ${resources}`),
    list(`media-src data: blob: ${resources}`),
    list(`worker-src blob: ${resources}`),
    csp.connectDomains ? `connect-src ${csp.connectDomains.join(' ')}` : "connect-src 'none'",
    csp.frameDomains ? `frame-src ${csp.frameDomains.join(' ')}` : "frame-src 'none'",
    csp.baseUriDomains ? `base-uri ${csp.baseUriDomains.join(' ')}` : "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    // CSP Level 3's WebRTC switch, for browsers that know it (Chromium ignores it: app-guard.ts does the work there).
    "webrtc 'block'",
    // Only the workbench's own page may frame the sandbox.
    `frame-ancestors ${parentOrigin}`,
  ].join('; ');
}
