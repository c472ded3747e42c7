/** Configured servers and their live states. */
import type { StateCreator } from 'zustand';
import type { AddServerRequest } from '../../../shared/api';
import type { ServerView } from '../../../shared/domain';
import type { WorkbenchState } from './store';

export interface ServersSlice {
  servers: ServerView[];
  serversLoaded: boolean;
  serversError?: string;
  selectedServer?: string;
  refreshServers(): Promise<void>;
  applyServerState(view: ServerView): void;
  selectServer(name: string | undefined): void;
  addServer(request: AddServerRequest): Promise<ServerView>;
  removeServer(name: string): Promise<void>;
  connectServer(name: string): Promise<void>;
  disconnectServer(name: string): Promise<void>;
  reconnectServer(name: string): Promise<void>;
}

export const createServersSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ServersSlice> =>
  (set, get) => ({
    servers: [],
    serversLoaded: false,
    async refreshServers() {
      try {
        const servers = await api.listServers();
        set({ servers, serversLoaded: true, serversError: undefined });
        // The tool list shows the tools of every connected server.
        for (const server of servers) if (server.status === 'connected' && !get().toolsByServer[server.name]) void get().loadTools(server.name);
      } catch (error) {
        set({ serversLoaded: true, serversError: (error as Error).message });
      }
    },
    applyServerState(view) {
      const servers = get().servers;
      const index = servers.findIndex((server) => server.name === view.name);
      const becameConnected = view.status === 'connected' && servers[index]?.status !== 'connected';
      set({ servers: index === -1 ? [...servers, view] : servers.with(index, view) });
      if (becameConnected) void get().loadTools(view.name);
    },
    selectServer(name) {
      set({ selectedServer: name, selectedTool: undefined });
      const server = get().servers.find((s) => s.name === name);
      if (name && server?.status === 'connected') void get().loadTools(name);
    },
    async addServer(request) {
      const view = await api.addServer(request);
      get().applyServerState(view);
      get().selectServer(view.name);
      return view;
    },
    async removeServer(name) {
      await api.removeServer({ name });
      set((state) => ({
        servers: state.servers.filter((server) => server.name !== name),
        ...(state.selectedServer === name ? { selectedServer: undefined, selectedTool: undefined } : {}),
      }));
      get().forgetTools(name);
    },
    async connectServer(name) {
      get().applyServerState(await api.connectServer({ name }));
    },
    async disconnectServer(name) {
      get().applyServerState(await api.disconnectServer({ name }));
      get().forgetTools(name);
    },
    async reconnectServer(name) {
      get().forgetTools(name);
      get().applyServerState(await api.reconnectServer({ name }));
    },
  });
