/** Comparing authorization server issuer identifiers. */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';

/** Whether two issuers name the same authorization server (one trailing slash of difference is tolerated, as the SDK does). */
export function sameIssuer(a: string, b: string): boolean {
  const strip = (value: string) => value.replace(/\/$/, '');
  try {
    return strip(new URL(a).href) === strip(new URL(b).href);
  } catch {
    return strip(a) === strip(b);
  }
}

/** The issuer a discovery found: the one the SDK binds credentials to (the metadata's, else the authorization server URL). */
export function issuerOfDiscovery(state: OAuthDiscoveryState | undefined): string | undefined {
  if (!state?.authorizationServerUrl) return undefined;
  return state.authorizationServerMetadata?.issuer ?? String(state.authorizationServerUrl);
}
