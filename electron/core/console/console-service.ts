/**
 * The server console of every server: collects stderr lines (from `server-log`
 * events) and connection changes into the ConsoleBuffer (log messages arrive there
 * through the logMessages client feature), sets log levels and pings.
 *
 * The level asked of a server is remembered and asked again after each reconnect: a
 * new session starts at the server's own default.
 */
import type { LogLevel, PingResult, ServerConsoleView } from '../../../shared/api/server-console';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ConnectionStatus, ServerView } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { AppEvent } from '../../../shared/events';
import type { ConnectionManager } from '../connections/connection-manager';
import type { EventBus } from '../events/event-bus';
import { requestTimeoutMs } from '../util/request-timeout';
import type { ConsoleBuffer } from './console-buffer';

export class ConsoleService {
  private readonly levels = new Map<ServerName, LogLevel>();
  private readonly lastStatus = new Map<ServerName, ConnectionStatus>();

  constructor(
    private readonly connections: ConnectionManager,
    private readonly buffer: ConsoleBuffer,
    events: EventBus,
    /** Whether a server is still configured: a removed one's console is dropped. */
    private readonly isConfigured: (name: ServerName) => boolean,
  ) {
    events.subscribe((event) => this.onEvent(event));
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
      throw new AppError('failed', `${name} does not declare the logging capability, so it cannot be asked for a log level.`);
    }
    await this.connections.request(name, config, (client) => client.setLoggingLevel(level, { timeout: requestTimeoutMs(this.connections, config) }));
    this.levels.set(name, level);
    return level;
  }

  async ping(name: ServerName, config: ServerConfig): Promise<PingResult> {
    return this.connections.request(name, config, async (client) => {
      const started = performance.now();
      await client.ping({ timeout: requestTimeoutMs(this.connections, config) });
      return { roundTripMs: performance.now() - started, time: Date.now() };
    });
  }

  private onEvent(event: AppEvent): void {
    if (event.type === 'server-log' && event.stream === 'stderr') {
      this.buffer.record(event.server, { source: 'stderr', text: event.line, time: event.time });
    } else if (event.type === 'server-state') {
      this.onState(event.server);
    } else if (event.type === 'servers-changed') {
      for (const name of this.lastStatus.keys()) if (!this.isConfigured(name)) this.forget(name);
    }
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
    if (!level || !server.capabilities?.logging) return;
    await this.connections
      .request(server.name, server.config, (client) => client.setLoggingLevel(level, { timeout: requestTimeoutMs(this.connections, server.config) }))
      .catch(() => undefined);
  }
}
