/**
 * Owns every live MCP connection: connects servers with the SDK, tracks their state,
 * lists and calls tools, and closes them cleanly. Connections are memoized by
 * `${name}-${JSON.stringify(config)}`, so the same config shares one connection and a
 * changed config replaces it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AppError } from '../../../shared/envelope';
import { isStdioConfig, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import { mcpToolName, type ContentBlock, type ServerView, type ToolCallResult, type ToolInfo } from '../../../shared/domain';
import type { EventBus } from '../events/event-bus';
import { describeCallError, describeConnectError } from './describe-error';
import { LineTail } from './line-buffer';
import { createTransport } from './transport-factory';

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const STDERR_LINES_KEPT = 200;
const STDERR_LINES_IN_ERRORS = 10;

export interface ConnectionManagerOptions {
  events: EventBus;
  clientInfo: { name: string; version: string };
  connectTimeoutMs?: number;
  /**
   * Turns a stored entry into the one to launch (variables expanded, secrets filled in,
   * the command's path resolved). The memo key stays the stored entry, so a launch
   * never writes anything back. A throw fails the connection with its message.
   */
  resolveLaunchConfig?: (name: ServerName, config: ServerConfig) => Promise<ServerConfig>;
}

interface Connection {
  key: string;
  client: Client;
  transport: Transport;
  /** Set once we decided to close it, so the close is not reported as a failure. */
  closing: boolean;
}

type ServerState = Omit<ServerView, 'name' | 'config'>;

export function connectionKey(name: ServerName, config: ServerConfig): string {
  return `${name}-${JSON.stringify(config)}`;
}

/** The connect timeout: `MCP_TIMEOUT` in milliseconds when set, else 30 s. */
export function connectTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.MCP_TIMEOUT);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_CONNECT_TIMEOUT_MS;
}

