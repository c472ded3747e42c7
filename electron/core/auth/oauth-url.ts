/** Which servers sign in with OAuth, and at which URL. */
import { OAUTH_TRANSPORTS, transportOf, type ServerConfig } from '../../../shared/config/server-config';

/** The URL of a server that signs in with OAuth, or undefined for other transports. */
export function oauthUrlOf(config: ServerConfig): string | undefined {
  const url = (config as { url?: unknown }).url;
  return OAUTH_TRANSPORTS.has(transportOf(config)) && typeof url === 'string' ? url : undefined;
}
