/** ServersApi: the configured servers. */
import type { ServersApi } from '../../../shared/api/servers';
import type { CoreContext } from './core-context';

export function createServersApi(ctx: CoreContext): ServersApi {
  return {
    async listServers() {
      return ctx.registry.list().map(([name, config]) => ctx.viewOf(name, config));
    },
    async addServer({ name, config }) {
      await ctx.registry.add(name, config);
      ctx.events.emit({ type: 'servers-changed' });
      return ctx.connectQuietly(name);
    },
    async removeServer({ name }) {
      ctx.configOf(name);
      await ctx.connections.forget(name);
      await ctx.registry.remove(name);
      ctx.events.emit({ type: 'servers-changed' });
    },
  };
}
