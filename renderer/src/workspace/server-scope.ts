/**
 * The store as one workspace pane sees it: "the selected server" is the pane's server
 * and "the selected tool" is the tool chosen in that pane. Components written for the
 * selected server (server details, the tool list and tool panel) then show the pane's
 * own server, so panes side by side never show each other's data. Everything else —
 * state and actions — is the shared store's.
 */
import type { WorkbenchState, WorkbenchStore } from '../state/store';

export function scopeStore(base: WorkbenchStore, server: string): WorkbenchStore {
  const selectTool: WorkbenchState['selectTool'] = (toolServer, name) => {
    base.getState().selectTool(toolServer, name);
    base.getState().chooseWorkspaceTool(toolServer, name);
  };
  // useSyncExternalStore needs the same snapshot while nothing changed: one view per base state.
  let lastBase: WorkbenchState | undefined;
  let lastView: WorkbenchState | undefined;
  const view = (state: WorkbenchState): WorkbenchState => {
    if (state !== lastBase || !lastView) {
      const tool = state.workspaceTools[server];
      lastBase = state;
      lastView = { ...state, selectedServer: server, selectedTool: tool ? { server, name: tool } : undefined, selectTool };
    }
    return lastView;
  };
  return {
    setState: base.setState,
    subscribe: base.subscribe,
    getState: () => view(base.getState()),
    getInitialState: () => view(base.getInitialState()),
  };
}
