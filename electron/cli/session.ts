/**
 * One CLI run's core: the same createCore every front end uses, on the same app data
 * folder (MCP_WORKBENCH_HOME) and the same scopes (with --project), or on fixed servers
 * (--config, ad-hoc). Every call goes through the dispatcher, as the app's do, so
 * payloads are validated by the same schemas, each with the session's signal: Ctrl+C
 * cancels every call under way (a tool call tells its server, a task is cancelled on the
 * server) before close() ends every connection and server process; the CLI always calls
 * close() before exiting.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppApi } from '../../shared/api';
import type { Envelope } from '../../shared/envelope';
import { isStdioConfig, MODERN_PROTOCOL_VERSION, ProtocolSettingSchema, type ProtocolSetting, type ServerConfig, type ServerName } from '../../shared/config/server-config';
import type { LoadConnection } from '../core/load/load-plan';
import type { ServerView } from '../../shared/domain';
import type { Core } from '../core/api/core-api';
import { createSecretStore, KEYCHAIN_SECRETS_FILE } from '../core/secrets/create-secret-store';
import { lazySecretStore } from '../core/secrets/lazy-secret-store';
import type { AuthorizationUrlOpener } from '../core/auth/auth-service';
import type { ModelTurnMode } from '../core/models/model-access';
import { resolveAppDirs } from '../core/app-data';
import { mergeEnvironments } from '../core/config/login-shell-env';
import type { EarlyStdioStart } from '../core/connections/transports/early-stdio-start';
import type { FixedServers } from '../core/config/server-registry';
import { ENCRYPTED_SECRETS_FILE } from '../core/secrets/file-secret-store';
import { usageError } from './exit-codes';
import { cliHeadersHelperConsent, cliProjectServerConsent } from './headers-helper-consent';
import type { CliIo } from './output';
import { adhocServer, serversFromFile, type AdhocOptions, type AdhocServer } from './server-source';

declare const __APP_VERSION__: string;

export interface SourceOptions extends AdhocOptions {
  config?: string;
  project?: string;
  /** --protocol: auto, legacy, modern or a version. */
  protocol?: string;
  /** --allow-headers-helper: run servers' headersHelper commands without asking. */
  allowHeadersHelper?: boolean;
  /** --approve-project: start the project's servers the user has not approved, for this run. */
  approveProject?: boolean;
  /** test --allow-env: environment variables collections may read (each may hold several, comma-separated). */
  allowEnv?: string[];
}

/** --allow-env values as variable names: "A,B" and repeated flags alike. */
export function allowedEnvNames(values: string[] | undefined): string[] {
  const names = (values ?? []).flatMap((value) => value.split(',')).map((name) => name.trim()).filter(Boolean);
  const bad = names.find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  if (bad !== undefined) throw usageError(`--allow-env takes environment variable names (letters, digits and "_"), comma-separated; "${bad}" is not one.`);
  return names;
}

/** --protocol as a Protocol setting (`modern` is the 2026-07-28 revision). */
export function protocolOption(value: string | undefined): ProtocolSetting | undefined {
  if (value === undefined) return undefined;
  const setting = value.trim() === 'modern' ? MODERN_PROTOCOL_VERSION : value;
  const parsed = ProtocolSettingSchema.safeParse(setting);
  if (!parsed.success) throw usageError(`--protocol must be auto, legacy, modern or a protocol version such as 2025-06-18; got "${value}".`);
  return parsed.data;
}

/** What a command may add to the core it opens. */
export interface SessionHooks {
  /** Shows a sign-in's authorization page (`auth login`): print it, open a browser. */
  openAuthorizationUrl?: AuthorizationUrlOpener;
  /** The command answers the servers' questions itself (`test`, with its scripted answers): they are not declined. */
  answersServerRequests?: boolean;
  /** How eval steps' model turns are answered (`test --llm-record`, `--llm-replay`). */
  modelTurns?: ModelTurnMode;
}

