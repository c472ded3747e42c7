/**
 * What the pieces of the auth service share: the options the front end passes in, and the
 * stores, logs and per-server state every piece reads or writes. The service builds one
 * and hands it to each piece, so no piece needs another's internals.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import type { ServerName } from '../../../shared/config/server-config';
import type { SecretStore } from '../secrets/secret-store';
import type { Challenges } from './challenges';
import type { CredentialEpochs } from './credential-epochs';
import type { CredentialStore } from './credential-store';
import type { NeedsAuthCache } from './needs-auth-cache';
import type { TimerApi } from './refresh-timers';
import type { SignInLogs } from './sign-in-log';

/** Opens the authorization page for the user: each front end supplies its own. */
export type AuthorizationUrlOpener = (server: ServerName, url: string) => Promise<void>;

export interface AuthServiceOptions {
  secrets: SecretStore;
  dataDir: string;
  /** Where the needs-auth cache lives (default: dataDir). */
  cacheDir?: string;
  openAuthorizationUrl: AuthorizationUrlOpener;
  /** A server's sign-in state or OAuth log changed. */
  onChange?: (server: ServerName) => void;
  /** Told every credential value, so logs and messages elsewhere mask it. */
  onSecret?: (value: string) => void;
  /** Masks known secret values in log text. */
  redact?: (text: string) => string;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  callbackTimeoutMs?: number;
  needsAuthTtlMs?: number;
  timers?: TimerApi;
  /** The fetch OAuth requests go through (default: fetch with a 30 s limit per request). */
  fetch?: FetchLike;
}

export interface AuthContext {
  readonly options: AuthServiceOptions;
  readonly logs: SignInLogs;
  readonly cache: NeedsAuthCache;
  readonly store: CredentialStore;
  readonly epochs: CredentialEpochs;
  readonly challenges: Challenges;
  /** The fetch OAuth requests go through. */
  readonly fetch: FetchLike;
  readonly now: () => number;
  /** Tells the front ends that the server's sign-in state or OAuth log changed. */
  changed(server: ServerName): void;
}
