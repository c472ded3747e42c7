/**
 * Where bearer tokens for claudeai-proxy servers come from. Sign-in itself belongs to
 * the OAuth feature; the connection manager only asks for a token, and once more with
 * `refresh` after the server answered 401. No token means the server needs sign-in.
 */
import type { ServerName } from '../../../shared/config/server-config';

export interface TokenProvider {
  getToken(server: ServerName, options?: { refresh?: boolean }): Promise<string | undefined>;
}
