/**
 * Configuration state: the open project, the config files and their problems, and
 * which config dialog is open. Server edits go through here; the new list and the files'
 * state arrive as events after every config change, so nothing is asked for again.
 */
import type { StateCreator } from 'zustand';
import type { AddServerRequest, DuplicateServerRequest, MoveServerRequest, UpdateServerRequest } from '../../../shared/api';
import type { ConfigFilesStatus, ConfigStatus } from '../../../shared/api/project';
import type { ConfigScope } from '../../../shared/config/scopes';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import type { WorkbenchState } from './store';

/** Which server form is open: a new server (maybe prefilled), an edit, or a copy. */
export type ServerFormTarget =
  | { mode: 'add'; initial?: { name: string; config: ServerConfig; scope: ConfigScope } }
  | { mode: 'edit'; name: string; scope: ConfigScope }
  | { mode: 'duplicate'; name: string; scope: ConfigScope };

/** Before the config status has arrived, only the user scope exists. One array, so a selector's answer stays the same. */
const USER_SCOPE_ONLY: ConfigScope[] = ['user'];

/**
 * The scopes a server can be saved in. A selector: the fallback is one fixed array, since
 * a new array on every call would make each store update look like a change and render
 * the component again and again.
 */
export const selectAvailableScopes = (state: WorkbenchState): ConfigScope[] => state.configStatus?.availableScopes ?? USER_SCOPE_ONLY;

/** How many import/export dialogs were opened: each opening's id. */
let configDialogCount = 0;

/** An import opened from Add server (`fromAddServer`) starts at the paste box, with `text` when given. */
type ConfigDialog = { kind: 'import'; fromAddServer?: boolean; text?: string } | { kind: 'export'; names?: string[] };

export interface ConfigSlice {
  configStatus?: ConfigStatus;
  configError?: string;
  /** Counts changes other programs made to each scope's file, so open forms can say so. */
  externalRevision: Record<ConfigScope, number>;
  serverForm?: ServerFormTarget;
  /** The open import/export dialog; each opening has its own id (see closeConfigDialog). */
  configDialog?: ConfigDialog & { id: number };
  refreshConfigStatus(): Promise<void>;
  noteConfigChange(scopes: ConfigScope[], external: boolean, status: ConfigFilesStatus): void;
  /** The secret store was opened: where secrets are kept now, and any warning. */
  noteSecretStore(secretStore: ConfigStatus['secretStore']): void;
  openProject(path: string): Promise<void>;
  closeProject(): Promise<void>;
  openServerForm(target: ServerFormTarget): void;
  closeServerForm(): void;
  openConfigDialog(dialog: ConfigDialog): void;
  /**
   * Closes the dialog opened as `id`, and no other: a native dialog's close event comes a
   * task after it is closed, by when the user may have opened the dialog anew.
   */
  closeConfigDialog(id: number): void;
  saveNewServer(request: AddServerRequest): Promise<ServerView>;
  updateServer(request: UpdateServerRequest): Promise<ServerView>;
  duplicateServer(request: DuplicateServerRequest): Promise<ServerView>;
  moveServer(request: MoveServerRequest): Promise<void>;
  setServerEnabled(name: string, enabled: boolean): Promise<void>;
}

export const createConfigSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ConfigSlice> =>
  (set, get) => {
    return {
      externalRevision: { user: 0, project: 0, local: 0 },
      async refreshConfigStatus() {
        try {
          set({ configStatus: await api.getConfigStatus(), configError: undefined });
        } catch (error) {
          set({ configError: (error as Error).message });
        }
      },
      noteConfigChange(scopes, external, status) {
        if (external) {
          const revision = { ...get().externalRevision };
          for (const scope of scopes) revision[scope]++;
          set({ externalRevision: revision });
        }
        const current = get().configStatus;
        // The rest of the status (the secret store, the dialogs) does not change with the config.
        if (!current) return void get().refreshConfigStatus();
        const { project: _closed, ...fixed } = current;
        set({ configStatus: { ...fixed, ...status } });
      },
      noteSecretStore(secretStore) {
        const current = get().configStatus;
        if (current) set({ configStatus: { ...current, secretStore } });
        else void get().refreshConfigStatus();
      },
      async openProject(path) {
        set({ configStatus: await api.openProject({ path }) });
      },
      async closeProject() {
        set({ configStatus: await api.closeProject() });
      },
      openServerForm: (target) => set({ serverForm: target }),
      closeServerForm: () => set({ serverForm: undefined }),
      openConfigDialog: (dialog) => set({ configDialog: { ...dialog, id: ++configDialogCount } }),
      closeConfigDialog: (id) => set((state) => (state.configDialog?.id === id ? { configDialog: undefined } : {})),
      async saveNewServer(request) {
        const view = await api.addServer(request);
        get().applyServerState(view);
        get().selectServer(view.name);
        return view;
      },
      async updateServer(request) {
        const view = await api.updateServer(request);
        if (request.newName && request.newName !== request.name) get().forgetTools(request.name);
        get().applyServerState(view);
        return view;
      },
      async duplicateServer(request) {
        const view = await api.duplicateServer(request);
        get().applyServerState(view);
        return view;
      },
      async moveServer(request) {
        get().applyServerState(await api.moveServer(request));
      },
      async setServerEnabled(name, enabled) {
        const view = await api.setServerEnabled({ name, enabled });
        if (!enabled) get().forgetTools(name);
        get().applyServerState(view);
      },
    };
  };
