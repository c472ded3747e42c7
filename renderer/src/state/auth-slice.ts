/**
 * OAuth sign-in in the renderer: each remote server's sign-in state, the sign-in under
 * way, and the OAuth view's log.
 *
 * Opening the authorization page in browser mode: a page may open a tab only during a
 * click, and the URL is known only after discovery and registration. So the click that
 * starts a sign-in opens an empty tab at once, and the `auth-open-url` event then sends
 * it to the authorization page (its `opener` cut first, so the page cannot reach back
 * into ours). If the browser blocked the tab, the page shows the link to open instead.
 * The desktop app opens the system browser itself; there nothing is opened here.
 */
import type { StateCreator } from 'zustand';
import type { AuthStatus, OAuthLog } from '../../../shared/api/auth';
import { OAUTH_TRANSPORTS, transportOf, type ServerConfig } from '../../../shared/config/server-config';
import { checkExternalUrl } from '../../../shared/external-url';
import type { WorkbenchState } from './store';

interface SignInState {
  /** Waiting for the user to finish in the browser. */
  busy: boolean;
  error?: string;
  /** The authorization page, for the user to open themselves when no tab could be opened. */
  link?: string;
}

export interface AuthSlice {
  authStatuses: Record<string, AuthStatus>;
  signIns: Record<string, SignInState>;
  oauthLogs: Record<string, OAuthLog | null>;
  loadAuthStatus(name: string): Promise<void>;
  signIn(name: string): Promise<void>;
  cancelSignIn(name: string): Promise<void>;
  signOut(name: string): Promise<void>;
  loadOAuthLog(name: string): Promise<void>;
  /** The core asks for the authorization page to be opened. */
  openAuthorizationPage(server: string, url: string): void;
  /** Something about the server's sign-in changed: refresh what is shown. */
  noteAuthChanged(server: string): void;
}

/** Whether a server signs in with OAuth (the remote transports that carry a bearer token). */
export function signsIn(config: ServerConfig): boolean {
  return OAUTH_TRANSPORTS.has(transportOf(config));
}

/** Browser mode: no Electron preload, so the page itself opens the authorization tab. */
function opensTabsItself(): boolean {
  return typeof window !== 'undefined' && !window.api;
}

/** A tab that went to another origin cannot be read: it is no longer our blank page. */
function stillBlank(tab: Window): boolean {
  try {
    return tab.location.href === 'about:blank';
  } catch {
    return false;
  }
}

/** Tabs opened by a Sign in click, waiting for their authorization URL. */
const pendingTabs = new Map<string, Window>();

export const createAuthSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], AuthSlice> =>
  (set, get) => {
    const patchSignIn = (name: string, patch: SignInState | undefined) =>
      set((state) => {
        const signIns = { ...state.signIns };
        if (patch) signIns[name] = patch;
        else delete signIns[name];
        return { signIns };
      });

    return {
      authStatuses: {},
      signIns: {},
      oauthLogs: {},
      async loadAuthStatus(name) {
        try {
          const status = await api.getAuthStatus({ name });
          set((state) => ({ authStatuses: { ...state.authStatuses, [name]: status } }));
        } catch {
          // The server may have just been removed; nothing to show.
        }
      },
      async signIn(name) {
        // Must happen during the click: a tab opened later would be blocked.
        if (opensTabsItself()) {
          const tab = window.open('', '_blank');
          if (tab) {
            tab.opener = null;
            tab.document.title = 'Signing in…';
            tab.document.body.textContent = 'MCP Workbench is preparing the sign-in page…';
            pendingTabs.set(name, tab);
          }
        }
        patchSignIn(name, { busy: true });
        try {
          const view = await api.signIn({ name });
          get().applyServerState(view);
          patchSignIn(name, undefined);
        } catch (error) {
          patchSignIn(name, { busy: false, error: (error as Error).message });
        } finally {
          const tab = pendingTabs.get(name);
          pendingTabs.delete(name);
          // Never sent anywhere (the sign-in failed before the authorization page): close it.
          if (tab && !tab.closed && stillBlank(tab)) tab.close();
          void get().loadAuthStatus(name);
        }
      },
      async cancelSignIn(name) {
        await api.cancelSignIn({ name });
      },
      async signOut(name) {
        const view = await api.signOut({ name });
        get().applyServerState(view);
        get().forgetTools(name);
        patchSignIn(name, undefined);
        await get().loadAuthStatus(name);
      },
      async loadOAuthLog(name) {
        const log = await api.getOAuthLog({ name });
        set((state) => ({ oauthLogs: { ...state.oauthLogs, [name]: log } }));
      },
      openAuthorizationPage(server, url) {
        const tab = pendingTabs.get(server);
        pendingTabs.delete(server);
        // The URL comes from an authorization server's metadata: the rule every opener
        // applies (clean http(s) only, no credentials in it) decides, and a refusal says why.
        const verdict = checkExternalUrl(url);
        if (!verdict.ok) {
          if (tab && !tab.closed) tab.close();
          if (get().signIns[server]?.busy) patchSignIn(server, { busy: true, error: `The authorization page was not opened: its address is ${verdict.reason}.` });
          return;
        }
        if (tab && !tab.closed) {
          tab.location.href = verdict.url;
          return;
        }
        if (get().signIns[server]?.busy) patchSignIn(server, { busy: true, link: verdict.url });
      },
      noteAuthChanged(server) {
        if (get().authStatuses[server]) void get().loadAuthStatus(server);
        if (server in get().oauthLogs) void get().loadOAuthLog(server);
      },
    };
  };
