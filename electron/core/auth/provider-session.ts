/**
 * The ProviderSession a WorkbenchOAuthProvider works through: one server's credentials in
 * the store, its tokens kept fresh by the token keeper, its pending step-up, and its OAuth
 * view. A session made before a sign-out or removal never stores what it gets after, and a
 * sign-in's session stops writing anything (credentials, its steps in the OAuth view) once
 * a newer sign-in of the server took over: the one under way exchanges its code with the
 * client it registered itself, whatever the one it replaced still does.
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
  /** A sign-in's session: whether that sign-in is still the server's current one (no: its writes are dropped). */
  current: () => boolean = () => true,
): ProviderSession {
  const { store, logs, challenges } = ctx;
  const epoch = ctx.epochs.of(server);
  /** Runs a write only while this session's sign-in is the current one. */
  const ifCurrent = async (write: () => Promise<void>): Promise<void> => {
    if (current()) await write();
  };
  return {
    serverUrl,
    settings,
    currentTokens: (issuer) => keeper.current(server, serverUrl, settings, issuer),
    saveTokens: (tokens, issuer) =>
      ifCurrent(async () => {
        if (await keeper.save(server, serverUrl, settings, tokens, epoch, issuer)) ctx.changed(server);
      }),
    storedClient: (issuer) => store.client(server, serverUrl, issuer),
    saveClient: (client, issuer) => ifCurrent(() => store.saveClient(server, serverUrl, client, issuer)),
    issuerOfClient: (clientId) => store.issuerOfClient(server, serverUrl, clientId),
    storedDiscovery: () => store.discovery(server, serverUrl),
    saveDiscovery: (state: OAuthDiscoveryState) => ifCurrent(() => saveDiscovery(state)),
    invalidate: (scope) =>
      ifCurrent(async () => {
        const kinds = scope === 'all' ? undefined : ([scope === 'client' ? 'client' : scope] as const);
        await store.delete(server, kinds);
      }),
    pendingStepUp: () => challenges.stepUp(server),
    note: (title, detail) => {
      if (current()) logs.add(server, 'step', title, detail);
    },
  };

  async function saveDiscovery(state: OAuthDiscoveryState): Promise<void> {
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
  }
}
