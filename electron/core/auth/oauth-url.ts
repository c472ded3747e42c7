/** Which servers sign in with OAuth, and at which URL. */
import { transportOf, type ServerConfig } from '../../../shared/config/server-config';

/** The transports that sign in with OAuth. */
export const OAUTH_TRANSPORTS = new Set(['sse', 'http', 'claudeai-proxy']);

/** The URL of a server that signs in with OAuth, or undefined for other transports. */
export function oauthUrlOf(config: ServerConfig): string | undefined {
  const url = (config as { url?: unknown }).url;
  return OAUTH_TRANSPORTS.has(transportOf(config)) && typeof url === 'string' ? url : undefined;
}
