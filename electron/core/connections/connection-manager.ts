/**
 * Owns every live MCP connection: connects servers with the SDK, tracks their state,
 * runs requests on them (reconnecting a closed one first), and closes them cleanly.
 *
 * - Connections are memoized by `${name}-${JSON.stringify(config)}` (the stored entry):
 *   the same config shares one connection; a changed one replaces it.
 * - When a connection closes, the server's caches (tools, resources, prompts) and its
 *   memoized connection are dropped; a remote one that closed on its own is reconnected
 *   in the background (a few times a minute at most).
 * - An expired HTTP session is re-initialized and the request retried: once at once,
 *   then with backoff, then it gives up.
 * - Every message goes to the protocol log.
 * - The protocol era follows the entry's Protocol setting (era/era-plan.ts); what Auto
 *   detects is remembered per entry (era/era-cache.ts), and Reconnect detects it afresh.
 */
import { Client } from '@modelcontextprotocol/client';
import { DEFAULT_SETTINGS } from '../../../shared/api/settings';
import { AppError } from '../../../shared/envelope';
import { isEnabled, isStdioConfig, transportOf, type ProtocolSetting, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import type { EventBus } from '../events/event-bus';
import { delay, withDeadline } from './async-helpers';
import { AutoReconnect } from './auto-reconnect';
import { mergeCapabilities, type ClientFeature } from './client-feature';
import type { ConnectionAuth, RemoteAuth } from './connection-auth';
import { isSessionExpiredError, isUnauthorizedError, SessionExpiredError } from './connection-errors';
import { callFailureKind, connectFailureKind, describeCallError, describeConnectError, formatDuration, messageOf } from './describe-error';
import { LineTail } from './line-buffer';
import { ProtocolLog, type NewProtocolLogEntry } from './protocol-log';
import { isConnectionClosed } from './sdk-errors';
import { ServerCaches } from './server-caches';
import type { EraCache } from './era/era-cache';
import { describeEraError, isProbeClosedError } from './era/era-errors';
import { eraModeOf, planEra, type EraMode } from './era/era-plan';
import { fallbackLogText, fallbackNote, mayFallBackToSse, pinnedHint, refusedStreamableStatus } from './sse-fallback';
import { connectInBatches } from './startup';
import type { TokenProvider } from './token-provider';
import { RawDispatchTransport } from '../tasks/raw-dispatch-transport';
import { clientIdentity } from '../doctor/host-clients';
import { DegradationGuard } from './transports/degradation-guard';
import { ideLockDir } from './transports/ide-lockfiles';
import { LoggingTransport } from './transports/logging-transport';
import { RequestMetaTransport } from './transports/request-meta-transport';
import { createTransport, safeUrl, type BuiltTransport } from './transports/transport-factory';
import { diagnostics, logFailure } from '../diagnostics/diagnostics';

export const DEFAULT_CALL_TIMEOUT_MS = DEFAULT_SETTINGS.callTimeoutMs;
/** Time limit for one HTTP request to get its response headers. */
export const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 60_000;
/** Waits before each retry of a request whose session expired: one at once, then backoff. */
export const SESSION_RETRY_DELAYS_MS = [0, 500, 1500];
/** A remote server that closes on its own is reconnected at most this often per minute. */
const STDERR_LINES_KEPT = 200;
const STDERR_LINES_IN_ERRORS = 10;

/** The settings the connection manager reads (live: each connect and call reads them anew). */
export interface ConnectionSettings {
  connectTimeoutMs: number;
  callTimeoutMs: number;
  maxTotalCallTimeoutMs: number;
  resetTimeoutOnProgress: boolean;
  eraProbeTimeoutMs: number;
  stdioStartupConcurrency: number;
  remoteStartupConcurrency: number;
}

export interface ConnectionManagerOptions {
  events: EventBus;
  clientInfo: { name: string; version: string };
  /** Current settings; missing keys take their defaults. */
  settings?: () => Partial<ConnectionSettings>;
  /**
   * Turns a stored entry into the one to launch (variables expanded, secrets filled in,
   * the command's path resolved). The memo key stays the stored entry, so a launch
   * never writes anything back. A throw fails the connection with its message.
   */
  resolveLaunchConfig?: (name: ServerName, config: ServerConfig) => Promise<ServerConfig>;
  /** Bearer tokens for claudeai-proxy servers (overrides `auth` for them). */
  tokenProvider?: TokenProvider;
  /** OAuth sign-in: tokens for remote transports, the needs-auth cache. */
  auth?: ConnectionAuth;
  /** Where entries go; a private log when not given. */
  protocolLog?: ProtocolLog;
  /** Where IDE lock files are read (default: Claude Code's, ~/.claude/ide). */
  ideLockDir?: string;
  httpRequestTimeoutMs?: number;
  /** Client-side features (capabilities + handlers) installed on every new client. */
  clientFeatures?: readonly ClientFeature[];
  /** Where Protocol Auto remembers what it found; without it every connect detects afresh. */
  eraCache?: EraCache;
  /** Wins over every entry's Protocol setting (the CLI's --protocol). */
  protocolOverride?: ProtocolSetting;
  /**
   * The server's entry as the config files say now (undefined: removed). A background
   * reconnect uses it, so an entry edited, disabled or removed while the server was
   * away is honoured; without it the reconnect uses the entry the connection had.
   */
  currentConfig?: (name: ServerName) => ServerConfig | undefined;
  /** Extra `_meta` keys for the server's MCP 2026-07-28 requests (the per-request log level). */
  requestMeta?: (name: ServerName) => Record<string, unknown> | undefined;
}

export type ServerState = Omit<ServerView, 'name' | 'config'>;

interface Connection {
  client: Client;
  built: BuiltTransport;
  guard: DegradationGuard | undefined;
  logged: LoggingTransport;
  /** initialize succeeded. */
  established: boolean;
  /** We are closing it: its close is not a failure. */
  closing: boolean;
}

/** One memoized connection (or attempt) per server. */
interface Entry {
  key: string;
  config: ServerConfig;
  promise: Promise<Connection>;
  /** Set as soon as the client exists, so an attempt can be cancelled mid-connect. */
  connection?: Connection;
  /** Set once `promise` has resolved: the connection is open (a request on it need not wait for the promise). */
  open?: Connection;
  cancelled: boolean;
}

interface RequestContext {
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  signal?: AbortSignal;
}

/** Each entry's key (its name and JSON), made once: every call looks its connection and tool list up by it (entries are never changed in place, only replaced). */
const configKeys = new WeakMap<ServerConfig, { name: ServerName; key: string }>();

export function connectionKey(name: ServerName, config: ServerConfig): string {
  const known = configKeys.get(config);
  if (known?.name === name) return known.key;
  // Made once per entry: the same string every time, so comparing keys is comparing references.
  const key = `${name}-${JSON.stringify(config)}`;
  configKeys.set(config, { name, key });
  return key;
}

export class ConnectionManager {
  readonly caches = new ServerCaches();
  readonly protocolLog: ProtocolLog;
  private readonly entries = new Map<ServerName, Entry>();
  private readonly states = new Map<ServerName, ServerState>();
  private readonly stderr = new Map<ServerName, LineTail>();
  private readonly autoReconnect = new AutoReconnect();
  /** Each client's raw request channel (task traffic the SDK's codecs refuse: electron/core/tasks/). */
  private readonly rawChannels = new WeakMap<Client, RawDispatchTransport>();
  private readonly lockDir: string;
  /** Set by closeAll(): the app is shutting down, nothing may connect any more. */
  private shutDown = false;

  /** Called after every state change; the core API turns it into a `server-state` event. */
  onStateChange?: (name: ServerName) => void;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.protocolLog = options.protocolLog ?? new ProtocolLog();
    this.lockDir = options.ideLockDir ?? ideLockDir();
  }

  settings(): ConnectionSettings {
    return { ...DEFAULT_SETTINGS, ...this.options.settings?.() };
  }

  /** The live state; a server whose entry says `enabled: false` is `disabled` unless connected. */
  state(name: ServerName, config?: ServerConfig): ServerState {
    const state = this.states.get(name);
    if (config?.enabled === false && state?.status !== 'connected') return { status: 'disabled' };
    return state ?? { status: 'disconnected' };
  }

  /** Connects (or reuses the connection for this exact config) and resolves once initialized. */
  async connect(name: ServerName, config: ServerConfig): Promise<Client> {
    return (await this.ensureConnection(name, config)).client;
  }

  /** Closes whatever connection the server has, even a healthy one, and connects again (detecting its protocol era afresh). */
  async reconnect(name: ServerName, config: ServerConfig): Promise<Client> {
    await this.closeServer(name);
    await this.options.eraCache?.forget(connectionKey(name, config)).catch(logFailure(`Forgetting the protocol era of ${name} failed`));
    return this.connect(name, config);
  }

  /** The era mode for an entry: the override (CLI) or the entry's Protocol setting. */
  eraMode(config: ServerConfig): EraMode {
    return eraModeOf(this.options.protocolOverride ?? config.protocol);
  }

  async disconnect(name: ServerName): Promise<void> {
    await this.closeServer(name);
    this.setState(name, { status: 'disconnected' });
  }

  /** Drops all knowledge of a server (it was removed), closing its connection first. */
  async forget(name: ServerName): Promise<void> {
    await this.closeServer(name);
    this.states.delete(name);
    this.stderr.delete(name);
    this.autoReconnect.forget(name);
    this.protocolLog.clear(name);
  }

  /** Closes every connection for good (app shutdown): later connects are refused. */
  async closeAll(): Promise<void> {
    this.shutDown = true;
    this.autoReconnect.cancelAll();
    await Promise.all([...this.entries.keys()].map((name) => this.disconnect(name)));
  }

  /** Start-up: every enabled server, a few stdio ones and more remote ones at a time. */
  connectAtStartup(servers: ReadonlyArray<readonly [ServerName, ServerConfig]>): Promise<void> {
    const settings = this.settings();
    return connectInBatches(servers, { stdio: settings.stdioStartupConcurrency, remote: settings.remoteStartupConcurrency }, async (name, config) => {
      // A server that wanted sign-in moments ago is not tried (and does not prompt) again yet.
      const hold = await this.options.auth?.startupHold(name, config).catch(() => undefined);
      if (hold) {
        this.logEvent(name, hold);
        // Not recorded again: the entry's age is what lets it lapse.
        this.setState(name, { status: 'needs-auth', error: hold }, false);
        return;
      }
      await this.connect(name, config).catch(() => undefined);
    });
  }

  /** The raw request channel of a client this manager connected. */
  rawChannelOf(client: Client): RawDispatchTransport | undefined {
    return this.rawChannels.get(client);
  }

  /** The last lines the server wrote to stderr. */
  stderrTail(name: ServerName, count = STDERR_LINES_KEPT): string[] {
    return this.stderr.get(name)?.tail(count) ?? [];
  }

  /**
   * Runs one request on the server: connects (or reconnects) first; after an expired
   * session, re-initializes and runs it again (SESSION_RETRY_DELAYS_MS). Errors come back
   * as AppErrors whose message names the server and says what happened.
   * `run` gets the caller's signal (the SDK removes its listener when each request ends).
   */
  async request<T>(name: ServerName, config: ServerConfig, run: (client: Client, signal?: AbortSignal) => Promise<T>, ctx: RequestContext = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      // Open already (the usual call): no step to wait for before the request goes out.
      const connection = this.openConnection(name, config) ?? (await this.ensureConnection(name, config));
      // Cancelled while connecting: the request is never sent.
      if (ctx.signal?.aborted) throw new AppError('failed', `${name}: The call was cancelled.`, { kind: 'cancelled' });
      try {
        return await run(connection.client, ctx.signal);
      } catch (error) {
        const expired = isSessionExpiredError(error) || (isConnectionClosed(error) && connection.built.sessionExpired());
        if (expired && !ctx.signal?.aborted) {
          await this.dropConnection(name, connection);
          if (attempt < SESSION_RETRY_DELAYS_MS.length) {
            const wait = SESSION_RETRY_DELAYS_MS[attempt]!;
            this.logEvent(name, `The server ended the session; starting a new one and retrying${wait ? ` in ${formatDuration(wait)}` : ''}.`);
            if (wait) await delay(wait, { keepAlive: true });
            continue;
          }
          const message = `The server ended the session again after ${SESSION_RETRY_DELAYS_MS.length} new sessions; giving up.`;
          throw new AppError('failed', `${name}: ${describeCallError(new SessionExpiredError(message), { timeoutMs: 0 })}`, { kind: 'connection' });
        }
        if (isUnauthorizedError(error)) {
          await this.dropConnection(name, connection);
          this.setState(name, { status: 'needs-auth', error: `The server requires sign-in: ${messageOf(error)}`, errorKind: 'needs-auth' });
        }
        throw new AppError(
          'failed',
          `${name}: ${
            (ctx.signal?.aborted ? undefined : describeEraError(error, this.eraMode(config))) ??
            describeCallError(error, {
              timeoutMs: ctx.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
              ...(ctx.maxTotalTimeoutMs !== undefined ? { maxTotalTimeoutMs: ctx.maxTotalTimeoutMs } : {}),
              aborted: ctx.signal?.aborted === true,
              ...withReason(closeReasonOf(connection)),
            })
          }`,
          // Callers in the core may need the protocol error itself (e.g. URL elicitation, -32042).
          { cause: error, kind: callFailureKind(error, ctx.signal?.aborted === true) },
        );
      }
    }
  }

  /** The connection ensureConnection would answer with at once: this entry's, connected, and not closing. */
  private openConnection(name: ServerName, config: ServerConfig): Connection | undefined {
    if (config.enabled === false || this.shutDown) return undefined;
    const entry = this.entries.get(name);
    if (!entry || !this.isCurrent(entry, name, config)) return undefined;
    const open = entry.open;
    return open && !open.closing ? open : undefined;
  }

  private async ensureConnection(name: ServerName, config: ServerConfig): Promise<Connection> {
    if (config.enabled === false) {
      throw new AppError('failed', `${name} is disabled; enable it to connect.`, { kind: 'disabled' });
    }
    // Start-up batches may still be running while the app quits: starting a server now
    // would leave its process behind.
    if (this.shutDown) throw new AppError('failed', `${name}: not connecting, MCP Workbench is shutting down.`, { kind: 'cancelled' });
    for (;;) {
      const entry = this.entries.get(name);
      if (!entry) break;
      if (this.isCurrent(entry, name, config)) return entry.promise;
      // The config changed: the old connection goes, a new one comes.
      await this.closeEntry(name, entry);
    }
    this.autoReconnect.cancel(name);
    const entry: Entry = { key: connectionKey(name, config), config, cancelled: false, promise: undefined as unknown as Promise<Connection> };
    entry.promise = this.open(name, config, entry);
    this.entries.set(name, entry);
    entry.promise.then(
      (connection) => {
        entry.open = connection;
      },
      () => {
        if (this.entries.get(name) === entry) this.entries.delete(name);
      },
    );
    return entry.promise;
  }

  /** Whether the entry is the connection for this config: the same object (every call, until the config changes) or the same key. */
  private isCurrent(entry: Entry | undefined, name: ServerName, config: ServerConfig): boolean {
    return entry !== undefined && (entry.config === config || entry.key === connectionKey(name, config));
  }

  private async closeServer(name: ServerName): Promise<void> {
    this.autoReconnect.cancel(name);
    const entry = this.entries.get(name);
    if (entry) await this.closeEntry(name, entry);
  }

  /** Closes an entry we no longer want, whether connected or still connecting. */
  private async closeEntry(name: ServerName, entry: Entry): Promise<void> {
    if (this.entries.get(name) === entry) this.entries.delete(name);
    entry.cancelled = true;
    const connection = entry.connection;
    if (connection) {
      connection.closing = true;
      this.caches.drop(name);
      // While connecting (an era probe waiting out its bound, a slow initialize) the client is
      // not yet attached to the transport and its close() leaves the server running: closing
      // the transport ends the process (the whole tree) and fails the connect at once.
      if (!connection.established) await connection.logged.close().catch(logFailure(`Closing the transport of ${name} failed`, 'debug'));
      await connection.client.close().catch(logFailure(`Closing the connection to ${name} failed`, 'debug'));
    }
    await entry.promise.catch(() => undefined);
  }

  /** Drops a connection that turned out dead, unless it was already replaced. */
  private async dropConnection(name: ServerName, connection: Connection): Promise<void> {
    const entry = this.entries.get(name);
    if (entry?.connection === connection) await this.closeEntry(name, entry);
    else {
      connection.closing = true;
      await connection.client.close().catch(logFailure(`Closing the connection to ${name} failed`, 'debug'));
    }
  }

  /**
   * `asLegacy`: the probe ended a stdio server, which makes it a 2025 one; it is started again for initialize.
   * `overSse`: a URL-only entry's server refused Streamable HTTP with this status; it is tried over SSE.
   */
  private async open(name: ServerName, config: ServerConfig, entry: Entry, retry: { asLegacy?: boolean; overSse?: number } = {}): Promise<Connection> {
    const { asLegacy = false, overSse } = retry;
    const timeoutMs = config.connectTimeoutMs ?? this.settings().connectTimeoutMs;
    this.setState(name, { status: 'pending' });
    const mode = this.eraMode(config);
    const verdict = mode.kind === 'auto' && !asLegacy && overSse === undefined ? await this.options.eraCache?.get(entry.key).catch(logFailure(`Reading the remembered protocol era of ${name} failed`)) : undefined;
    const era = planEra(mode, {
      transport: overSse !== undefined ? 'sse' : transportOf(config),
      verdict: asLegacy ? { era: 'legacy', at: Date.now() } : verdict,
      probeTimeoutMs: this.settings().eraProbeTimeoutMs,
      connectTimeoutMs: timeoutMs,
    });
    const stderr = new LineTail(STDERR_LINES_KEPT, (line) =>
      this.options.events.emit({ type: 'server-log', server: name, stream: 'stderr', line, time: Date.now() }),
    );
    this.stderr.set(name, stderr);
    const log = (fields: NewProtocolLogEntry) => this.protocolLog.record(name, fields);
    const stdio = isStdioConfig(config);
    this.logEvent(name, stdio ? `Starting ${config.command}` : `Connecting${overSse !== undefined ? ' over SSE' : ''} to ${'url' in config ? describeUrl(config.url) : ''}`);

    let built: BuiltTransport;
    try {
      const resolved = this.options.resolveLaunchConfig ? await this.options.resolveLaunchConfig(name, config) : config;
      const launch: ServerConfig = overSse !== undefined && resolved.type === 'http' ? { ...resolved, type: 'sse' } : resolved;
      // The whole command line, as launched (secrets filled in are masked in the log like everywhere).
      if (diagnostics.enabled('debug')) diagnostics.debug(`${name}: ${describeLaunch(config, launch)}`);
      built = await createTransport(launch, {
        server: name,
        requestTimeoutMs: () => this.options.httpRequestTimeoutMs ?? DEFAULT_HTTP_REQUEST_TIMEOUT_MS,
        toolCallTimeoutMs: () => this.settings().maxTotalCallTimeoutMs,
        ...(this.options.tokenProvider ? { tokenProvider: this.options.tokenProvider } : {}),
        ...withRemoteAuth(this.options.auth?.remoteAuth(name, launch)),
        ideLockDir: this.lockDir,
        stdio: {
          onStderr: (text) => stderr.write(text),
          onStderrEnd: () => stderr.end(),
          onNoise: (line) => {
            log({ direction: 'in', kind: 'noise', text: line });
            this.options.events.emit({ type: 'server-log', server: name, stream: 'stdout', line, time: Date.now() });
          },
          onSignal: (signal) => this.logEvent(name, `Sent ${signal} to the server's processes.`),
        },
      });
    } catch (error) {
      if (entry.cancelled) throw cancelled(name);
      const reason = isUnauthorizedError(error) ? `The server requires sign-in: ${messageOf(error)}` : messageOf(error);
      this.setState(name, { status: isUnauthorizedError(error) ? 'needs-auth' : 'failed', error: reason, errorKind: connectFailureKind(error) });
      this.logEvent(name, `Could not connect: ${reason}`);
      throw new AppError('failed', `${name}: ${reason}`, { kind: connectFailureKind(error) });
    }
    if (entry.cancelled) {
      await built.transport.close().catch(() => undefined);
      throw cancelled(name);
    }

    const guard = built.remote ? new DegradationGuard(built.transport) : undefined;
    const logged = new LoggingTransport(guard ?? built.transport, log, built.headerTap);
    const features = this.options.clientFeatures ?? [];
    // A server entry may connect as a host (the doctor's "connect as"): its clientInfo, and only the capabilities it declares.
    const identity = clientIdentity(config.connectAs, { clientInfo: this.options.clientInfo, capabilities: mergeCapabilities(features.map((feature) => feature.capabilities?.(name, config) ?? {})) });
    // A feature whose capability is left out is not installed (the SDK refuses handlers for undeclared capabilities).
    const installed = features.filter((feature) => Object.keys(feature.capabilities?.(name, config) ?? {}).every((key) => key in identity.capabilities));
    const client = new Client(identity.clientInfo, { capabilities: identity.capabilities, ...era.clientOptions });
    for (const feature of installed) feature.install(name, config, client);
    const connection: Connection = { client, built, guard, logged, established: false, closing: false };
    entry.connection = connection;
    client.onclose = () => this.onClosed(name, entry, connection);

    try {
      const prior = era.prior ? { prior: era.prior } : {};
      // Outside the logging transport, so the protocol log shows the _meta the server gets.
      const wire = new RawDispatchTransport(new RequestMetaTransport(logged, () => this.options.requestMeta?.(name)), { clientInfo: identity.clientInfo, capabilities: identity.capabilities as Record<string, unknown> });
      this.rawChannels.set(client, wire);
      await withDeadline(client.connect(wire, { timeout: timeoutMs, ...prior }), timeoutMs, () => void logged.close().catch(() => undefined));
    } catch (error) {
      connection.closing = true;
      await client.close().catch(logFailure(`Closing the connection to ${name} failed`, 'debug'));
      if (entry.cancelled) throw cancelled(name);
      if (era.probing && stdio && isProbeClosedError(error) && !this.shutDown) {
        this.logEvent(name, 'The server ended when asked server/discover: it speaks the 2025 protocol. Starting it again with initialize.');
        await this.options.eraCache?.set(entry.key, { era: 'legacy' }).catch(logFailure(`Remembering the protocol era of ${name} failed`));
        return this.open(name, config, entry, { asLegacy: true });
      }
      const refused = overSse === undefined ? refusedStreamableStatus(error) : undefined;
      if (refused !== undefined && mayFallBackToSse(config) && !this.shutDown) {
        this.logEvent(name, fallbackLogText(refused));
        return this.open(name, config, entry, { overSse: refused });
      }
      const described = describeEraError(error, mode) ?? describeConnectError(error, {
        ...(stdio ? { command: config.command } : {}),
        timeoutMs,
        ...withReason(closeReasonOf(connection)),
      });
      const reason =
        overSse !== undefined
          ? `The server did not accept Streamable HTTP (HTTP ${overSse}), and SSE failed too: ${described}`
          : refused !== undefined && config.type === 'http'
            ? `${described.replace(/\.$/, '')}${pinnedHint(refused)}`
            : described;
      const exit = built.exit();
      this.setState(name, {
        status: isUnauthorizedError(error) ? 'needs-auth' : 'failed',
        error: reason,
        errorKind: connectFailureKind(error),
        stderrTail: stderr.tail(STDERR_LINES_IN_ERRORS),
        ...(exit ? { exit } : {}),
      });
      this.logEvent(name, `Could not connect: ${reason}`);
      throw new AppError('failed', `${name}: ${reason}`, { kind: connectFailureKind(error) });
    }
    connection.established = true;
    if (entry.cancelled) {
      connection.closing = true;
      await client.close().catch(logFailure(`Closing the connection to ${name} failed`, 'debug'));
      throw cancelled(name);
    }

    const protocolEra = client.getProtocolEra() ?? 'legacy';
    const source = asLegacy ? 'detected' : era.source;
    const negotiated = client.getNegotiatedProtocolVersion() ?? logged.protocolVersion;
    if (era.probing) {
      const discover = client.getDiscoverResult();
      const found = protocolEra === 'modern' && negotiated && discover ? ({ era: 'modern', version: negotiated, discover } as const) : ({ era: 'legacy' } as const);
      await this.options.eraCache?.set(entry.key, found).catch(logFailure(`Remembering the protocol era of ${name} failed`));
    }
    const serverInfo = client.getServerVersion();
    const instructions = client.getInstructions();
    this.setState(name, {
      status: 'connected',
      ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version, ...(serverInfo.title ? { title: serverInfo.title } : {}) } } : {}),
      ...(instructions ? { instructions } : {}),
      capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
      ...(negotiated ? { protocolVersion: negotiated } : {}),
      protocolEra,
      protocolSource: source,
      ...(overSse !== undefined ? { transportNote: fallbackNote(overSse) } : {}),
    });
    const how = source === 'remembered' ? ', as detected before' : source === 'detected' ? ', detected' : '';
    this.logEvent(name, `Connected${serverInfo ? ` to ${serverInfo.name} ${serverInfo.version}` : ''} on MCP ${negotiated ?? 'unknown version'} (${protocolEra === 'modern' ? '2026 era' : '2025 era'}${how}).`);
    return connection;
  }

  /** The transport closed: drop caches and the memoized connection; report it if unexpected. */
  private onClosed(name: ServerName, entry: Entry, connection: Connection): void {
    this.caches.drop(name);
    if (this.entries.get(name) === entry) this.entries.delete(name);
    if (connection.closing) {
      this.logEvent(name, 'Disconnected.');
      return;
    }
    // Still connecting: open() reports the failure.
    if (!connection.established) return;
    const reason = closeReasonOf(connection) ?? 'The server closed the connection.';
    const exit = connection.built.exit();
    this.logEvent(name, `Connection lost: ${reason}`);
    this.setState(name, {
      status: 'failed',
      error: reason,
      errorKind: 'connection',
      stderrTail: this.stderrTail(name, STDERR_LINES_IN_ERRORS),
      ...(exit ? { exit } : {}),
    });
    if (connection.built.remote) this.scheduleAutoReconnect(name, entry.config);
  }

  /** A remote server that went away is tried again in the background, a few times a minute at most. */
  private scheduleAutoReconnect(name: ServerName, config: ServerConfig): void {
    const scheduled = this.autoReconnect.schedule(name, () => {
      if (this.entries.has(name) || this.shutDown) return;
      const current = this.options.currentConfig ? this.options.currentConfig(name) : config;
      if (!current || !isEnabled(current)) {
        this.logEvent(name, `Not reconnecting: the server was ${current ? 'disabled' : 'removed'}.`);
        return;
      }
      this.logEvent(name, 'Reconnecting.');
      this.connect(name, current).catch(logFailure(`Reconnecting ${name} failed`, 'debug'));
    });
    if (!scheduled) this.logEvent(name, 'Not reconnecting automatically: it dropped too often in the last minute. The next request reconnects.');
  }

  private logEvent(name: ServerName, text: string): void {
    this.protocolLog.record(name, { direction: 'local', kind: 'event', size: 0, text });
  }

  private setState(name: ServerName, state: ServerState, tellAuth = true): void {
    const before = this.states.get(name)?.status;
    this.states.set(name, { ...state, since: Date.now() });
    if (tellAuth && state.status === 'needs-auth' && before !== 'needs-auth') this.options.auth?.onNeedsAuth(name);
    if (state.status === 'connected') this.options.auth?.onConnected(name);
    this.onStateChange?.(name);
  }
}