export class ConnectionManager {
  private readonly connections = new Map<ServerName, Promise<Connection>>();
  private readonly states = new Map<ServerName, ServerState>();
  private readonly stderr = new Map<ServerName, LineTail>();
  private readonly toolsCache = new Map<ServerName, ToolInfo[]>();
  private readonly connectTimeoutMs: number;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  }

  state(name: ServerName): ServerState {
    return this.states.get(name) ?? { status: 'disconnected' };
  }

  /** Connects (or reuses the connection for this exact config) and resolves once initialized. */
  async connect(name: ServerName, config: ServerConfig): Promise<Client> {
    const key = connectionKey(name, config);
    const existing = this.connections.get(name);
    if (existing) {
      const connection = await existing.catch(() => undefined);
      if (connection?.key === key && !connection.closing) return connection.client;
      if (connection) await this.close(name, connection);
    }
    // Re-check: another caller may have started a connection while we awaited.
    const raced = this.connections.get(name);
    if (raced) return (await raced).client;

    const attempt = this.open(name, config, key);
    this.connections.set(name, attempt);
    try {
      return (await attempt).client;
    } catch (error) {
      if (this.connections.get(name) === attempt) this.connections.delete(name);
      throw error;
    }
  }

  async disconnect(name: ServerName): Promise<void> {
    const pending = this.connections.get(name);
    if (!pending) return;
    const connection = await pending.catch(() => undefined);
    if (connection) await this.close(name, connection);
    this.connections.delete(name);
    this.setState(name, { status: 'disconnected' });
  }

  /** Drops all knowledge of a server, closing its connection first. */
  async forget(name: ServerName): Promise<void> {
    await this.disconnect(name);
    this.states.delete(name);
    this.stderr.delete(name);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.connections.keys()].map((name) => this.disconnect(name)));
  }

  async listTools(name: ServerName, config: ServerConfig): Promise<ToolInfo[]> {
    const cached = this.toolsCache.get(name);
    if (cached) return cached;
    const client = await this.connect(name, config);
    const tools: ToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      for (const tool of page.tools) {
        tools.push({
          server: name,
          name: tool.name,
          fullName: mcpToolName(name, tool.name),
          ...(tool.title ? { title: tool.title } : {}),
          ...(tool.description ? { description: tool.description } : {}),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
    this.toolsCache.set(name, tools);
    return tools;
  }

  async callTool(
    name: ServerName,
    config: ServerConfig,
    tool: string,
    args: Record<string, unknown>,
    options: { timeoutMs?: number; onProgress?: (progress: { progress: number; total?: number; message?: string }) => void } = {},
  ): Promise<ToolCallResult> {
    const client = await this.connect(name, config);
    const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const started = performance.now();
    try {
      // The SDK takes request options as the third argument; a progress token is only
      // sent when onprogress is given.
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: timeoutMs,
        ...(options.onProgress ? { onprogress: options.onProgress } : {}),
      });
      const durationMs = performance.now() - started;
      const content: ContentBlock[] = Array.isArray(result.content)
        ? (result.content as ContentBlock[])
        : // Servers on the 2024-10-07 protocol answer with `toolResult` instead of content.
          [{ type: 'text', text: JSON.stringify(result.toolResult ?? null, null, 2) }];
      return {
        content,
        ...(result.structuredContent ? { structuredContent: result.structuredContent as Record<string, unknown> } : {}),
        isError: result.isError === true,
        durationMs,
      };
    } catch (error) {
      throw new AppError('failed', `${name}: ${describeCallError(error, timeoutMs)}`);
    }
  }

  private async open(name: ServerName, config: ServerConfig, key: string): Promise<Connection> {
    this.setState(name, { status: 'pending' });
    const stderr = new LineTail(STDERR_LINES_KEPT, (line) =>
      this.options.events.emit({ type: 'server-log', server: name, stream: 'stderr', line, time: Date.now() }),
    );
    this.stderr.set(name, stderr);

    let built;
    try {
      const launch = this.options.resolveLaunchConfig ? await this.options.resolveLaunchConfig(name, config) : config;
      built = createTransport(launch);
    } catch (error) {
      this.setState(name, { status: 'failed', error: (error as Error).message });
      throw error;
    }
    const { transport } = built;
    built.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk.toString('utf8')));
    built.stderr?.on('end', () => stderr.end());

    const client = new Client(this.options.clientInfo, { capabilities: {} });
    const connection: Connection = { key, client, transport, closing: false };
    client.onclose = () => this.onClosed(name, connection);

    try {
      await client.connect(transport, { timeout: this.connectTimeoutMs });
    } catch (error) {
      connection.closing = true;
      await client.close().catch(() => undefined);
      const reason = describeConnectError(error, isStdioConfig(config) ? config.command : undefined, this.connectTimeoutMs);
      this.setState(name, { status: 'failed', error: reason, stderrTail: stderr.tail(STDERR_LINES_IN_ERRORS) });
      throw new AppError('failed', `${name}: ${reason}`);
    }

    const serverInfo = client.getServerVersion();
    const instructions = client.getInstructions();
    this.setState(name, {
      status: 'connected',
      ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
      ...(instructions ? { instructions } : {}),
      capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    });
    return connection;
  }

  private async close(name: ServerName, connection: Connection): Promise<void> {
    connection.closing = true;
    this.toolsCache.delete(name);
    await connection.client.close().catch(() => undefined);
  }

  /** The transport closed: drop caches and the memoized connection, and report it if unexpected. */
  private onClosed(name: ServerName, connection: Connection): void {
    this.toolsCache.delete(name);
    const current = this.connections.get(name);
    void current?.then(
      (live) => {
        if (live === connection) this.connections.delete(name);
      },
      () => undefined,
    );
    if (connection.closing) return;
    this.setState(name, {
      status: 'failed',
      error: 'The server closed the connection (its process exited).',
      stderrTail: this.stderr.get(name)?.tail(STDERR_LINES_IN_ERRORS) ?? [],
    });
  }

  private setState(name: ServerName, state: ServerState): void {
    this.states.set(name, state);
    this.onStateChange?.(name);
  }

  /** Called after every state change; the core API turns it into a `server-state` event. */
  onStateChange?: (name: ServerName) => void;
}
