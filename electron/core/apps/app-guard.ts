/**
 * The script the sandbox puts first in an app's document, before any of the app's own:
 *
 * - **CSP reports.** A `securitypolicyviolation` listener on the window, capturing,
 *   registered before the app can register one: the window is first on every event's path,
 *   so it sees each refusal before an app's listener could stop it.
 * - **No WebRTC.** Chromium has no CSP or Permissions-Policy switch for WebRTC (it ignores
 *   the draft `webrtc` directive), and `connect-src` does not cover STUN/TURN, so an app
 *   could carry data out in TURN datagrams. The guard removes every `RTC…` constructor from
 *   the app's window and from every frame the app makes: a blank frame as soon as it exists
 *   (its `load` fires during the insertion, and our capturing listener comes first), a
 *   `srcdoc` frame by putting this same script first in its document before it loads.
 *
 * The app's own frame is a sandboxed srcdoc frame with an opaque origin; this is a second
 * wall, not the sandbox itself (see docs/security.md for what it cannot stop).
 *
 * Self-contained: its source text is sent to the browser, so it may use nothing from this
 * module. `page` is the frame's global object, untyped here because the core compiles
 * without the DOM library.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the browser's globals (see above)
function appGuard(reportKey: string, page: any): void {
  const { window, document } = page;
  window.addEventListener(
    'securitypolicyviolation',
    (e: { effectiveDirective: string; blockedURI: string; disposition: string; sample: string }) =>
      window.parent.postMessage({ [reportKey]: { type: 'csp-violation', frame: 'app', directive: e.effectiveDirective, blockedURI: e.blockedURI, disposition: e.disposition, sample: e.sample } }, '*'),
    true,
  );
  const disarm = (target: unknown) => {
    try {
      const w = target as Record<string, unknown> | null;
      if (!w) return;
      for (const name of Object.getOwnPropertyNames(w)) if (/^(webkit)?RTC/.test(name)) delete w[name];
    } catch {
      // A frame of another origin (a declared frameDomain): not ours to reach.
    }
  };
  disarm(window);
  const self: string = document.currentScript ? document.currentScript.outerHTML : '';
  document.addEventListener('load', (event: { target: { tagName?: string; contentWindow?: unknown } }) => event.target?.tagName === 'IFRAME' && disarm(event.target.contentWindow), true);
  const arm = (frame: { getAttribute(name: string): string | null; setAttribute(name: string, value: string): void; contentWindow: unknown }) => {
    const doc = frame.getAttribute('srcdoc');
    if (doc !== null && self && !doc.startsWith(self)) frame.setAttribute('srcdoc', self + doc);
    disarm(frame.contentWindow);
  };
  type Node = { nodeType: number; tagName?: string; querySelectorAll?(selector: string): ArrayLike<never> };
  new window.MutationObserver((records: Array<{ type: string; target: Node; addedNodes: ArrayLike<Node> }>) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target.tagName === 'IFRAME') arm(record.target as never);
        continue;
      }
      for (const node of Array.from(record.addedNodes)) {
        if (node.nodeType !== 1) continue;
        if (node.tagName === 'IFRAME') arm(node as never);
        for (const inner of Array.from(node.querySelectorAll?.('iframe') ?? [])) arm(inner);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['srcdoc', 'src'] });
}

/** The guard as a `<script>` element's HTML, for the sandbox to put first in an app's document. */
export function appGuardScript(reportKey: string): string {
  return `<script>(${appGuard.toString()})(${JSON.stringify(reportKey)}, globalThis);</script>`;
}

/**
 * Puts the guard first in the app's HTML, where the parser makes it the first element of
 * the real `<head>` whatever the app wrote: right after a leading doctype (and the comments
 * or whitespace a doctype may follow), else at the very start. Never by searching for
 * `<head`, which can sit in a comment, an attribute or `<header>`.
 */
export function withAppGuard(html: string, guard: string): string {
  const doctype = /^(?:\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + guard + html.slice(doctype[0].length) : guard + html;
}
