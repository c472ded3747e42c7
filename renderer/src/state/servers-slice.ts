/** Configured servers and their live states. */
import type { StateCreator } from 'zustand';
import type { AddServerRequest } from '../../../shared/api';
import type { ServerView } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import { createGenerations } from './generations';
import { createLeavableRequests } from './leavable-requests';
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
  /** Connects; ends quietly when the user cancels it (cancelConnect). */
  connectServer(name: string): Promise<void>;
  disconnectServer(name: string): Promise<void>;
  reconnectServer(name: string): Promise<void>;
  /**
   * Stops a connect under way: the page's request settles as cancelled (through cancelCall,
   * as a tool call's Cancel), and the attempt itself is closed, so the row is Disconnected
   * at once whoever started it (the page, or start-up).
   */
  cancelConnect(name: string): Promise<void>;
}

export const createServersSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ServersSlice> =>
  (set, get) => {
    // Lists asked for one after another ("servers changed" twice) may answer out of order: only the newest counts.
    const requests = createGenerations();
    // A server's state event is newer than a list asked for before it: the list must not undo it.
    let clock = 0;
    const changedAt = new Map<string, number>();
    // The page's connect or reconnect under way, per server: its callId is what Cancel cancels.
    const connects = createLeavableRequests(api);
    const connectCancellably = async (name: string, connect: (callId: string) => Promise<ServerView>) => {
      const callId = connects.start(name);
      try {
        const view = await connect(callId);
        connects.end(name, callId);
        get().applyServerState(view);
      } catch (error) {
        const ending = connects.end(name, callId);
        // Cancelled by the user: nothing went wrong, nothing to say (the row shows where it is).
        if (ending === 'cancelled' && error instanceof AppError && error.kind === 'cancelled') return;
        throw error;
      }
    };
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
        // Selecting a server shows its workspace, also from the playground across servers.
        set({ selectedServer: name, selectedTool: undefined, ...(name ? { mainView: 'workspaces' as const } : {}) });
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
        await connectCancellably(name, (callId) => api.connectServer({ name, callId }));
      },
      async disconnectServer(name) {
        get().applyServerState(await api.disconnectServer({ name }));
        get().forgetTools(name);
      },
      async reconnectServer(name) {
        get().forgetTools(name);
        await connectCancellably(name, (callId) => api.reconnectServer({ name, callId }));
      },
      async cancelConnect(name) {
        connects.cancel(name, 'cancelled');
        // The attempt goes on for anyone else waiting on it; the user said stop, so it is closed.
        get().applyServerState(await api.disconnectServer({ name }));
      },
    };
  };
