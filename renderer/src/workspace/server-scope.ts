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
    const { selectedServer } = base.getState();
    base.getState().selectTool(toolServer, name);
    // A tool picked inside a pane keeps the selection where it was: moving it would close
    // the pane that is not kept open.
    base.setState({ selectedServer });
    base.getState().chooseWorkspaceTool(toolServer, name);
  };
  // useSyncExternalStore needs the same snapshot while nothing changed: one view per base state.
  let lastBase: WorkbenchState | undefined;
  let lastView: WorkbenchState | undefined;
  // The selected tool keeps its identity while it stays the same tool (effects may depend on it).
  let selectedTool: WorkbenchState['selectedTool'];
  const view = (state: WorkbenchState): WorkbenchState => {
    if (state !== lastBase || !lastView) {
      // A tool of this server picked outside the pane (the list of every server's tools, history) wins.
      const tool = state.selectedTool?.server === server ? state.selectedTool.name : state.workspaceTools[server];
      if (tool !== selectedTool?.name) selectedTool = tool ? { server, name: tool } : undefined;
      lastBase = state;
      lastView = { ...state, selectedServer: server, selectedTool, selectTool };
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
