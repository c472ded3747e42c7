/** ServerConsoleApi: a server's console (stderr and log messages), its log level, ping. */
import type { ServerConsoleApi } from '../../../shared/api/server-console';
import type { ConsoleService } from '../console/console-service';
import type { CoreContext } from './core-context';

export function createServerConsoleApi(ctx: CoreContext, console: ConsoleService): ServerConsoleApi {
  return {
    async getServerConsole({ server }) {
      ctx.configOf(server);
      return console.view(server);
    },
    async clearServerConsole({ server }) {
      ctx.configOf(server);
      console.clear(server);
    },
    setLogLevel: async ({ server, level }) => console.setLevel(server, ctx.configOf(server), level),
    pingServer: async ({ server }) => console.ping(server, ctx.configOf(server)),
  };
}
