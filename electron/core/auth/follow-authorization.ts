import { ignoreFailure } from '../diagnostics/diagnostics';

/**
 * Completes a sign-in whose authorization page approves without a user (test
 * authorization servers, the conformance suite's): GETs the authorization URL and
 * follows its redirects, the way a browser would, until the loopback callback has
 * answered. For tests and the conformance client, never for a real sign-in: there the
 * user's browser shows the page.
 */
const MAX_REDIRECTS = 10;

export async function followAuthorization(authorizationUrl: string, fetchFn: typeof fetch = fetch): Promise<Response> {
  let url = authorizationUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetchFn(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel().catch(ignoreFailure('the body of a redirect nobody reads'));
    url = new URL(location, url).href;
  }
  throw new Error(`More than ${MAX_REDIRECTS} redirects from the authorization page.`);
}