export interface Session {
  api: AppApi;
  dataDir: string;
  /** Set when the run works on an ad-hoc server. */
  adhoc?: AdhocServer;
  /** Where the servers come from, for messages: a --config file, the command line, or the scopes. */
  source: 'scopes' | 'config' | 'adhoc';
  /** Notes about the source (entries of a --config file that were skipped). */
  notes: string[];
  /** The server a command names: the ad-hoc one, or the name given. */
  serverName(name: string | undefined): ServerName;
  /** A server's entry and live state, if it exists. */
  view(name: ServerName): Promise<ServerView | undefined>;
  /** Where secrets sit that this run cannot read, said for the user; undefined when there are none. */
  unreadableSecrets(): string | undefined;
  /** The server's entry as it is launched (variables and secrets filled in). */
  launchConfig(name: ServerName): Promise<ServerConfig>;
  /** How a load run's clients connect to the server (its launched entry): the era and the OAuth sign-in of this run's core. */
  loadConnection(name: ServerName, config: ServerConfig): LoadConnection;
  /**
   * One AppApi call answered as an envelope, cancelled by `signal` as well as by cancel():
   * how a live session (live-session/) serves the calls of the commands that use it.
   */
  invoke(method: string, payload: unknown, signal: AbortSignal): Promise<Envelope<unknown>>;
  /** Cancels every call under way (and any made after): each settles as cancelled. */
  cancel(): void;
  /** Aborted by cancel() (Ctrl+C): for work of a command's own that must stop with the calls. */
  signal: AbortSignal;
  close(): Promise<void>;
}

/**
 * Secrets the CLI cannot read here: the keychain store while no keychain answers, or what
 * the desktop app encrypted with Electron's safeStorage (moved into the keychain store the
 * next time the app starts where the keychain answers).
 */
function unreadableSecrets(dataDir: string, usingKeychain: boolean): string | undefined {
  const places: string[] = [];
  if (!usingKeychain && existsSync(path.join(dataDir, KEYCHAIN_SECRETS_FILE))) {
    places.push(`Secrets saved while the system keychain answered are in ${KEYCHAIN_SECRETS_FILE}, which needs the keychain: run where it answers (a desktop session, with its D-Bus on Linux).`);
  }
  if (existsSync(path.join(dataDir, ENCRYPTED_SECRETS_FILE))) {
    places.push(`Secrets the desktop app saved in ${ENCRYPTED_SECRETS_FILE} are encrypted with Electron's safeStorage, which the CLI cannot read; they move into the shared keychain store the next time the app starts where the keychain answers.`);
  }
  return places.length ? places.join('\n') : undefined;
}

const open = new Set<Session>();

/** Counts a session opened elsewhere (a live session's client) among those Ctrl+C cancels and closes; returns the way to forget it. */
export function trackSession(session: Session): () => void {
  open.add(session);
  return () => open.delete(session);
}

/** Cancels the calls under way in every open session (Ctrl+C), before they are closed. */
export function cancelAllSessions(): void {
  for (const session of open) session.cancel();
}

/** Servers started early whose session is still opening: a Ctrl+C or a crash meanwhile ends them too. Once it is open, its close() does. */
const earlyStarts = new Set<EarlyStdioStart>();

/** Closes every open session (Ctrl+C), and every server started for one still opening: no server process may outlive the CLI. */
export async function closeAllSessions(): Promise<void> {
  await Promise.all([...[...open].map((session) => session.close()), ...[...earlyStarts].map((early) => early.close())]);
}

/** How the command uses its session. */
export interface SessionUse {
  /**
   * The command connects to its server first thing: an ad-hoc stdio server is started while
   * the core loads (early-stdio-start.ts), not after.
   */
  connectsAtOnce?: boolean;
}

/** The core and what calls it: read after an ad-hoc server is started, so that both start side by side. */
const loadCore = () =>
  Promise.all([import('../core/api/core-api'), import('../core/api/dispatcher'), import('../../shared/api/client'), import('../../shared/envelope')]).then(
    ([{ createCore }, { createDispatcher }, { buildAppApi }, { unwrapEnvelope }]) => ({ createCore, createDispatcher, buildAppApi, unwrapEnvelope }),
  );

