/**
 * The desktop app's MCP Apps sandbox: the `mcp-app-sandbox://sandbox/` protocol serves the
 * same sandbox proxy page as browser mode's sandbox listener (core/apps/sandbox-page.ts),
 * on an origin of its own, distinct from `app://workbench`: Chromium's site isolation puts
 * it in a renderer process of its own, and it shares no storage, cookies or window with
 * the workbench page. Only `app://workbench` may frame it (frame-ancestors), and the page's
 * CSP frames this origin and no other (frame-src).
 *
 * An iframe always uses its embedder's session, so the handler is registered on the
 * window's (the default) session; a partition of its own would need a separate WebContentsView. The
 * app's frame inside it is sandboxed without allow-same-origin (an opaque origin), so it
 * has no storage at all. Permission requests from the sandbox (camera, microphone…) are
 * refused like every other by hardening.ts: the desktop app does not grant them yet.
 */
import { protocol } from 'electron';
import { answerSandboxRequest } from '../core/apps/sandbox-page';
import { APP_SANDBOX_SCHEME } from '../core/security/csp';
import { APP_HOST, APP_PROTOCOL } from './trusted-sender';

const SANDBOX_HOST = 'sandbox';
export const SANDBOX_ORIGIN = `${APP_SANDBOX_SCHEME}://${SANDBOX_HOST}`;
const PAGE_ORIGIN = `${APP_PROTOCOL}//${APP_HOST}`;

export const sandboxSchemePrivileges = { scheme: APP_SANDBOX_SCHEME, privileges: { standard: true, secure: true } };

/** On the default session, the window's (like the app protocol). */
export function serveSandboxProtocol(): void {
  protocol.handle(APP_SANDBOX_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== SANDBOX_HOST || (request.method !== 'GET' && request.method !== 'HEAD')) return new Response('Not found', { status: 404 });
    const answer = answerSandboxRequest(url, [PAGE_ORIGIN]);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
