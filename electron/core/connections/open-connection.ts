/**
 * The steps of one connection attempt: the launch entry resolved, the transport built, a
 * client made with the features' capabilities and handlers, initialize (or server/discover)
 * within the connect timeout, the protocol era settled (and remembered for Auto), the
 * server's answer reported as the attempt's state. After every step that waits, a retired
 * attempt (Disconnect, a newer attempt) stops and closes what it built, and an attempt whose
 * connection closed meanwhile is not reported connected.
 */
import { Client } from '@modelcontextprotocol/client';
import { AppError } from '../../../shared/envelope';
import { isStdioConfig, transportOf, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import { clientIdentity } from './host-clients';
import { diagnostics, ignoreFailure, logFailure } from '../diagnostics/diagnostics';
import { RawDispatchTransport } from './transports/raw-dispatch-transport';
import { withDeadline } from './async-helpers';
import { mergeCapabilities } from './client-feature';
import type { RemoteAuth } from './connection-auth';
import { isUnauthorizedError } from './connection-errors';
import { connectFailureKind, describeConnectError } from './describe-error';
import { describeEraError, endedOnEraProbe } from './era/era-errors';
import type { EraMode } from './era/era-plan';
import { planEra } from './era/era-plan';
import type { ConnectionManagerOptions, ConnectionSettings } from './connection-manager';
import type { Link, ServerConnection } from './server-connection';
import { fallbackLogText, fallbackNote, mayFallBackToSse, pinnedHint, refusedStreamableStatus } from './sse-fallback';
import { DegradationGuard } from './transports/degradation-guard';
import { LoggingTransport } from './transports/logging-transport';
import { RequestMetaTransport } from './transports/request-meta-transport';
import { createTransport, safeUrl, type BuiltTransport } from './transports/transport-factory';
import { failure, messageOf } from '../../../shared/errors';

const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 60_000;
const STDERR_LINES_IN_ERRORS = 10;

export interface OpenDeps {
  options: ConnectionManagerOptions;
  settings(): ConnectionSettings;
  eraMode(config: ServerConfig): EraMode;
  lockDir: string;
  /** The app is shutting down: no second try (a re-start for the 2025 era, SSE) begins. */
  shuttingDown(): boolean;
  /** Each client's raw request channel (task traffic: electron/core/tasks/). */
  rawChannels: WeakMap<Client, RawDispatchTransport>;
  /** A link's client closed (the manager decides what that means for the server). */
  onLinkClosed(attempt: ServerConnection, link: Link): void;
}

/**
 * `asLegacy`: the probe ended a stdio server, which makes it a 2025 one; it is started again for initialize.
 * `overSse`: a URL-only entry's server refused Streamable HTTP with this status; it is tried over SSE.
 */
export async function openConnection(attempt: ServerConnection, deps: OpenDeps, retry: { asLegacy?: boolean; overSse?: number; forgetEra?: boolean } = {}): Promise<ServerConnection> {
  const { name, config } = attempt;
  const { options } = deps;
  const { asLegacy = false, overSse } = retry;
  const timeoutMs = config.connectTimeoutMs ?? deps.settings().connectTimeoutMs;
  // Retired while it waited for the attempt before it to close: it never starts.
  if (attempt.retired) throw cancelled(name);
  attempt.report({ status: 'pending', ...(attempt.retryNote ? { retry: attempt.retryNote } : {}) });
  if (retry.forgetEra) await options.eraCache?.forget(attempt.key).catch(logFailure(`Forgetting the protocol era of ${name} failed`));
  const mode = deps.eraMode(config);
  const verdict = mode.kind === 'auto' && !asLegacy && overSse === undefined ? await options.eraCache?.get(attempt.key).catch(logFailure(`Reading the remembered protocol era of ${name} failed`)) : undefined;
  if (attempt.retired) throw cancelled(name);
  const era = planEra(mode, {
    transport: overSse !== undefined ? 'sse' : transportOf(config),
    verdict: asLegacy ? { era: 'legacy', at: Date.now() } : verdict,
    probeTimeoutMs: deps.settings().eraProbeTimeoutMs,
    connectTimeoutMs: timeoutMs,
  });
  const log = attempt.record.bind(attempt);
  const stdio = isStdioConfig(config);
  attempt.logEvent(stdio ? `Starting ${config.command}` : `Connecting${overSse !== undefined ? ' over SSE' : ''} to ${'url' in config ? describeUrl(config.url) : ''}`);

  let built: BuiltTransport;
  try {
    const resolved = options.resolveLaunchConfig ? await options.resolveLaunchConfig(name, config) : config;
    if (attempt.retired) throw cancelled(name);
    const launch: ServerConfig = overSse !== undefined && resolved.type === 'http' ? { ...resolved, type: 'sse' } : resolved;
    // The whole command line, as launched (secrets filled in are masked in the log like everywhere).
    if (diagnostics.enabled('debug')) diagnostics.debug(`${name}: ${describeLaunch(config, launch)}`);
    built = await (options.createTransport ?? createTransport)(launch, {
      server: name,
      requestTimeoutMs: () => options.httpRequestTimeoutMs ?? DEFAULT_HTTP_REQUEST_TIMEOUT_MS,
      toolCallTimeoutMs: () => deps.settings().maxTotalCallTimeoutMs,
      ...(options.tokenProvider ? { tokenProvider: options.tokenProvider } : {}),
      ...withRemoteAuth(options.auth?.remoteAuth(name, launch)),
      ideLockDir: deps.lockDir,
      stdio: {
        onStderr: (text) => attempt.stderr.write(text),
        onStderrEnd: () => attempt.stderr.end(),
        onNoise: (line) => {
          log({ direction: 'in', kind: 'noise', text: line });
          attempt.emitLine('stdout', line);
        },
        onSignal: (signal) => attempt.logEvent(`Sent ${signal} to the server's processes.`),
      },
    });
  } catch (error) {
    if (attempt.retired) throw cancelled(name);
    const reason = isUnauthorizedError(error) ? `The server requires sign-in: ${messageOf(error)}` : messageOf(error);
    attempt.report({ status: isUnauthorizedError(error) ? 'needs-auth' : 'failed', error: reason, errorKind: connectFailureKind(error) });
    attempt.logEvent(`Could not connect: ${reason}`);
    throw new AppError('failed', `${name}: ${reason}`, { kind: connectFailureKind(error) });
  }
  if (attempt.retired) {
    await built.transport.close().catch(ignoreFailure('closing the transport of a connection that did not open'));
    throw cancelled(name);
  }

  const guard = built.remote ? new DegradationGuard(built.transport) : undefined;
  const logged = new LoggingTransport(guard ?? built.transport, log, built.headerTap);
  const features = options.clientFeatures ?? [];
  // A server entry may connect as a host (the doctor's "connect as"): its clientInfo, and only the capabilities it declares.
  const identity = clientIdentity(config.connectAs, { clientInfo: options.clientInfo, capabilities: mergeCapabilities(features.map((feature) => feature.capabilities?.(name, config) ?? {})) });
  // A feature whose capability is left out is not installed (the SDK refuses handlers for undeclared capabilities).
  const installed = features.filter((feature) => Object.keys(feature.capabilities?.(name, config) ?? {}).every((key) => key in identity.capabilities));
  const client = new Client(identity.clientInfo, { capabilities: identity.capabilities, ...era.clientOptions });
  for (const feature of installed) feature.install(name, config, client);
  const link: Link = { client, built, guard, logged, established: false, closing: false };
  attempt.link = link;
  client.onclose = () => deps.onLinkClosed(attempt, link);

  try {
    const prior = era.prior ? { prior: era.prior } : {};
    // Outside the logging transport, so the protocol log shows the _meta the server gets.
    const wire = new RawDispatchTransport(new RequestMetaTransport(logged, () => options.requestMeta?.(name)), { clientInfo: identity.clientInfo, capabilities: identity.capabilities as Record<string, unknown> });
    link.raw = wire;
    deps.rawChannels.set(client, wire);
    await withDeadline(client.connect(wire, { timeout: timeoutMs, ...prior }), timeoutMs, () => void logged.close().catch(ignoreFailure('closing a transport whose connect ran out of time')));
  } catch (error) {
    link.closing = true;
    await client.close().catch(logFailure(`Closing the connection to ${name} failed`, 'debug'));
    if (attempt.retired) throw cancelled(name);
    if (endedOnEraProbe(era, config, error) && !deps.shuttingDown()) {
      attempt.logEvent('The server ended when asked server/discover: it speaks the 2025 protocol. Starting it again with initialize.');
      await options.eraCache?.set(attempt.key, { era: 'legacy' }).catch(logFailure(`Remembering the protocol era of ${name} failed`));
      return openConnection(attempt, deps, { asLegacy: true });
    }
    const refused = overSse === undefined ? refusedStreamableStatus(error) : undefined;
    if (refused !== undefined && mayFallBackToSse(config) && !deps.shuttingDown()) {
      attempt.logEvent(fallbackLogText(refused));
      return openConnection(attempt, deps, { overSse: refused });
    }
    const described = describeEraError(error, mode) ?? describeConnectError(error, {
      ...(stdio ? { command: config.command } : {}),
      timeoutMs,
      ...withReason(closeReasonOf(link)),
    });
    const reason =
      overSse !== undefined
        ? `The server did not accept Streamable HTTP (HTTP ${overSse}), and SSE failed too: ${described}`
        : refused !== undefined && config.type === 'http'
          ? `${described.replace(/\.$/, '')}${pinnedHint(refused)}`
          : described;
    const exit = built.exit();
    attempt.report({
      status: isUnauthorizedError(error) ? 'needs-auth' : 'failed',
      error: reason,
      errorKind: connectFailureKind(error),
      stderrTail: attempt.stderr.tail(STDERR_LINES_IN_ERRORS),
      ...(exit ? { exit } : {}),
    });
    attempt.logEvent(`Could not connect: ${reason}`);
    throw new AppError('failed', `${name}: ${reason}`, { kind: connectFailureKind(error) });
  }
  link.established = true;
  if (attempt.retired) {
    link.closing = true;
    await client.close().catch(logFailure(`Closing the connection to ${name} failed`, 'debug'));
    throw cancelled(name);
  }

  const protocolEra = client.getProtocolEra() ?? 'legacy';
  const source = asLegacy ? 'detected' : era.source;
  const negotiated = client.getNegotiatedProtocolVersion() ?? logged.protocolVersion;
  if (era.probing) {
    const discover = client.getDiscoverResult();
    const found = protocolEra === 'modern' && negotiated && discover ? ({ era: 'modern', version: negotiated, discover } as const) : ({ era: 'legacy' } as const);
    await options.eraCache?.set(attempt.key, found).catch(logFailure(`Remembering the protocol era of ${name} failed`));
    // Retired, or the server went away while the verdict was written: that is what the state says (lost, with the crash's details), not "connected".
    if (attempt.retired) throw cancelled(name);
    if (attempt.phase === 'ended') throw failure('connection', `${name}: ${attempt.state.error ?? 'The server closed the connection.'}`);
  }
  const serverInfo = client.getServerVersion();
  const instructions = client.getInstructions();
  attempt.report({
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
  attempt.logEvent(`Connected${serverInfo ? ` to ${serverInfo.name} ${serverInfo.version}` : ''} on MCP ${negotiated ?? 'unknown version'} (${protocolEra === 'modern' ? '2026 era' : '2025 era'}${how}).`);
  return attempt;
}

/** What a link's close says about why it closed (a guard's verdict, the transport's own reason). */
export function closeReasonOf(link: Link): string | undefined {
  return link.guard?.closeReason ?? link.built.closeReason();
}

export function withReason(reason: string | undefined): { closeReason?: string } {
  return reason ? { closeReason: reason } : {};
}

function cancelled(name: ServerName): AppError {
  return failure('cancelled', `${name}: the connection attempt was cancelled (disconnected, or its config changed).`);
}

function withRemoteAuth(remoteAuth: RemoteAuth | undefined): { remoteAuth?: RemoteAuth } {
  return remoteAuth ? { remoteAuth } : {};
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
