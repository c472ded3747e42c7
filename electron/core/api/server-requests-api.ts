/** ServerRequestsApi: answers to the questions servers ask (elicitation, sampling). */
import type { ServerRequestsApi } from '../../../shared/api/server-requests';
import type { ToolKit } from '../tools/tool-kit';

export function createServerRequestsApi(kit: ToolKit): ServerRequestsApi {
  return {
    listServerRequests: async () => kit.broker.list(),
    answerServerRequest: async ({ id, answer }) => kit.broker.answer(id, answer),
  };
}
