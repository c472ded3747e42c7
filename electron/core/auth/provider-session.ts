/**
 * The ProviderSession a WorkbenchOAuthProvider works through: one server's credentials in
 * the store, its tokens kept fresh by the token keeper, its pending step-up, and its OAuth
 * view. A session made before a sign-out or removal never stores what it gets after.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { OAuthSettings, ServerName } from '../../../shared/config/server-config';
import type { AuthContext } from './auth-context';
import { noteDiscovery } from './discovery-notes';
import { issuerOfDiscovery, sameIssuer } from './issuer';
import type { TokenKeeper } from './token-keeper';
import type { ProviderSession } from './workbench-oauth-provider';

export function providerSession(
  ctx: AuthContext,
  keeper: TokenKeeper,
  server: ServerName,
  serverUrl: string,
  settings: OAuthSettings | undefined,
  /** Whether a sign-in is under way (its discovery goes to the OAuth view). */
  signingIn: () => boolean,
): ProviderSession {
  const { store, logs, challenges } = ctx;
  const epoch = ctx.epochs.of(server);
  return {
    serverUrl,
    settings,
    currentTokens: (issuer) => keeper.current(server, serverUrl, settings, issuer),
    saveTokens: async (tokens, issuer) => {
      if (await keeper.save(server, serverUrl, settings, tokens, epoch, issuer)) ctx.changed(server);
    },
    storedClient: (issuer) => store.client(server, serverUrl, issuer),
    saveClient: (client, issuer) => store.saveClient(server, serverUrl, client, issuer),
    issuerOfClient: (clientId) => store.issuerOfClient(server, serverUrl, clientId),
    saveVerifier: (verifier) => store.saveVerifier(server, serverUrl, verifier),
    storedDiscovery: () => store.discovery(server, serverUrl),
    saveDiscovery: async (state: OAuthDiscoveryState) => {
      const before = await store.currentIssuer(server, serverUrl);
      await store.saveDiscovery(server, serverUrl, state);
      if (signingIn()) noteDiscovery(logs, server, state);
      const now = issuerOfDiscovery(state);
      if (before && now && !sameIssuer(before, now)) {
        logs.add(
          server,
          'step',
          `The server now names another authorization server: ${now} (before: ${before})`,
          `Credentials are bound to the authorization server that issued them, so the client registration and tokens from ${before} are not used with ${now}: MCP Workbench registers with ${now} again and you sign in there.`,
        );
      }
    },
    invalidate: async (scope) => {
      const kinds = scope === 'all' ? undefined : ([scope === 'client' ? 'client' : scope] as const);
      await store.delete(server, kinds);
    },
    pendingStepUp: () => challenges.stepUp(server),
    note: (title, detail) => logs.add(server, 'step', title, detail),
  };
}
