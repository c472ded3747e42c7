/**
 * Where a sign-in's browser comes back: a loopback callback listener on the port the
 * server's settings name, else on the one its stored registration names (so the
 * registration's redirect URI still fits, when that port is free), else on any.
 */
import type { OAuthClientInformationMixed } from '@modelcontextprotocol/client';
import type { OAuthSettings, ServerName } from '../../../shared/config/server-config';
import type { AuthContext } from './auth-context';
import { startCallbackListener, type CallbackListener } from './callback-listener';

export async function listenForCallback(ctx: AuthContext, server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, state: string): Promise<CallbackListener> {
  const onRequest = (event: { path: string; accepted: boolean; reason?: string }) => {
    if (!event.accepted) ctx.logs.add(server, 'error', `Refused a request to the callback listener (${event.reason ?? 'refused'}): ${event.path}`);
  };
  const timeoutMs = ctx.options.callbackTimeoutMs;
  const common = { state, onRequest, ...(timeoutMs ? { timeoutMs } : {}) };
  if (settings?.callbackPort) {
    try {
      return await startCallbackListener({ ...common, port: settings.callbackPort });
    } catch (error) {
      throw new Error(`could not listen on 127.0.0.1:${settings.callbackPort} (the server's oauth.callbackPort): ${(error as Error).message}`, { cause: error });
    }
  }
  const previous = registeredPort(await ctx.store.client(server, serverUrl));
  if (previous) {
    try {
      return await startCallbackListener({ ...common, port: previous });
    } catch {
      // Taken: any port, and the client registers again with the new redirect URI.
    }
  }
  return startCallbackListener({ ...common, port: 0 });
}

/** The loopback port a dynamically registered client's redirect URI names. */
function registeredPort(client: OAuthClientInformationMixed | undefined): number | undefined {
  const uri = client && 'redirect_uris' in client && Array.isArray(client.redirect_uris) ? String(client.redirect_uris[0] ?? '') : '';
  const match = /^http:\/\/127\.0\.0\.1:(\d+)\//.exec(uri);
  return match ? Number(match[1]) : undefined;
}
