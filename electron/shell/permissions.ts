/**
 * Which web permissions the desktop app grants, to whom. Chromium first checks a permission
 * and, where the check says no, asks for it; Electron hands both to the session's handlers
 * (docs/api/session.md, `setPermissionCheckHandler` and `setPermissionRequestHandler`:
 * "you must also implement setPermissionRequestHandler to get complete permission
 * handling").
 *
 * - The workbench page itself (the top frame of `app://workbench`) may write to the
 *   clipboard (Copy buttons use `navigator.clipboard.writeText`, which needs
 *   `clipboard-sanitized-write`) and nothing else.
 * - An MCP App may use what the user granted it: the page then names it in the `allow`
 *   attribute of the app's frames (AppView.tsx, and the sandbox page's inner frame), and
 *   Chromium's Permissions Policy refuses the feature, before any handler, in a cross-origin
 *   frame it was not delegated to. So a subframe of our window asking for one of the app
 *   permissions has the user's grant behind it; nothing outside that list is ever granted.
 * - Everything else, from anywhere, is refused.
 */
import type { Session, WebContents } from 'electron';
import { SANDBOX_ORIGIN } from './app-sandbox-protocol';
import { APP_HOST, APP_PROTOCOL } from './trusted-sender';

export const PAGE_ORIGIN = `${APP_PROTOCOL}//${APP_HOST}`;

/** What the workbench page may use. */
const PAGE_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);
/** What an MCP App may use once the user granted it (AppPermissions in shared/api/apps.ts): clipboard write, camera and microphone, location. */
const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'media', 'geolocation']);

interface PermissionAsk {
  permission: string;
  /** The web contents the asking frame belongs to; null for some checks (cross-origin subframes). */
  ourWindow: boolean | undefined;
  isMainFrame: boolean;
  /** The asking frame's origin (checks) or last URL (requests). */
  requesting: string | undefined;
  /** The origin of the frame that embeds the asking one (checks from cross-origin subframes only). */
  embedding?: string | undefined;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    // Node's URL gives non-special schemes an opaque origin: compare by parts.
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

function permissionGranted(ask: PermissionAsk): boolean {
  if (ask.ourWindow === false) return false;
  if (ask.isMainFrame) return ask.ourWindow === true && originOf(ask.requesting) === PAGE_ORIGIN && PAGE_PERMISSIONS.has(ask.permission);
  if (!APP_PERMISSIONS.has(ask.permission)) return false;
  // A subframe: the app's sandbox page (embedded by the workbench) or the app inside it (embedded by the sandbox page).
  if (ask.embedding !== undefined) return ask.embedding === PAGE_ORIGIN || ask.embedding === SANDBOX_ORIGIN;
  return ask.ourWindow === true;
}

/** Installs the policy on a session; `isOurs` tells the app's own web contents. */
export function applyPermissionPolicy(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>, isOurs: (contents: WebContents) => boolean): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(permissionGranted({ permission, ourWindow: isOurs(contents), isMainFrame: details.isMainFrame, requesting: details.requestingUrl }));
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    permissionGranted({ permission, ourWindow: contents ? isOurs(contents) : undefined, isMainFrame: details.isMainFrame, requesting: requestingOrigin, embedding: details.embeddingOrigin }),
  );
}
