/**
 * Keeps what the user arranged and typed across reloads of the page: the open
 * workspaces, the selected server, tool and tab, the tool search, and the arguments
 * typed for tools and prompts. Restored into the store before the first render, saved on
 * every change. Lists, results and connection states are never kept: they come fresh from
 * the host after a reload, which is the point of reloading.
 *
 * Where: sessionStorage, never localStorage. Argument values may hold secrets (API keys,
 * passwords typed into a tool's form), and sessionStorage belongs to this one tab and is
 * deleted with it; nothing is written to disk for other tabs or later visits to find.
 */
import { z } from 'zod';
import type { WorkbenchState, WorkbenchStore } from './store';
import { WORKSPACE_TABS } from './workspace-slice';

export const UI_STORAGE_KEY = 'mcp-workbench-ui';

const savedUiSchema = z.object({
  version: z.literal(1),
  selectedServer: z.string().optional(),
  selectedTool: z.object({ server: z.string(), name: z.string() }).optional(),
  pinnedServers: z.array(z.string()),
  workspaceTabs: z.record(z.string(), z.enum(WORKSPACE_TABS)),
  workspaceTools: z.record(z.string(), z.string()),
  argsMode: z.enum(['form', 'json']),
  toolSearch: z.record(z.string(), z.string()),
  /** Per tool (full mcp__ name): the arguments as typed and the per-call timeout. */
  toolArgs: z.record(z.string(), z.object({ argsText: z.string(), timeoutText: z.string().optional() })),
  /** Per server: the prompt chosen and, per prompt and argument, what was typed. */
  prompts: z.record(z.string(), z.object({ selected: z.string().optional(), args: z.record(z.string(), z.record(z.string(), z.string())) })),
});

type SavedUi = z.infer<typeof savedUiSchema>;

/** What of the state is kept. */
function snapshotUi(state: WorkbenchState): SavedUi {
  const toolArgs: SavedUi['toolArgs'] = {};
  for (const [fullName, call] of Object.entries(state.calls)) {
    toolArgs[fullName] = { argsText: call.argsText, ...(call.timeoutText ? { timeoutText: call.timeoutText } : {}) };
  }
  const prompts: SavedUi['prompts'] = {};
  for (const [server, view] of Object.entries(state.promptViews)) {
    prompts[server] = { ...(view.selected !== undefined ? { selected: view.selected } : {}), args: view.args };
  }
  return {
    version: 1,
    ...(state.selectedServer !== undefined ? { selectedServer: state.selectedServer } : {}),
    ...(state.selectedTool ? { selectedTool: { server: state.selectedTool.server, name: state.selectedTool.name } } : {}),
    pinnedServers: state.pinnedServers,
    workspaceTabs: state.workspaceTabs,
    workspaceTools: state.workspaceTools,
    argsMode: state.argsMode,
    toolSearch: state.toolSearch,
    toolArgs,
    prompts,
  };
}

/** The state to merge in for what was kept (servers that no longer exist are left to the views, which skip them). */
function restoredState(saved: SavedUi, state: WorkbenchState): Partial<WorkbenchState> {
  const calls = { ...state.calls };
  for (const [fullName, args] of Object.entries(saved.toolArgs)) {
    calls[fullName] = { running: false, ...calls[fullName], argsText: args.argsText, ...(args.timeoutText ? { timeoutText: args.timeoutText } : {}) };
  }
  const promptViews = { ...state.promptViews };
  for (const [server, view] of Object.entries(saved.prompts)) {
    promptViews[server] = { ...promptViews[server], args: view.args, ...(view.selected !== undefined ? { selected: view.selected } : {}) };
  }
  return {
    ...(saved.selectedServer !== undefined ? { selectedServer: saved.selectedServer } : {}),
    ...(saved.selectedTool ? { selectedTool: saved.selectedTool } : {}),
    pinnedServers: saved.pinnedServers,
    workspaceTabs: saved.workspaceTabs,
    workspaceTools: saved.workspaceTools,
    argsMode: saved.argsMode,
    toolSearch: saved.toolSearch,
    calls,
    promptViews,
  };
}

/** The parts of the state a snapshot reads: a save is due only when one of them changed. */
function watched(state: WorkbenchState): readonly unknown[] {
  return [state.selectedServer, state.selectedTool, state.pinnedServers, state.workspaceTabs, state.workspaceTools, state.argsMode, state.toolSearch, state.calls, state.promptViews];
}

/** This tab's sessionStorage, or undefined where the page may not use it (storage disabled, an opaque origin). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Restores what was kept into the store, then saves on every change. Returns a function
 * that stops saving. Storage that fails (full, disabled) only means nothing is kept.
 */
export function persistUi(store: WorkbenchStore, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = tabStorage()): () => void {
  if (!storage) return () => undefined;
  try {
    const text = storage.getItem(UI_STORAGE_KEY);
    const saved = text === null ? undefined : savedUiSchema.safeParse(JSON.parse(text));
    if (saved?.success) store.setState(restoredState(saved.data, store.getState()));
  } catch {
    // Not JSON (written by something else): start afresh; the next save replaces it.
  }
  let last = watched(store.getState());
  let lastText: string | undefined;
  return store.subscribe((state) => {
    const now = watched(state);
    if (now.every((part, index) => part === last[index])) return;
    last = now;
    const text = JSON.stringify(snapshotUi(state));
    if (text === lastText) return;
    lastText = text;
    try {
      storage.setItem(UI_STORAGE_KEY, text);
    } catch {
      // Full or refused: keep working; this state is just not kept.
    }
  });
}
