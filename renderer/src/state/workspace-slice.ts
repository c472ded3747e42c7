/**
 * Server workspaces: each open server gets its own pane with tabs (Tools, Tasks, Resources,
 * Prompts, Skills, Console, Doctor, Collections, Load). The selected server always has a pane; "Keep open" pins a pane so
 * that selecting another server opens that one beside it, not in its place. The playground
 * across servers takes the workspaces' place until a server is selected again.
 */
import type { StateCreator } from 'zustand';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';

export const WORKSPACE_TABS = ['tools', 'tasks', 'resources', 'prompts', 'skills', 'console', 'doctor', 'collections', 'load', 'playground'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

export interface WorkspaceSlice {
  /** What fills the area beside the server list: the server workspaces, or the playground across servers. */
  mainView: 'workspaces' | 'playground';
  showMainView(view: WorkspaceSlice['mainView']): void;
  pinnedServers: string[];
  workspaceTabs: Record<string, WorkspaceTab>;
  /** The tool chosen in each server's Tools tab. */
  workspaceTools: Record<string, string>;
  setWorkspaceTab(server: string, tab: WorkspaceTab): void;
  pinWorkspace(server: string): void;
  unpinWorkspace(server: string): void;
  closeWorkspace(server: string): void;
  chooseWorkspaceTool(server: string, tool: string): void;
}

/** The servers with an open pane, in order: the kept-open ones, then the selected one. */
export function openWorkspaces(state: Pick<WorkbenchState, 'pinnedServers' | 'selectedServer' | 'servers'>): string[] {
  const exists = new Set(state.servers.map((server) => server.name));
  const open = state.pinnedServers.filter((name) => exists.has(name));
  if (state.selectedServer && exists.has(state.selectedServer) && !open.includes(state.selectedServer)) open.push(state.selectedServer);
  return open;
}

export const createWorkspaceSlice: StateCreator<WorkbenchState, [], [], WorkspaceSlice> = (set, get) => ({
  mainView: 'workspaces',
  showMainView(view) {
    set({ mainView: view });
  },
  pinnedServers: [],
  workspaceTabs: {},
  workspaceTools: {},
  setWorkspaceTab(server, tab) {
    set((state) => ({ workspaceTabs: withEntry(state.workspaceTabs, server, () => tab) }));
  },
  pinWorkspace(server) {
    set((state) => (state.pinnedServers.includes(server) ? {} : { pinnedServers: [...state.pinnedServers, server] }));
  },
  unpinWorkspace(server) {
    set((state) => ({ pinnedServers: state.pinnedServers.filter((name) => name !== server) }));
  },
  closeWorkspace(server) {
    get().unpinWorkspace(server);
    if (get().selectedServer === server) get().selectServer(undefined);
    set((state) => ({ workspaceTools: withoutEntry(state.workspaceTools, server) }));
  },
  chooseWorkspaceTool(server, tool) {
    set((state) => ({ workspaceTools: withEntry(state.workspaceTools, server, () => tool) }));
  },
});
