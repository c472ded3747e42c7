/**
 * Resources per server: the lists (dropped when the server disconnects, listed again
 * when it says they changed), and what each server's Resources tab shows — the
 * selection, the last read, the values typed into template forms (kept even while the
 * server is away), subscriptions and the updates they brought.
 */
import type { StateCreator } from 'zustand';
import type { ResourceCatalog, ResourceReadResult } from '../../../shared/api/resources';
import { createLeavableRequests, type CancelReason } from './leavable-requests';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';
import { messageOf } from '../../../shared/errors';

interface ServerResources {
  status: 'loading' | 'ready' | 'error';
  catalog?: ResourceCatalog;
  error?: string;
}

type ResourceSelection = { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string };

export interface ResourceRead {
  uri: string;
  /** The template the URI was made from, when it was. */
  template?: string;
  status: 'loading' | 'ready' | 'error';
  /** The last good result; kept while an update is read again. */
  result?: ResourceReadResult;
  error?: string;
}

interface ResourceUpdate {
  count: number;
  last: number;
}

export interface ResourceView {
  selection?: ResourceSelection;
  read?: ResourceRead;
  /** Per template, per variable: what the user typed. */
  templateValues: Record<string, Record<string, string>>;
  subscriptions: string[];
  /** resources/updated notifications per URI. */
  updates: Record<string, ResourceUpdate>;
  subscriptionError?: string;
  filter: string;
}

export interface ResourcesSlice {
  resourcesByServer: Record<string, ServerResources>;
  resourceViews: Record<string, ResourceView>;
  /** `refresh`: ask the server even when the core holds a still-fresh answer. */
  loadResources(server: string, refresh?: boolean): Promise<void>;
  /**
   * Cancels the server's list and read under way: `left` when the page left them (the list is
   * forgotten, and listed again when shown), `cancelled` when the user pressed Cancel (it says so).
   */
  cancelResourceRequests(server: string, reason: CancelReason): void;
  forgetResources(server: string): void;
  selectResource(server: string, selection: ResourceSelection | undefined): void;
  readResource(server: string, uri: string, template?: string, refresh?: boolean): Promise<void>;
  setTemplateValue(server: string, uriTemplate: string, variable: string, value: string): void;
  setResourceFilter(server: string, filter: string): void;
  setSubscribed(server: string, uri: string, subscribed: boolean): Promise<void>;
  applyResourceUpdated(server: string, uri: string): void;
  applyResourcesChanged(server: string): void;
}

const EMPTY_VIEW: ResourceView = { templateValues: {}, subscriptions: [], updates: {}, filter: '' };

export const createResourcesSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ResourcesSlice> =>
  (set, get) => {
    const updateView = (server: string, update: (view: ResourceView) => Partial<ResourceView>) =>
      set((state) => ({ resourceViews: withEntry(state.resourceViews, server, (view = EMPTY_VIEW) => ({ ...view, ...update(view) })) }));

    const leavable = createLeavableRequests(api);

    return {
      resourcesByServer: {},
      resourceViews: {},
      async loadResources(server, refresh = false) {
        const key = `list:${server}`;
        const callId = leavable.start(key);
        set((state) => ({
          resourcesByServer: withEntry(state.resourcesByServer, server, (current) => ({ ...current, status: 'loading', error: undefined })),
        }));
        try {
          const catalog = await api.listResources({ server, ...(refresh ? { refresh } : {}), callId });
          if (leavable.end(key, callId) === 'superseded') return;
          set((state) => ({ resourcesByServer: withEntry(state.resourcesByServer, server, () => ({ status: 'ready', catalog })) }));
          updateView(server, () => ({ subscriptions: catalog.subscriptions }));
        } catch (error) {
          const ending = leavable.end(key, callId);
          if (ending === 'superseded') return;
          if (ending === 'left') set((state) => ({ resourcesByServer: withoutEntry(state.resourcesByServer, server) }));
          else set((state) => ({ resourcesByServer: withEntry(state.resourcesByServer, server, () => ({ status: 'error', error: messageOf(error) })) }));
        }
      },
      cancelResourceRequests(server, reason) {
        leavable.cancel(`list:${server}`, reason);
        leavable.cancel(`read:${server}`, reason);
      },
      forgetResources(server) {
        set((state) => ({ resourcesByServer: withoutEntry(state.resourcesByServer, server) }));
      },
      selectResource(server, selection) {
        updateView(server, () => ({ selection }));
        if (selection?.kind === 'resource') void get().readResource(server, selection.uri);
      },
      async readResource(server, uri, template, refresh = false) {
        const origin = template ? { template } : {};
        updateView(server, (view) => ({
          read: { uri, ...origin, status: 'loading', ...(view.read?.uri === uri && view.read.result ? { result: view.read.result } : {}) },
        }));
        const key = `read:${server}`;
        const callId = leavable.start(key);
        let read: ResourceRead;
        try {
          read = { uri, ...origin, status: 'ready', result: await api.readResource({ server, uri, ...(refresh ? { refresh } : {}), callId }) };
        } catch (error) {
          read = { uri, ...origin, status: 'error', error: messageOf(error) };
        }
        if (leavable.end(key, callId) === 'superseded') return;
        // A later read (another resource, or the same one again) wins.
        const current = get().resourceViews[server]?.read;
        if (current?.uri === uri && current.status === 'loading') updateView(server, () => ({ read }));
      },
      setTemplateValue(server, uriTemplate, variable, value) {
        updateView(server, (view) => ({
          templateValues: withEntry(view.templateValues, uriTemplate, (values = {}) => ({ ...values, [variable]: value })),
        }));
      },
      setResourceFilter(server, filter) {
        updateView(server, () => ({ filter }));
      },
      async setSubscribed(server, uri, subscribed) {
        updateView(server, () => ({ subscriptionError: undefined }));
        try {
          const subscriptions = subscribed ? await api.subscribeResource({ server, uri }) : await api.unsubscribeResource({ server, uri });
          updateView(server, () => ({ subscriptions }));
        } catch (error) {
          updateView(server, () => ({ subscriptionError: `Could not ${subscribed ? 'subscribe' : 'unsubscribe'}: ${messageOf(error)}` }));
        }
      },
      applyResourceUpdated(server, uri) {
        updateView(server, (view) => ({
          updates: withEntry(view.updates, uri, (update) => ({ count: (update?.count ?? 0) + 1, last: Date.now() })),
        }));
        // Shown now: read it again so the view is live.
        const shown = get().resourceViews[server]?.read;
        if (shown?.uri === uri) void get().readResource(server, uri, shown.template);
      },
      applyResourcesChanged(server) {
        if (get().resourcesByServer[server]) void get().loadResources(server);
      },
    };
  };
