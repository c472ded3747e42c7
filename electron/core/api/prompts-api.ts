/** PromptsApi: list prompts and get one with its arguments. */
import type { PromptsApi } from '../../../shared/api/prompts';
import type { PromptService } from '../prompts/prompt-service';
import type { CoreContext } from './core-context';

export function createPromptsApi(ctx: CoreContext, prompts: PromptService): PromptsApi {
  return {
    listPrompts: async ({ server, refresh }) => prompts.list(server, ctx.configOf(server), { refresh: refresh === true }),
    getPrompt: async ({ server, name, arguments: args }) => prompts.get(server, ctx.configOf(server), name, args),
  };
}
