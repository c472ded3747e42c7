/** Tools per server, loaded on demand and dropped when the server goes away. */
import type { StateCreator } from 'zustand';
import type { ToolInfo } from '../../../shared/domain';
import { createGenerations } from './generations';
import { createLeavableRequests, type CancelReason } from './leavable-requests';
import { withEntry } from './per-server';
import type { WorkbenchState } from './store';
import { prepareSearchIndex } from './tools-search-index';

/** The key of the search of the list that shows every connected server's tools (no server is named ""). */
export const ALL_TOOLS = '';

export interface ServerTools {
  status: 'loading' | 'ready' | 'error';
  tools: ToolInfo[];
  error?: string;
}

export interface ToolsSlice {
  toolsByServer: Record<string, ServerTools>;
  selectedTool?: { server: string; name: string };
  /** Each tool list's search text: by server for a workspace's list, under ALL_TOOLS for the list of every server's tools. */
  toolSearch: Record<string, string>;
  setToolSearch(list: string, text: string): void;
  /** `refresh`: ask the server even when the core holds a still-fresh list. */
  loadTools(server: string, refresh?: boolean): Promise<void>;
  /** Cancels the server's tool list under way (see ResourcesSlice.cancelResourceRequests). */
  cancelToolsLoad(server: string, reason: CancelReason): void;
  /** The server's tool list changed: list again if it was loaded. */
  refreshTools(server: string): void;
  forgetTools(server: string): void;
  selectTool(server: string, name: string): void;
  /** A tool (full mcp__ name) whose form should take the focus once it is shown (the palette jumped to it). */
  toolFocusRequest?: string;
  requestToolFocus(fullName: string): void;
  /** The focus was given: the request is done. */
  toolFocusGiven(): void;
}

export const createToolsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ToolsSlice> =>
  (set, get) => {
    // A "tools changed" notice while a tools/list is in flight lists again: only the newest answer counts.
    const requests = createGenerations();
    const leavable = createLeavableRequests(api);
    return {
      toolsByServer: {},
      toolSearch: {},
      setToolSearch(list, text) {
        set((state) => ({ toolSearch: withEntry(state.toolSearch, list, () => text) }));
      },
      refreshTools(server) {
        if (get().toolsByServer[server]) void get().loadTools(server);
      },
      async loadTools(server, refresh) {
        const generation = requests.next(server);
        set((state) => ({
          toolsByServer: { ...state.toolsByServer, [server]: { status: 'loading', tools: state.toolsByServer[server]?.tools ?? [] } },
        }));
        const callId = leavable.start(server);
        try {
          const tools = await api.listTools({ name: server, ...(refresh ? { refresh } : {}), callId });
          leavable.end(server, callId);
          if (!requests.isCurrent(server, generation)) return;
          set((state) => ({ toolsByServer: { ...state.toolsByServer, [server]: { status: 'ready', tools } } }));
          // The search text of every tool is built once, in idle time after the list is painted.
          prepareSearchIndex(tools);
        } catch (error) {
          const ending = leavable.end(server, callId);
          if (!requests.isCurrent(server, generation)) return;
          if (ending === 'left') {
            get().forgetTools(server);
            return;
          }
          set((state) => ({
            toolsByServer: { ...state.toolsByServer, [server]: { status: 'error', tools: [], error: (error as Error).message } },
          }));
        }
      },
      cancelToolsLoad(server, reason) {
        leavable.cancel(server, reason);
      },
      forgetTools(server) {
        // A list still on its way belongs to the connection that went away.
        requests.invalidate(server);
        set((state) => {
          const { [server]: _dropped, ...rest } = state.toolsByServer;
          return { toolsByServer: rest };
        });
      },
      selectTool(server, name) {
        // The tool list shows every server's tools: picking one also picks its server.
        set({ selectedTool: { server, name }, selectedServer: server });
      },
      requestToolFocus: (fullName) => set({ toolFocusRequest: fullName }),
      toolFocusGiven: () => set({ toolFocusRequest: undefined }),
    };
  };
