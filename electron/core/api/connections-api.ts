/** ConnectionsApi: connect and disconnect on the user's request. */
import type { ConnectionsApi } from '../../../shared/api/connections';
import type { CoreContext } from './core-context';

export function createConnectionsApi(ctx: CoreContext): ConnectionsApi {
  return {
    connectServer: ({ name }) => ctx.connectQuietly(name),
    async disconnectServer({ name }) {
      ctx.configOf(name);
      await ctx.connections.disconnect(name);
      return ctx.viewOf(name);
    },
  };
}
