/** ToolsApi: list, call and cancel tools (the runner does the work: electron/core/tools/). */
import type { ToolsApi } from '../../../shared/api/tools';
import type { CoreApi } from './call-context';
import { withoutDisabledTools } from '../config/disabled-tools';
import type { TaskService } from '../tasks/task-service';
import type { ToolKit } from '../tools/tool-kit';
import { ToolRunner } from '../tools/tool-runner';
import type { ToolsService } from '../tools/tools-service';
import type { CoreContext } from './core-context';

export function createToolsApi(ctx: CoreContext, kit: ToolKit, tools: ToolsService, tasks?: TaskService): Pick<CoreApi, keyof ToolsApi> {
  const runner = new ToolRunner({
    tools,
    configOf: ctx.configOf,
    files: kit.files,
    history: kit.history,
    permissions: kit.permissions,
    pins: kit.pins,
    broker: kit.broker,
    elicitation: kit.elicitation,
    events: ctx.events,
    settings: () => ctx.settings.effective(),
    ...(tasks ? { tasks } : {}),
    onResult: (result) => kit.observations.record(result),
  });
  return {
    listTools: async ({ name, refresh }, context) => {
      const config = ctx.configOf(name);
      return withoutDisabledTools(await tools.list(name, config, { refresh: refresh === true, signal: context?.signal }), config);
    },
    callTool: (request, context) => runner.run(request, context?.signal),
    cancelCall: async ({ callId }) => runner.cancel(callId),
  };
}
