/**
 * One client of a load run: its own connection (and, for stdio, its own server process),
 * built with the core's transports but without the app's per-call layers (protocol log,
 * result pipeline, permissions): the generator must not be what limits the numbers. It
 * speaks the era its plan says (the entry's Protocol setting or --protocol) and signs in as
 * the app's connections do (the saved OAuth tokens, refreshed; never a sign-in page).
 */
import { Client, type CallToolResult, type PriorDiscovery } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { LoadProtocol } from '../../../shared/load-report';
import { withDeadline } from '../connections/async-helpers';
import type { RemoteAuth } from '../connections/connection-auth';
import type { EraPlan } from '../connections/era/era-plan';
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
  /** How the connection settles its protocol era (the first client may probe; the others start from its verdict). */
  era: EraPlan;
  /** A remote server's OAuth (tokens as saved; a missing sign-in fails the connect). */
  remoteAuth?: RemoteAuth;
}

const CLIENT_INFO = { name: 'mcp-workbench-load', version: '1' };

export class LoadClient {
  /** The connection ended (the server went away, or we closed it). */
  lost = false;
  private callsInFlight = 0;
  private retiring?: () => void;
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
      ...(options.remoteAuth ? { remoteAuth: options.remoteAuth } : {}),
    });
    const client = new Client(CLIENT_INFO, { capabilities: {}, ...options.era.clientOptions });
    const loadClient = new LoadClient(client, built);
    try {
      const prior = options.era.prior ? { prior: options.era.prior } : {};
      await withDeadline(client.connect(built.transport, { timeout: options.connectTimeoutMs, ...prior }), options.connectTimeoutMs, () => void built.transport.close().catch(ignoreFailure('closing a load-test transport whose connect ran out of time')));
    } catch (error) {
      await client.close().catch(ignoreFailure('closing a load-test client that did not connect'));
      throw error;
    }
    return loadClient;
  }

  /** The era and version this connection speaks. */
  get protocol(): LoadProtocol {
    const version = this.client.getNegotiatedProtocolVersion();
    return { era: this.client.getProtocolEra() ?? 'legacy', ...(version ? { version } : {}) };
  }

  /** What the next clients connect from, so only the first one probes. */
  get verdict(): PriorDiscovery {
    const discover = this.client.getDiscoverResult();
    return this.client.getProtocolEra() === 'modern' && discover ? { kind: 'modern', discover } : { kind: 'legacy' };
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

  /** A call of the run starts on this connection (the run counts them, so a retired connection closes after its last). */
  began(): void {
    this.callsInFlight++;
  }

  ended(): void {
    if (--this.callsInFlight === 0) this.retiring?.();
  }

  /** Closes the connection once the calls still under way on it have ended (a session replaced by session churn). */
  retire(): Promise<void> {
    const closed = new Promise<void>((resolve) => (this.retiring = () => void this.close().then(resolve)));
    if (this.callsInFlight === 0) this.retiring!();
    return closed;
  }

  /** Ends the connection; a stdio server's whole process tree is stopped. */
  async close(): Promise<void> {
    await this.client.close().catch(logFailure('Closing a load-test connection failed; its server may still be running'));
  }
}
