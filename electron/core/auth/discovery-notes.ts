/** The OAuth view's account of what a sign-in's discovery found (RFC 9728, then RFC 8414 or OpenID). */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { ServerName } from '../../../shared/config/server-config';
import type { SignInLogs } from './sign-in-log';

export function noteDiscovery(logs: SignInLogs, server: ServerName, state: OAuthDiscoveryState): void {
  if (state.resourceMetadata) {
    logs.add(server, 'step', 'Found the protected resource metadata (RFC 9728)', JSON.stringify(state.resourceMetadata, null, 2));
  } else {
    logs.add(server, 'step', 'The server publishes no protected resource metadata: its own origin is taken as the authorization server');
  }
  if (state.authorizationServerMetadata) {
    logs.add(server, 'step', `Found the authorization server metadata of ${state.authorizationServerUrl}`, JSON.stringify(state.authorizationServerMetadata, null, 2));
  } else {
    logs.add(server, 'step', `${state.authorizationServerUrl} publishes no metadata (RFC 8414 or OpenID): using its default /authorize, /token and /register`);
  }
}
