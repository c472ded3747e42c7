/**
 * The only way the app opens something outside itself: the user's browser, for an
 * `http:` or `https:` URL that parses cleanly. `shell.openExternal` hands any URL to the
 * operating system, which would run `file:` paths, `smb:` shares and every registered
 * app scheme, so nothing else gets through. (Used for sign-in pages and links.)
 */
import { shell } from 'electron';
import { AppError } from '../../shared/envelope';
import { checkExternalUrl } from '../../shared/external-url';

export { checkExternalUrl,  } from '../../shared/external-url';

/** Opens the URL in the default browser, or throws an AppError naming why it was refused. */
export async function openExternal(url: unknown): Promise<void> {
  const verdict = checkExternalUrl(url);
  if (!verdict.ok) {
    const shown = typeof url === 'string' ? `"${url.slice(0, 100)}${url.length > 100 ? '…' : ''}"` : 'this value';
    throw new AppError('invalid-request', `Refusing to open ${shown}: ${verdict.reason}.`);
  }
  // The one reviewed openExternal call: only a URL that passed checkExternalUrl gets here
  // (accepted in scripts/security-scan.mjs, REVIEWED, with this reason).
  await shell.openExternal(verdict.url);
}
