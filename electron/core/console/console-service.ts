/**
 * The server console of every server: collects stderr lines (from `server-log`
 * events) and connection changes into the ConsoleBuffer (log messages arrive there
 * through the logMessages client feature), sets log levels and pings.
 *
 * The level asked of a server is remembered and asked again after each reconnect: a
 * new session starts at the server's own default. MCP 2026-07-28 has no
 * `logging/setLevel` (nor `ping`): the level goes in every request's `_meta`
 * (`requestMeta`, handed to the connection manager), and ping is refused with the reason.
 */
import type { LogLevel, PingResult, ServerConsoleView } from '../../../shared/api/server-console';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ConnectionStatus, ServerView } from '../../../shared/domain';
import type { ConnectionManager } from '../connections/connection-manager';
import type { EventBus } from '../events/event-bus';
import { requestTimeoutMs } from '../connections/request-timeout';
import type { ConsoleBuffer } from './console-buffer';
import { logFailure } from '../diagnostics/diagnostics';
import { failure } from '../../../shared/errors';

const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';
const NO_PING_REASON = 'MCP 2026-07-28 has no ping';

/** The levels the user chose, per server: read by the connection manager for each 2026 request. */
export class LogLevels {
  private readonly levels = new Map<ServerName, LogLevel>();
  get(name: ServerName): LogLevel | undefined {
    return this.levels.get(name);
  }
  set(name: ServerName, level: LogLevel): void {
    this.levels.set(name, level);
  }
  delete(name: ServerName): void {
    this.levels.delete(name);
  }
  /** The `_meta` keys a 2026 request carries for the server: its log level, when one was chosen. */
  requestMeta(name: ServerName): Record<string, unknown> | undefined {
    const level = this.levels.get(name);
    return level ? { [LOG_LEVEL_META_KEY]: level } : undefined;
  }
}

export class ConsoleService {
  private readonly lastStatus = new Map<ServerName, ConnectionStatus>();

  constructor(
    private readonly connections: ConnectionManager,
    private readonly buffer: ConsoleBuffer,
    events: EventBus,
    /** Whether a server is still configured: a removed one's console is dropped. */
    private readonly isConfigured: (name: ServerName) => boolean,
    private readonly levels: LogLevels = new LogLevels(),
  ) {
    events.on('server-log', (event) => {
      if (event.stream === 'stderr') this.buffer.record(event.server, { source: 'stderr', text: event.line, time: event.time });
    });
    events.on('server-state', (event) => this.onState(event.server));
    events.on('servers-changed', () => {
      for (const name of this.lastStatus.keys()) if (!this.isConfigured(name)) this.forget(name);
    });
  }

  view(name: ServerName): ServerConsoleView {
    const level = this.levels.get(name);
    return { entries: this.buffer.entries(name), ...(level ? { level } : {}) };
  }

  clear(name: ServerName): void {
    this.buffer.clear(name);
  }

  async setLevel(name: ServerName, config: ServerConfig, level: LogLevel): Promise<LogLevel> {
    const capabilities = this.connections.state(name, config).capabilities;
    if (capabilities && !capabilities.logging) {
      throw failure('unavailable', `${name} does not declare the logging capability, so it cannot be asked for a log level.`);
    }
    await this.connections.request(name, config, async (client) => {
      // 2026: nothing to send now; every request from here on carries the level.
      if (client.getProtocolEra() !== 'modern') await client.setLoggingLevel(level, { timeout: requestTimeoutMs(this.connections, config) });
    });
    this.levels.set(name, level);
    return level;
  }

  async ping(name: ServerName, config: ServerConfig): Promise<PingResult> {
    if (this.connections.state(name, config).protocolEra === 'modern') throw failure('unavailable', `${name}: ${NO_PING_REASON}.`);
    return this.connections.request(name, config, async (client) => {
      const started = performance.now();
      await client.ping({ timeout: requestTimeoutMs(this.connections, config) });
      return { roundTripMs: performance.now() - started, time: Date.now() };
    });
  }

  private onState(server: ServerView): void {
    const previous = this.lastStatus.get(server.name);
    this.lastStatus.set(server.name, server.status);
    if (previous === server.status) return;
    if (server.status === 'connected') {
      const info = server.serverInfo;
      this.buffer.record(server.name, { source: 'event', text: `Connected${info ? ` to ${info.name} ${info.version}` : ''}.` });
      void this.reapplyLevel(server);
    } else if (server.status === 'failed') {
      this.buffer.record(server.name, { source: 'event', text: `Failed: ${server.error ?? 'the connection was lost.'}` });
    } else if (server.status === 'disconnected' && previous !== undefined) {
      this.buffer.record(server.name, { source: 'event', text: 'Disconnected.' });
    }
  }

  private forget(name: ServerName): void {
    this.buffer.clear(name);
    this.levels.delete(name);
    this.lastStatus.delete(name);
  }

  private async reapplyLevel(server: ServerView): Promise<void> {
    const level = this.levels.get(server.name);
    if (!level || !server.capabilities?.logging || server.protocolEra === 'modern') return;
    await this.connections
      .request(server.name, server.config, (client) => client.setLoggingLevel(level, { timeout: requestTimeoutMs(this.connections, server.config) }))
      .catch(logFailure(`Setting the log level of ${server.name} again failed`));
  }
}
