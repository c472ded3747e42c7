/**
 * The ProviderSession a WorkbenchOAuthProvider works through: one server's credentials in
 * the store, its tokens kept fresh by the token keeper, its pending step-up, and its OAuth
 * view. A session made before a sign-out or removal never stores what it gets after.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { OAuthSettings, ServerName } from '../../../shared/config/server-config';
import type { AuthContext } from './auth-context';
import { noteDiscovery } from './discovery-notes';
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
    currentTokens: () => keeper.current(server, serverUrl, settings),
    saveTokens: async (tokens) => {
      if (await keeper.save(server, serverUrl, settings, tokens, epoch)) ctx.changed(server);
    },
    storedClient: () => store.client(server, serverUrl),
    saveClient: (client) => store.saveClient(server, serverUrl, client),
    saveVerifier: (verifier) => store.saveVerifier(server, serverUrl, verifier),
    storedDiscovery: () => store.discovery(server, serverUrl),
    saveDiscovery: async (state: OAuthDiscoveryState) => {
      await store.saveDiscovery(server, serverUrl, state);
      if (signingIn()) noteDiscovery(logs, server, state);
    },
    invalidate: async (scope) => {
      const kinds = scope === 'all' ? undefined : ([scope === 'client' ? 'client' : scope] as const);
      await store.delete(server, kinds);
    },
    pendingStepUp: () => challenges.stepUp(server),
    note: (title, detail) => logs.add(server, 'step', title, detail),
  };
}
