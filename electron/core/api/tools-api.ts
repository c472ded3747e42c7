/** ToolsApi: list and call tools. */
import type { ToolsApi } from '../../../shared/api/tools';
import type { CoreContext } from './core-context';

export function createToolsApi(ctx: CoreContext): ToolsApi {
  return {
    listTools: ({ name }) => ctx.connections.listTools(name, ctx.configOf(name)),
    callTool: ({ server, tool, arguments: args, callId, timeoutMs }) =>
      ctx.connections.callTool(server, ctx.configOf(server), tool, args, {
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(callId ? { onProgress: (progress) => ctx.events.emit({ type: 'tool-progress', callId, ...progress }) } : {}),
      }),
  };
}
