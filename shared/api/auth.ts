/**
 * OAuth sign-in for remote servers (sse, http, claudeai-proxy): sign in through the
 * browser, sign out (forget every credential), the current sign-in state, and the log
 * of the last sign-in (every step and HTTP exchange, secrets masked).
 */
import type { ServerView } from '../domain';
import type { ChannelTable } from './channel-table';
import { ServerRefSchema, type ServerRef } from './servers';

export interface AuthStatus {
  server: string;
  /** Only sse, http and claudeai-proxy servers sign in. */
  supported: boolean;
  /** There is an access token for this server's URL. */
  signedIn: boolean;
  /** When the access token expires (epoch ms), if the server said. */
  expiresAt?: number;
  /** A refresh token exists, so the access token is renewed without asking. */
  refreshable: boolean;
  /** The scopes granted, as the authorization server reported them. */
  scope?: string;
  /** The authorization server the credentials belong to. */
  authorizationServer?: string;
  /** How this client is known to the authorization server. */
  clientRegistration?: 'pre-registered' | 'metadata-document' | 'dynamic';
  clientId?: string;
  /** A sign-in is waiting for the browser. */
  signingIn: boolean;
  /** The server answered 401 recently: start-up does not try it again before this time (epoch ms). */
  needsAuthUntil?: number;
  /** Where the credentials are kept, and whether they are encrypted there. */
  storage: { encrypted: boolean; location: string; warning?: string };
}

export type OAuthLogKind = 'step' | 'http' | 'error';

export interface OAuthHttpExchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  durationMs?: number;
  /** The request failed before any answer (network error, time limit). */
  error?: string;
}

export interface OAuthLogEntry {
  seq: number;
  time: number;
  kind: OAuthLogKind;
  /** One line: what happened ("Found the authorization server metadata", "POST /token → 200"). */
  title: string;
  /** More text (a JSON document, a URL), secrets masked. */
  detail?: string;
  http?: OAuthHttpExchange;
}

export interface OAuthLog {
  server: string;
  /** What the log covers: a sign-in, or token refreshes since. */
  startedAt: number;
  finishedAt?: number;
  outcome?: 'signed-in' | 'failed' | 'cancelled';
  entries: OAuthLogEntry[];
}

export interface AuthApi {
  /**
   * Signs in through the browser: discovery, client registration, the authorization
   * page, the loopback callback, the token exchange; then reconnects. Resolves once it
   * is done (or failed, or was cancelled) with the server's new state.
   */
  signIn(request: ServerRef): Promise<ServerView>;
  /** Stops a sign-in that is waiting for the browser. */
  cancelSignIn(request: ServerRef): Promise<void>;
  /** Forgets the server's tokens, client registration and discovery state, and disconnects it. */
  signOut(request: ServerRef): Promise<ServerView>;
  getAuthStatus(request: ServerRef): Promise<AuthStatus>;
  /** The last sign-in's log (and refreshes since), or null when there was none in this run. */
  getOAuthLog(request: ServerRef): Promise<OAuthLog | null>;
}

export const authChannels: ChannelTable<AuthApi> = {
  signIn: { channel: 'auth:sign-in', request: ServerRefSchema },
  cancelSignIn: { channel: 'auth:cancel-sign-in', request: ServerRefSchema },
  signOut: { channel: 'auth:sign-out', request: ServerRefSchema },
  getAuthStatus: { channel: 'auth:status', request: ServerRefSchema },
  getOAuthLog: { channel: 'auth:log', request: ServerRefSchema },
};
