/** AuthApi: sign in through the browser, sign out, the sign-in state and the OAuth view's log. */
import type { AuthApi } from '../../../shared/api/auth';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { AuthService } from '../auth/auth-service';
import type { CoreContext } from './core-context';
import { ignoreFailure } from '../diagnostics/diagnostics';

export function createAuthApi(ctx: CoreContext, auth: AuthService, resolveLaunch: (name: ServerName, config: ServerConfig) => Promise<ServerConfig>): AuthApi {
  return {
    async signIn({ name }) {
      const config = ctx.configOf(name);
      // Resolved, so a pre-registered client secret kept in the secret store is filled in.
      await auth.signIn(name, await resolveLaunch(name, config));
      // The SDK's rule: after the code exchange, a new transport and a new connection.
      await ctx.connections.reconnect(name, config).catch(ignoreFailure('the reconnect after sign-in: its failure shows in the server\'s row'));
      return ctx.viewOf(name);
    },
    async cancelSignIn({ name }) {
      ctx.configOf(name);
      auth.cancelSignIn(name);
    },
    async signOut({ name }) {
      ctx.configOf(name);
      await ctx.connections.disconnect(name);
      await auth.signOut(name);
      return ctx.viewOf(name);
    },
    getAuthStatus: ({ name }) => auth.status(name, ctx.configOf(name)),
    async getOAuthLog({ name }) {
      ctx.configOf(name);
      return auth.logs.get(name);
    },
  };
}
