/**
 * App-wide defences applied to every web contents: no navigation away from the app, no
 * webviews, no WebRTC over UDP, and no new windows — a link that asks for one (`target="_blank"`,
 * `window.open`) opens in the user's browser when it is a clean http(s) URL, through the
 * same checked `openExternal` as every other link, and is then denied (Electron's security
 * tutorial, "Disable or limit creation of new windows"). MCP Apps cannot get here: their
 * frames are sandboxed without `allow-popups`, so Chromium refuses their popups first; an
 * app's links go through the app bridge, with the user's consent.
 */
import { app } from 'electron';
import { checkExternalUrl } from '../../shared/external-url';

export type OpenExternal = (url: string) => Promise<void>;

export function hardenWebContents(openExternal: OpenExternal, onError: (error: unknown) => void): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // An MCP App's frame has no RTC constructors (the sandbox page removes them); should one
    // survive, no STUN or TURN datagram leaves without a proxy: "WebRTC should only use TCP
    // to contact peers or servers unless the proxy server supports UDP"
    // (docs/api/web-contents.md, setWebRTCIPHandlingPolicy).
    contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
    contents.setWindowOpenHandler(({ url }) => {
      if (checkExternalUrl(url).ok) openExternal(url).catch(onError);
      return { action: 'deny' };
    });
  });
}
