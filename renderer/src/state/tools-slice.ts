/** Tools per server, loaded on demand and dropped when the server goes away. */
import type { StateCreator } from 'zustand';
import type { ToolInfo } from '../../../shared/domain';
import type { WorkbenchState } from './store';

export interface ServerTools {
  status: 'loading' | 'ready' | 'error';
  tools: ToolInfo[];
  error?: string;
}

export interface ToolsSlice {
  toolsByServer: Record<string, ServerTools>;
  selectedTool?: { server: string; name: string };
  /** The tool list's search text. */
  toolSearch: string;
  setToolSearch(text: string): void;
  loadTools(server: string): Promise<void>;
  /** The server's tool list changed: list again if it was loaded. */
  refreshTools(server: string): void;
  forgetTools(server: string): void;
  selectTool(server: string, name: string): void;
}

export const createToolsSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ToolsSlice> =>
  (set, get) => ({
    toolsByServer: {},
    toolSearch: '',
    setToolSearch(toolSearch) {
      set({ toolSearch });
    },
    refreshTools(server) {
      if (get().toolsByServer[server]) void get().loadTools(server);
    },
    async loadTools(server) {
      set((state) => ({
        toolsByServer: { ...state.toolsByServer, [server]: { status: 'loading', tools: state.toolsByServer[server]?.tools ?? [] } },
      }));
      try {
        const tools = await api.listTools({ name: server });
        set((state) => ({ toolsByServer: { ...state.toolsByServer, [server]: { status: 'ready', tools } } }));
      } catch (error) {
        set((state) => ({
          toolsByServer: { ...state.toolsByServer, [server]: { status: 'error', tools: [], error: (error as Error).message } },
        }));
      }
    },
    forgetTools(server) {
      set((state) => {
        const { [server]: _dropped, ...rest } = state.toolsByServer;
        return { toolsByServer: rest };
      });
    },
    selectTool(server, name) {
      // The tool list shows every server's tools: picking one also picks its server.
      set({ selectedTool: { server, name }, selectedServer: server });
    },
  });