function cancelled(name: ServerName): AppError {
  return new AppError('failed', `${name}: the connection attempt was cancelled (disconnected, or its config changed).`, { kind: 'cancelled' });
}

function closeReasonOf(connection: Connection): string | undefined {
  return connection.guard?.closeReason ?? connection.built.closeReason();
}

function withRemoteAuth(remoteAuth: RemoteAuth | undefined): { remoteAuth?: RemoteAuth } {
  return remoteAuth ? { remoteAuth } : {};
}

function withReason(reason: string | undefined): { closeReason?: string } {
  return reason ? { closeReason: reason } : {};
}

/**
 * What is started or connected to, for the debug log: the command line and the variables the
 * entry sets (not the whole inherited environment), or the URL without its query.
 */
function describeLaunch(config: ServerConfig, launch: ServerConfig): string {
  if (isStdioConfig(launch)) {
    const own = Object.keys((isStdioConfig(config) && config.env) || {});
    const env = own.map((key) => `${key}=${launch.env?.[key] ?? ''}`).join(' ');
    return `starting ${[launch.command, ...(launch.args ?? [])].join(' ')}${launch.cwd ? ` in ${launch.cwd}` : ''}${env ? ` with ${env}` : ''}`;
  }
  return `connecting to ${'url' in launch ? describeUrl(launch.url) : 'its server'} (${launch.type ?? 'http'})`;
}

function describeUrl(text: string): string {
  try {
    return safeUrl(new URL(text));
  } catch {
    return 'an invalid URL';
  }
}
