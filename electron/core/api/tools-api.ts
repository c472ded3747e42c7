/** ToolsApi: list, call and cancel tools (the runner does the work: electron/core/tools/). */
import type { ToolsApi } from '../../../shared/api/tools';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import { withoutDisabledTools } from '../config/disabled-tools';
import type { TaskService } from '../tasks/task-service';
import type { ToolKit } from '../tools/tool-kit';
import { ToolRunner } from '../tools/tool-runner';
import type { ToolsService } from '../tools/tools-service';
import type { CoreContext } from './core-context';

export function createToolsApi(ctx: CoreContext, kit: ToolKit, tools: ToolsService, calls: CancellableCalls, tasks?: TaskService): Pick<CoreApi, keyof ToolsApi> {
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
    listTools: ({ name, refresh, callId }, context) =>
      calls.run(callId, context, async (signal) => {
        const config = ctx.configOf(name);
        return withoutDisabledTools(await tools.list(name, config, { refresh: refresh === true, signal }), config);
      }),
    callTool: (request, context) => runner.run(request, context?.signal),
    // A tool call, or any other request the caller named (a list, a read, a connect).
    cancelCall: async ({ callId }) => runner.cancel(callId) || calls.cancel(callId),
  };
}
