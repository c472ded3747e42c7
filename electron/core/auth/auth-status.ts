/** A server's sign-in state as the front ends show it: signed in or not, until when, with which client, stored where. */
import type { AuthStatus } from '../../../shared/api/auth';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { AuthContext } from './auth-context';
import { expiresAt } from './credential-store';
import { oauthUrlOf } from './oauth-url';
import { logFailure } from '../diagnostics/diagnostics';

export async function readAuthStatus(ctx: AuthContext, server: ServerName, config: ServerConfig, signingIn: boolean): Promise<AuthStatus> {
  const storage = ctx.options.secrets.info();
  const serverUrl = oauthUrlOf(config);
  const base: AuthStatus = {
    server,
    supported: serverUrl !== undefined,
    signedIn: false,
    refreshable: false,
    signingIn,
    storage: { encrypted: storage.encrypted, location: storage.location, ...(storage.warning ? { warning: storage.warning } : {}) },
  };
  const recorded = await ctx.cache.recordedAt(server).catch(logFailure(`Reading the needs-sign-in record of ${server} failed`));
  if (recorded !== undefined) base.needsAuthUntil = ctx.cache.expiresAt(recorded);
  if (!serverUrl) return base;
  const { store } = ctx;
  const [stored, client, discovery] = await Promise.all([store.tokens(server, serverUrl), store.client(server, serverUrl), store.discovery(server, serverUrl)]);
  const expiry = stored ? expiresAt(stored) : undefined;
  const clientId = config.oauth?.clientId ?? client?.client_id;
  return {
    ...base,
    signedIn: stored !== undefined,
    refreshable: stored?.tokens.refresh_token !== undefined,
    ...(expiry !== undefined ? { expiresAt: expiry } : {}),
    ...(stored?.tokens.scope ? { scope: stored.tokens.scope } : {}),
    ...(discovery?.authorizationServerUrl ? { authorizationServer: discovery.authorizationServerUrl } : {}),
    ...(clientId ? { clientId, clientRegistration: config.oauth?.clientId ? 'pre-registered' : /^https:\/\//.test(clientId) ? 'metadata-document' : 'dynamic' } : {}),
  };
}
