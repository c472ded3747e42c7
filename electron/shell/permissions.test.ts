/**
 * The desktop app's permission policy, through the handlers Electron calls, with the
 * arguments Electron documents (docs/api/session.md): the request handler gets
 * `(webContents, permission, callback, { requestingUrl, isMainFrame })`; the check handler
 * `(webContents | null, permission, requestingOrigin, { embeddingOrigin?, isMainFrame,
 * requestingUrl? })` — "all cross origin sub frames making permission checks will pass a
 * null webContents", with `embeddingOrigin` "only set for cross-origin sub frames".
 * Chromium checks first and asks only when the check says no, so both must agree.
 */
import type { Session, WebContents } from 'electron';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORIGIN } from './app-sandbox-protocol';
import { applyPermissionPolicy, PAGE_ORIGIN } from './permissions';

type RequestHandler = (contents: WebContents, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string; isMainFrame: boolean }) => void;
type CheckHandler = (contents: WebContents | null, permission: string, requestingOrigin: string, details: { embeddingOrigin?: string; isMainFrame: boolean; requestingUrl?: string }) => boolean;

const ours = { id: 1 } as WebContents;
const foreign = { id: 2 } as WebContents;
let request: RequestHandler;
let check: CheckHandler;

beforeAll(() => {
  const session = {
    setPermissionRequestHandler: (handler: RequestHandler) => void (request = handler),
    setPermissionCheckHandler: (handler: CheckHandler) => void (check = handler),
  } as unknown as Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;
  applyPermissionPolicy(session, (contents) => contents.id === ours.id);
});

function requested(contents: WebContents, permission: string, requestingUrl: string, isMainFrame: boolean): boolean {
  let answer: boolean | undefined;
  request(contents, permission, (granted) => (answer = granted), { requestingUrl, isMainFrame });
  if (answer === undefined) throw new Error('the request handler never answered');
  return answer;
}

const EVERY_PERMISSION = ['clipboard-read', 'clipboard-sanitized-write', 'display-capture', 'fullscreen', 'geolocation', 'idle-detection', 'media', 'mediaKeySystem', 'midi', 'midiSysex', 'notifications', 'pointerLock', 'keyboardLock', 'openExternal', 'speaker-selection', 'storage-access', 'top-level-storage-access', 'window-management', 'unknown', 'fileSystem', 'hid', 'serial', 'usb'];

describe('the workbench page (top frame of app://workbench)', () => {
  it('may write to the clipboard, so Copy works with navigator.clipboard (check and request)', () => {
    expect(check(ours, 'clipboard-sanitized-write', PAGE_ORIGIN, { isMainFrame: true, requestingUrl: `${PAGE_ORIGIN}/index.html` })).toBe(true);
    expect(requested(ours, 'clipboard-sanitized-write', `${PAGE_ORIGIN}/index.html`, true)).toBe(true);
  });

  it('gets nothing else', () => {
    for (const permission of EVERY_PERMISSION.filter((name) => name !== 'clipboard-sanitized-write')) {
      expect(check(ours, permission, PAGE_ORIGIN, { isMainFrame: true, requestingUrl: `${PAGE_ORIGIN}/index.html` }), permission).toBe(false);
      expect(requested(ours, permission, `${PAGE_ORIGIN}/index.html`, true), permission).toBe(false);
    }
  });
});

describe('an MCP App (a subframe the page delegated a feature to with allow=…)', () => {
  it('may use what a user can grant an app: clipboard write, camera/microphone, location', () => {
    for (const permission of ['clipboard-sanitized-write', 'media', 'geolocation']) {
      // The sandbox page, embedded by the workbench; the app inside it (opaque origin), embedded by the sandbox page.
      expect(check(null, permission, SANDBOX_ORIGIN, { isMainFrame: false, embeddingOrigin: PAGE_ORIGIN }), permission).toBe(true);
      expect(check(null, permission, 'null', { isMainFrame: false, embeddingOrigin: SANDBOX_ORIGIN }), permission).toBe(true);
      expect(requested(ours, permission, 'about:srcdoc', false), permission).toBe(true);
    }
  });

  it('gets nothing an app cannot be granted', () => {
    for (const permission of EVERY_PERMISSION.filter((name) => !['clipboard-sanitized-write', 'media', 'geolocation'].includes(name))) {
      expect(check(null, permission, SANDBOX_ORIGIN, { isMainFrame: false, embeddingOrigin: PAGE_ORIGIN }), permission).toBe(false);
      expect(requested(ours, permission, 'about:srcdoc', false), permission).toBe(false);
    }
  });

  it('is refused when embedded anywhere else', () => {
    expect(check(null, 'media', 'https://evil.example', { isMainFrame: false, embeddingOrigin: 'https://evil.example' })).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', 'https://evil.example', { isMainFrame: false, embeddingOrigin: 'null' })).toBe(false);
  });
});

describe('anything that is not our window, or a page from elsewhere', () => {
  it('gets nothing', () => {
    for (const permission of EVERY_PERMISSION) {
      expect(requested(foreign, permission, `${PAGE_ORIGIN}/index.html`, true), permission).toBe(false);
      expect(check(foreign, permission, PAGE_ORIGIN, { isMainFrame: true }), permission).toBe(false);
      expect(requested(ours, permission, 'https://evil.example/', true), permission).toBe(false);
      expect(check(ours, permission, 'https://evil.example', { isMainFrame: true }), permission).toBe(false);
      expect(check(ours, permission, 'file://', { isMainFrame: true }), permission).toBe(false);
      expect(check(null, permission, PAGE_ORIGIN, { isMainFrame: true }), permission).toBe(false);
    }
  });
});
