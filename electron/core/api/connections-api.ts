/** ConnectionsApi: connect, disconnect and reconnect on the user's request; running IDEs. */
import type { ConnectionsApi, IdeServerOffer } from '../../../shared/api/connections';
import { ServerNameSchema } from '../../../shared/config/server-config';
import { ideServerUrl, runningIdes } from '../connections/transports/ide-lockfiles';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';

export function createConnectionsApi(ctx: CoreContext, calls: CancellableCalls): Pick<CoreApi, keyof ConnectionsApi> {
  return {
    connectServer: ({ name, callId }, context) => calls.run(callId, context, (signal) => ctx.connectQuietly(name, signal)),
    async disconnectServer({ name }) {
      ctx.configOf(name);
      await ctx.connections.disconnect(name);
      return ctx.viewOf(name);
    },
    reconnectServer: ({ name, callId }, context) =>
      calls.run(callId, context, async (signal) => {
        await ctx.connections.reconnect(name, ctx.configOf(name), signal ? { signal } : {}).catch((error: unknown) => {
          // Cancelled: the caller hears it; any other failure is in the server's state.
          if (signal?.aborted) throw error;
        });
        return ctx.viewOf(name);
      }),
    async listIdeServers() {
      return (await runningIdes(ctx.ideLockDir)).map((lock): IdeServerOffer => {
        const config =
          lock.transport === 'sse'
            ? { type: 'sse-ide' as const, url: ideServerUrl(lock), ideName: lock.ideName }
            : { type: 'ws-ide' as const, url: ideServerUrl(lock), ideName: lock.ideName };
        return {
          suggestedName: suggestName(lock.ideName),
          ideName: lock.ideName,
          config,
          workspaceFolders: lock.workspaceFolders,
          pid: lock.pid,
          port: lock.port,
        };
      });
    },
  };
}

/** "Visual Studio Code" → "ide-visual-studio-code": a valid server name. */
function suggestName(ideName: string): string {
  const slug = ideName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56);
  const name = `ide-${slug || 'server'}`;
  return ServerNameSchema.safeParse(name).success ? name : 'ide';
}
