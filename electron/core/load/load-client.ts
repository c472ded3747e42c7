/**
 * One client of a load run: its own connection (and, for stdio, its own server process),
 * built with the core's transports but without the app's per-call layers (protocol log,
 * result pipeline, permissions): the generator must not be what limits the numbers.
 */
import { Client, type CallToolResult } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { withDeadline } from '../connections/async-helpers';
import { createTransport, type BuiltTransport } from '../connections/transports/transport-factory';
import { ProcessTransport } from '../connections/transports/stdio-transport';
import { ignoreFailure, logFailure } from '../diagnostics/diagnostics';

export interface LoadClientOptions {
  server: ServerName;
  config: ServerConfig;
  connectTimeoutMs: number;
  /** Where IDE lock files are read from (sse-ide / ws-ide entries). */
  ideLockDir: string;
  /** Stderr of a stdio server, for the run's last lines. */
  onStderr?: (text: string) => void;
}

const CLIENT_INFO = { name: 'mcp-workbench-load', version: '1' };

export class LoadClient {
  /** The connection ended (the server went away, or we closed it). */
  lost = false;
  private constructor(
    private readonly client: Client,
    private readonly built: BuiltTransport,
  ) {
    client.onclose = () => {
      this.lost = true;
    };
  }

  static async open(options: LoadClientOptions): Promise<LoadClient> {
    const built = await createTransport(options.config, {
      server: options.server,
      requestTimeoutMs: () => options.connectTimeoutMs,
      toolCallTimeoutMs: () => 3_600_000,
      ideLockDir: options.ideLockDir,
      stdio: { ...(options.onStderr ? { onStderr: options.onStderr } : {}) },
    });
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    const loadClient = new LoadClient(client, built);
    try {
      await withDeadline(client.connect(built.transport, { timeout: options.connectTimeoutMs }), options.connectTimeoutMs, () => void built.transport.close().catch(ignoreFailure('closing a load-test transport whose connect ran out of time')));
    } catch (error) {
      await client.close().catch(ignoreFailure('closing a load-test client that did not connect'));
      throw error;
    }
    return loadClient;
  }

  /** The server process this client started (stdio), for CPU and memory samples. */
  get pid(): number | undefined {
    const transport = this.built.transport;
    return transport instanceof ProcessTransport && !transport.exit ? transport.pid : undefined;
  }

  async listTools(): Promise<Array<{ name: string; annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean } }>> {
    return (await this.client.listTools()).tools;
  }

  callTool(name: string, args: Record<string, unknown>, timeoutMs: number, signal: AbortSignal): Promise<CallToolResult> {
    return this.client.callTool({ name, arguments: args }, { timeout: timeoutMs, signal }) as Promise<CallToolResult>;
  }

  /** Ends the connection; a stdio server's whole process tree is stopped. */
  async close(): Promise<void> {
    await this.client.close().catch(logFailure('Closing a load-test connection failed; its server may still be running'));
  }
}
