/** PromptsApi: list prompts and get one with its arguments. */
import type { PromptsApi } from '../../../shared/api/prompts';
import type { PromptService } from '../prompts/prompt-service';
import type { CoreApi } from './call-context';
import type { CancellableCalls } from './cancellable-calls';
import type { CoreContext } from './core-context';

export function createPromptsApi(ctx: CoreContext, prompts: PromptService, calls: CancellableCalls): Pick<CoreApi, keyof PromptsApi> {
  return {
    listPrompts: ({ server, refresh, callId }, context) => calls.run(callId, context, (signal) => prompts.list(server, ctx.configOf(server), { refresh: refresh === true, signal })),
    getPrompt: ({ server, name, arguments: args, callId }, context) => calls.run(callId, context, (signal) => prompts.get(server, ctx.configOf(server), name, args, { signal })),
  };
}
