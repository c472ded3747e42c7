/** ToolsApi: list, call and cancel tools (the runner does the work: electron/core/tools/). */
import type { ToolsApi } from '../../../shared/api/tools';
import { withoutDisabledTools } from '../config/disabled-tools';
import type { ToolKit } from '../tools/tool-kit';
import { ToolRunner } from '../tools/tool-runner';
import type { CoreContext } from './core-context';

export function createToolsApi(ctx: CoreContext, kit: ToolKit): ToolsApi {
  const runner = new ToolRunner({
    connections: ctx.connections,
    configOf: ctx.configOf,
    files: kit.files,
    history: kit.history,
    permissions: kit.permissions,
    pins: kit.pins,
    broker: kit.broker,
    elicitation: kit.elicitation,
    events: ctx.events,
    settings: () => ctx.settings.effective(),
    onResult: (result) => kit.observations.record(result),
  });
  return {
    listTools: async ({ name }) => {
      const config = ctx.configOf(name);
      return withoutDisabledTools(await ctx.connections.listTools(name, config), config);
    },
    callTool: (request) => runner.run(request),
    cancelCall: async ({ callId }) => runner.cancel(callId),
  };
}
