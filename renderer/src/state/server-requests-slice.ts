/** Questions servers ask (elicitation, sampling), oldest first, until answered or closed. */
import type { StateCreator } from 'zustand';
import type { PendingServerRequest, ServerRequestAnswer } from '../../../shared/api/server-requests';
import type { WorkbenchState } from './store';

export interface ServerRequestsSlice {
  serverRequests: PendingServerRequest[];
  /** Why the last request disappeared without an answer from us (timed out, withdrawn). */
  serverRequestNotice?: string;
  loadServerRequests(): Promise<void>;
  applyServerRequest(request: PendingServerRequest): void;
  closeServerRequest(id: string, reason: string): void;
  answerServerRequest(id: string, answer: ServerRequestAnswer): Promise<void>;
  dismissServerRequestNotice(): void;
  /** A server asked more than the workbench keeps waiting: the rest were refused (said once per burst). */
  noteRefusedServerRequests(server: string, limit: number): void;
  /** A model answered a server's sampling request without asking, as the user allowed: said, so nothing is answered unseen. */
  noteAutoSampling(server: string, model: string, inputTokens: number, outputTokens: number): void;
}

const REASONS: Record<string, string> = {
  'timed-out': 'was not answered in time and has ended',
  'cancelled-by-server': 'was withdrawn by the server',
  'connection-closed': 'ended because the connection closed',
};

export const createServerRequestsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ServerRequestsSlice> =>
  (set, get) => ({
    serverRequests: [],
    async loadServerRequests() {
      try {
        set({ serverRequests: await api.listServerRequests() });
      } catch {
        // Shown again as events arrive.
      }
    },
    applyServerRequest(request) {
      set((state) => ({ serverRequests: [...state.serverRequests.filter((r) => r.id !== request.id), request] }));
    },
    closeServerRequest(id, reason) {
      const request = get().serverRequests.find((r) => r.id === id);
      set((state) => ({ serverRequests: state.serverRequests.filter((r) => r.id !== id) }));
      if (request && reason !== 'answered') set({ serverRequestNotice: `A question from ${request.server} ${REASONS[reason] ?? 'ended'}.` });
    },
    async answerServerRequest(id, answer) {
      set((state) => ({ serverRequests: state.serverRequests.filter((r) => r.id !== id) }));
      const taken = await api.answerServerRequest({ id, answer }).catch(() => false);
      if (!taken) set({ serverRequestNotice: 'That question had already ended; your answer was not sent.' });
    },
    dismissServerRequestNotice() {
      set({ serverRequestNotice: undefined });
    },
    noteAutoSampling(server, model, inputTokens, outputTokens) {
      set({ serverRequestNotice: `${model} answered a sampling request from ${server} without asking, as you allowed (${inputTokens} tokens in, ${outputTokens} out). Settings → Models lists the servers allowed.` });
    },
    noteRefusedServerRequests(server, limit) {
      set({ serverRequestNotice: `${server} asked more questions than MCP Workbench keeps waiting (${limit} at once); the rest were refused with an error to the server.` });
    },
  });
