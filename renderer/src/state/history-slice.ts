/** The call history (searchable) and saved requests; opening one loads it into its tool. */
import type { StateCreator } from 'zustand';
import type { HistoryEntry, SavedRequest, SaveRequestRequest } from '../../../shared/api/history';
import { mcpToolName } from '../../../shared/domain';
import type { WorkbenchState } from './store';

export interface HistorySlice {
  history: HistoryEntry[];
  historySearch: string;
  historyError?: string;
  savedRequests: SavedRequest[];
  loadHistory(search?: string): Promise<void>;
  applyHistoryEntry(entry: HistoryEntry): void;
  deleteHistoryEntry(id: string): Promise<void>;
  clearHistory(): Promise<void>;
  loadSavedRequests(): Promise<void>;
  saveRequest(request: SaveRequestRequest): Promise<void>;
  deleteSavedRequest(id: string): Promise<void>;
  /**
   * Opens the tool's workspace on its Tools tab with these arguments; with `run`, runs it too.
   * `historyId`: the past call being opened; its result shows if it is the one still held, else none.
   */
  openRequest(request: { server: string; tool: string; arguments: Record<string, unknown> }, run?: boolean, historyId?: string): Promise<void>;
}

export const createHistorySlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], HistorySlice> =>
  (set, get) => ({
    history: [],
    historySearch: '',
    savedRequests: [],
    async loadHistory(search = get().historySearch) {
      set({ historySearch: search });
      try {
        const history = await api.listHistory({ ...(search.trim() ? { search } : {}), limit: 500 });
        // A newer search may have started meanwhile.
        if (get().historySearch === search) set({ history, historyError: undefined });
      } catch (error) {
        set({ historyError: (error as Error).message });
      }
    },
    applyHistoryEntry(entry) {
      if (get().historySearch.trim() === '') set((state) => ({ history: [entry, ...state.history].slice(0, 500) }));
    },
    async deleteHistoryEntry(id) {
      await api.deleteHistoryEntry({ id });
      set((state) => ({ history: state.history.filter((entry) => entry.id !== id) }));
    },
    async clearHistory() {
      await api.clearHistory();
      set({ history: [] });
    },
    async loadSavedRequests() {
      set({ savedRequests: await api.listSavedRequests() });
    },
    async saveRequest(request) {
      await api.saveRequest(request);
      await get().loadSavedRequests();
    },
    async deleteSavedRequest(id) {
      await api.deleteSavedRequest({ id });
      set((state) => ({ savedRequests: state.savedRequests.filter((r) => r.id !== id) }));
    },
    async openRequest(request, run = false, historyId) {
      const state = get();
      if (!state.toolsByServer[request.server]) await state.loadTools(request.server);
      get().selectTool(request.server, request.tool);
      get().setWorkspaceTab(request.server, 'tools');
      get().chooseWorkspaceTool(request.server, request.tool);
      const fullName = mcpToolName(request.server, request.tool);
      get().setArgsText(fullName, JSON.stringify(request.arguments, null, 2));
      // What shows under the arguments is this entry's outcome, never another call's.
      const call = get().calls[fullName];
      if (!call?.running && (historyId === undefined || call?.result?.historyId !== historyId)) {
        set((s) => ({ calls: { ...s.calls, [fullName]: { ...s.calls[fullName]!, result: undefined, error: undefined, cancelled: false, schemaIssues: undefined } } }));
      }
      if (run) await get().runTool(request.server, request.tool, fullName);
    },
  });
