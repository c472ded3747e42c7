/**
 * Decides whether an IPC message comes from our own window: the top-level frame of a
 * window we created, showing a page from our app protocol. Messages from iframes, from
 * other windows, or from a page that somehow navigated elsewhere are dropped.
 */
export const APP_PROTOCOL = 'app:';
export const APP_HOST = 'workbench';

export interface SenderFacts {
  /** webContents id of the sender. */
  webContentsId: number;
  /** URL of the frame that sent the message, if it still exists. */
  frameUrl: string | undefined;
  /** Whether that frame is the top-level frame of its page. */
  isTopFrame: boolean;
}

export function isTrustedSender(sender: SenderFacts, ourWebContentsIds: ReadonlySet<number>): boolean {
  if (!ourWebContentsIds.has(sender.webContentsId) || !sender.isTopFrame || !sender.frameUrl) return false;
  try {
    // Compared by parts: Node's URL gives non-special schemes an opaque "null" origin.
    const url = new URL(sender.frameUrl);
    return url.protocol === APP_PROTOCOL && url.host === APP_HOST;
  } catch {
    return false;
  }
}
