/** Configured servers and their live states. */
import type { StateCreator } from 'zustand';
import type { AddServerRequest } from '../../../shared/api';
import type { ServerView } from '../../../shared/domain';
import { createGenerations } from './generations';
import type { WorkbenchState } from './store';

const LIST = 'servers';

export interface ServersSlice {
  servers: ServerView[];
  serversLoaded: boolean;
  serversError?: string;
  selectedServer?: string;
  refreshServers(): Promise<void>;
  /** The whole list, as the core sent it after a config change. */
  applyServerList(servers: ServerView[]): void;
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
  (set, get) => {
    // Lists asked for one after another ("servers changed" twice) may answer out of order: only the newest counts.
    const requests = createGenerations();
    // A server's state event is newer than a list asked for before it: the list must not undo it.
    let clock = 0;
    const changedAt = new Map<string, number>();
    const showList = (servers: ServerView[]) => {
      set({ servers, serversLoaded: true, serversError: undefined });
      for (const server of servers) {
        if (server.status !== 'connected') continue;
        // The tool list shows the tools of every connected server.
        if (!get().toolsByServer[server.name]) void get().loadTools(server.name);
        // The doctor's badge is there once a server has connected, without a visit to the Doctor tab.
        void get().checkOnConnect(server.name, server.since);
      }
    };
    return {
      servers: [],
      serversLoaded: false,
      async refreshServers() {
        const generation = requests.next(LIST);
        const askedAt = ++clock;
        try {
          const answer = await api.listServers();
          if (!requests.isCurrent(LIST, generation)) return;
          const current = get().servers;
          showList(answer.map((server) => ((changedAt.get(server.name) ?? 0) > askedAt ? (current.find((s) => s.name === server.name) ?? server) : server)));
        } catch (error) {
          if (!requests.isCurrent(LIST, generation)) return;
          set({ serversLoaded: true, serversError: (error as Error).message });
        }
      },
      applyServerList(servers) {
        // Newer than any list still being asked for, and than every state event before it.
        requests.invalidate(LIST);
        const now = ++clock;
        for (const server of servers) changedAt.set(server.name, now);
        showList(servers);
      },
      applyServerState(view) {
        changedAt.set(view.name, ++clock);
        const servers = get().servers;
        const index = servers.findIndex((server) => server.name === view.name);
        const becameConnected = view.status === 'connected' && servers[index]?.status !== 'connected';
        set({ servers: index === -1 ? [...servers, view] : servers.with(index, view) });
        if (becameConnected) void get().loadTools(view.name);
        if (view.status === 'connected') void get().checkOnConnect(view.name, view.since);
      },
      selectServer(name) {
        set({ selectedServer: name, selectedTool: undefined });
        const server = get().servers.find((s) => s.name === name);
        // A list already there (or on its way) is kept fresh by the server's change notices.
        if (name && server?.status === 'connected' && !get().toolsByServer[name]) void get().loadTools(name);
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
    };
  };
