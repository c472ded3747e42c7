/**
 * The sandbox proxy page (the ext-apps double-frame pattern): served on an origin of its
 * own, framed by the workbench page, it puts the app's HTML in an inner srcdoc frame
 * (sandboxed without allow-same-origin: an opaque origin that can reach neither this
 * page nor the workbench) and relays the `ui/*` JSON-RPC messages between the two.
 * It never sees the browser host's token or window.api. Used by browser mode's sandbox
 * listener and by the desktop app's sandbox protocol alike.
 */
import type { AppCsp } from '../../../shared/api/apps';
import { appCsp } from './app-csp';
import { appGuardScript, withAppGuard } from './app-guard';
import { cspOf } from './app-resource';

interface SecurityEvent {
  effectiveDirective: string;
  blockedURI: string;
  disposition: string;
}

export const SANDBOX_PROXY_SCRIPT_PATH = '/sandbox-proxy.js';

/** The envelope the sandbox uses for its own reports (never JSON-RPC, so never mistaken for the app's). */
const SANDBOX_REPORT_KEY = 'mcpWorkbenchSandbox';

export interface SandboxAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/**
 * Answers one request to the sandbox origin: `/` (the proxy page, `?parent=` the framing
 * page's origin, which must be one of `parents`, and `?csp=` the app's CSP as base64url
 * JSON) or the proxy script. Anything else is 404.
 */
export function answerSandboxRequest(url: URL, parents: readonly string[]): SandboxAnswer {
  if (url.pathname === SANDBOX_PROXY_SCRIPT_PATH) {
    return { status: 200, headers: { ...COMMON, 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Security-Policy': "default-src 'none'" }, body: SANDBOX_PROXY_SCRIPT };
  }
  if (url.pathname !== '/') return plain(404, 'Not found');
  const parent = url.searchParams.get('parent') ?? '';
  if (!parents.includes(parent)) return plain(403, 'This page is only shown inside MCP Workbench.');
  const csp = decodeCsp(url.searchParams.get('csp'));
  const page = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta name="mcp-host-origin" content="${escapeAttribute(parent)}">`,
    '<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>',
    `<script src="${SANDBOX_PROXY_SCRIPT_PATH}"></script>`,
    '</head><body></body></html>',
  ].join('');
  return { status: 200, headers: { ...COMMON, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': appCsp(csp, parent) }, body: page };
}

/** The app's CSP from the page URL: base64url JSON, checked again here (the URL is not trusted). */
export function decodeCsp(param: string | null): AppCsp {
  if (!param) return {};
  try {
    return cspOf(JSON.parse(Buffer.from(param, 'base64url').toString('utf8')));
  } catch {
    return {};
  }
}

function plain(status: number, text: string): SandboxAnswer {
  return { status, headers: { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" }, body: `${text}\n` };
}

function escapeAttribute(text: string): string {
  return text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Runs in the proxy page. Self-contained (it is sent as its own source text): it may use
 * nothing from this module. `page` is the page's global object, untyped here because the
 * core compiles without the DOM library.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the browser's globals (see above)
function sandboxProxy(reportKey: string, page: any, guard: string, placeGuard: (html: string, guard: string) => string): void {
  const { window, document } = page;
  const hostOrigin: string = document.querySelector('meta[name="mcp-host-origin"]')?.content ?? '';
  const report = (detail: Record<string, unknown>) => window.parent.postMessage({ [reportKey]: detail }, hostOrigin);
  // The proxy's own refusals are reported like the app's.
  document.addEventListener('securitypolicyviolation', (event: SecurityEvent) =>
    report({ type: 'csp-violation', frame: 'sandbox', directive: event.effectiveDirective, blockedURI: event.blockedURI, disposition: event.disposition }),
  );
  const inner = document.createElement('iframe');
  // No allow-same-origin: the app's origin is opaque. No top navigation, no popups.
  inner.setAttribute('sandbox', 'allow-scripts allow-forms');
  inner.title = 'MCP App';
  let loaded = false;
  window.addEventListener('message', (event: { source: unknown; origin: string; data: unknown }) => {
    if (event.source === window.parent) {
      if (event.origin !== hostOrigin) return;
      const data = event.data as { method?: unknown; params?: { html?: unknown; permissions?: Record<string, unknown> } } | null;
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
        // One app per sandbox page: a second document is never loaded into it.
        if (loaded || typeof data.params?.html !== 'string') return;
        loaded = true;
        const granted = data.params.permissions ?? {};
        const features = [['camera', 'camera'], ['microphone', 'microphone'], ['geolocation', 'geolocation'], ['clipboardWrite', 'clipboard-write']]
          .filter(([name]) => granted[name as string])
          .map(([, feature]) => `${feature} *`);
        if (features.length > 0) inner.setAttribute('allow', features.join('; '));
        // First in the app's document: the CSP reporter and the WebRTC guard (app-guard.ts).
        inner.srcdoc = placeGuard(data.params.html, guard);
        document.body.appendChild(inner);
        return;
      }
      inner.contentWindow?.postMessage(event.data, '*');
    } else if (event.source === inner.contentWindow && event.source !== null) {
      window.parent.postMessage(event.data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin);
}

interface SecurityEvent {
  effectiveDirective: string;
  blockedURI: string;
  disposition: string;
}

const SANDBOX_PROXY_SCRIPT = `(${sandboxProxy.toString()})(${JSON.stringify(SANDBOX_REPORT_KEY)}, globalThis, ${JSON.stringify(appGuardScript(SANDBOX_REPORT_KEY))}, ${withAppGuard.toString()});\n`;