export async function openSession(options: SourceOptions, io: CliIo, hooks: SessionHooks = {}, use: SessionUse = {}): Promise<Session> {
  const adhoc = adhocServer(options);
  if (adhoc && options.config !== undefined) throw usageError('Give either --config or an ad-hoc server (--stdio, --url), not both.');
  if ((adhoc || options.config !== undefined) && options.project !== undefined) {
    throw usageError(`--project opens a project's scopes; it has no effect with ${adhoc ? 'an ad-hoc server' : '--config'}.`);
  }
  const notes: string[] = [];
  let fixed: FixedServers | undefined;
  if (adhoc) fixed = { source: 'the command line', entries: [[adhoc.name, adhoc.config]] };
  else if (options.config !== undefined) {
    const fromFile = await serversFromFile(options.config, io.cwd);
    fixed = fromFile.fixed;
    notes.push(...fromFile.skipped);
  }

  const dirs = resolveAppDirs(io.env);
  const dataDir = dirs.config;
  const protocol = protocolOption(options.protocol);
  // The system keychain's store, shared with the app and browser mode (a 0600 file where none
  // answers), opened when a secret is first read or saved: asking the keychain starts a helper
  // process (some 150 ms; on macOS possibly a prompt), which a command that touches no secret
  // (a stdio server without secret values, say) never needs.
  const secretStore = lazySecretStore(() => createSecretStore({ dataDir, env: io.env }));
  // A terminal already has the user's environment: no login shell to ask (shellEnv below), so a launch sees io.env.
  const early = use.connectsAtOnce && adhoc ? await startEarly(adhoc, mergeEnvironments(io.env, {}), secretStore) : undefined;
  let core: Core;
  let loaded: Awaited<ReturnType<typeof loadCore>>;
  try {
    loaded = await loadCore();
    const { createCore } = loaded;
    core = await createCore({
      dataDir,
      storageDir: dirs.data,
      cacheDir: dirs.cache,
      env: io.env,
      secretStore,
      autoConnect: false,
      watchConfig: false,
      // A terminal already has the user's environment: no login shell to ask.
      shellEnv: async () => ({ env: {} }),
      project: options.project !== undefined ? path.resolve(io.cwd, options.project) : null,
      ...(fixed ? { fixedServers: fixed } : {}),
      appVersion: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0',
      ...(hooks.openAuthorizationUrl ? { openAuthorizationUrl: hooks.openAuthorizationUrl } : {}),
      ...(hooks.modelTurns ? { modelTurns: hooks.modelTurns } : {}),
      ...(protocol ? { protocolOverride: protocol } : {}),
      headersHelperConsent: cliHeadersHelperConsent(options.allowHeadersHelper === true),
      projectServerConsent: cliProjectServerConsent(options.approveProject === true),
      collectionEnv: allowedEnvNames(options.allowEnv),
      collectionEnvHow: 'allow it with --allow-env <NAME>, or add it to collectionEnv in the app\'s settings.json',
      ...(early ? { createTransport: early.createTransport } : {}),
    });
  } catch (error) {
    await early?.close();
    if (early) earlyStarts.delete(early);
    if (options.project !== undefined) throw usageError(`--project: ${(error as Error).message}`);
    throw error;
  }
  const { createDispatcher, buildAppApi, unwrapEnvelope } = loaded;
  const dispatch = createDispatcher(core.api);
  const stop = new AbortController();
  const api = buildAppApi(async (method, payload) => unwrapEnvelope(await dispatch(method, payload, { signal: stop.signal })), core.api.onEvent);

  let closing: Promise<void> | undefined;
  const session: Session = {
    api,
    dataDir,
    ...(adhoc ? { adhoc } : {}),
    source: adhoc ? 'adhoc' : fixed ? 'config' : 'scopes',
    notes,
    serverName(name) {
      if (adhoc) {
        if (name !== undefined) throw usageError(`Give a server name or an ad-hoc server (--stdio, --url), not both ("${name}" and ${adhoc.name}).`);
        return adhoc.name;
      }
      if (name === undefined) throw usageError('Name a server, or give an ad-hoc one with --stdio "<command line>" or --url <url>.', 'mcp-workbench servers list shows the configured servers.');
      return name;
    },
    async view(name) {
      return (await api.listServers()).find((server) => server.name === name);
    },
    unreadableSecrets: () => unreadableSecrets(dataDir, secretStore.info().encrypted),
    launchConfig: (name) => core.launchConfig(name),
    loadConnection: (name, config) => core.loadConnection(name, config),
    invoke: (method, payload, signal) => dispatch(method, payload, { signal: AbortSignal.any([stop.signal, signal]) }),
    cancel: () => stop.abort(),
    signal: stop.signal,
    close() {
      // An early server the core never took over (the command ended before connecting) ends here too.
      closing ??= Promise.all([core.dispose(), early?.close()])
        .then(() => undefined)
        .finally(() => open.delete(session));
      return closing;
    },
  };
  open.add(session);
  // From here the session's close() ends the early server (unless the core took it over).
  if (early) earlyStarts.delete(early);
  return session;
}

/** The early start's module is read only when there is a server to start. */
async function startEarly(adhoc: AdhocServer, env: Record<string, string>, secrets: ReturnType<typeof lazySecretStore>): Promise<EarlyStdioStart | undefined> {
  if (!isStdioConfig(adhoc.config)) return undefined;
  const { startStdioEarly } = await import('../core/connections/transports/early-stdio-start');
  const early = await startStdioEarly(adhoc.name, adhoc.config, env, secrets);
  if (early) earlyStarts.add(early);
  return early;
}
