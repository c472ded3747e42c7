/** The sandbox page's URL for one app: who frames it (checked by the sandbox) and the app's CSP. */
import type { AppCsp } from '../../../../shared/api/apps';

export function sandboxPageUrl(sandboxUrl: string, parentOrigin: string, csp: AppCsp): string {
  const url = new URL(sandboxUrl);
  url.searchParams.set('parent', parentOrigin);
  url.searchParams.set('csp', base64url(JSON.stringify(csp)));
  return url.toString();
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
