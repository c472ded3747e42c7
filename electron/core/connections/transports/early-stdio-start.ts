/**
 * A stdio server started while the core loads. A CLI command on an ad-hoc server
 * (`tools call --stdio "…"`) spends most of its start reading the core; a server spends
 * most of its own start the same way. Started side by side, on a machine's two cores,
 * neither waits for the other: the server is launched as soon as the command line is
 * checked, and the core's connect takes it over instead of starting a second one.
 *
 * The launch is the core's own (createLaunchResolver, ProcessTransport), and the core
 * takes the process over only when the entry it launches is exactly the one started: any
 * difference, a server that ended meanwhile, or a command that never connects, and the
 * early process is ended and forgotten. An entry with variables or secrets (`$VAR`,
 * `${…}`) is never started early: what fills them in is the core's to decide.
 *
 * The core's process ledger (lifecycle/process-ledger.ts) records the early process when
 * it opens, some 100 ms later: a CLI killed with SIGKILL in between leaves the server
 * unrecorded, with its stdin closed (which ends a server that reads it, as MCP servers
 * do). Every other way the CLI ends (Ctrl+C, a signal, an error nobody caught) ends it.
 */
import { isDeepStrictEqual } from 'node:util';
import { isStdioConfig, type ServerConfig, type ServerName, type StdioServerConfig } from '../../../../shared/config/server-config';
import { createLaunchResolver } from '../../config/launch-resolver';
import type { Env } from '../../config/login-shell-env';
import type { SecretStore } from '../../secrets/secret-store';
import { ProcessTransport, type StdioTransportHooks } from './stdio-transport';
import type { TransportContext } from './transport-factory';

/** stderr kept from a server started early until the core's connect listens (its first part, as a console would keep). */
const STDERR_KEPT_BEFORE_CONNECT = 256 * 1024;

/** The hooks of a server started early: what it writes to stderr waits for the connection's hooks. */
class HooksUntilConnected implements StdioTransportHooks {
  private target: StdioTransportHooks | undefined;
  private kept = '';
  private ended = false;

  onStderr = (text: string): void => {
    if (this.target) this.target.onStderr?.(text);
    else if (this.kept.length < STDERR_KEPT_BEFORE_CONNECT) this.kept += text.slice(0, STDERR_KEPT_BEFORE_CONNECT - this.kept.length);
  };

  onStderrEnd = (): void => {
    if (this.target) this.target.onStderrEnd?.();
    else this.ended = true;
  };

  onNoise = (line: string): void => this.target?.onNoise?.(line);

  onSignal: StdioTransportHooks['onSignal'] = (signal) => this.target?.onSignal?.(signal);

  connect(target: StdioTransportHooks): void {
    this.target = target;
    if (this.kept) target.onStderr?.(this.kept);
    if (this.ended) target.onStderrEnd?.();
    this.kept = '';
  }
}

export class EarlyStdioStart {
  private readonly hooks = new HooksUntilConnected();
  private readonly transport: ProcessTransport;
  /**
   * waiting: no connect has asked yet. taken: the core's connect took the process over (and
   * ends it with its connection). declined: the connect launched another entry, or the process
   * had ended; the core builds its own transports. closed: the command is ending (close()), and
   * the core's connects start no server for it.
   */
  private state: 'waiting' | 'taken' | 'declined' | 'closed' = 'waiting';

  constructor(
    readonly server: ServerName,
    /** The entry as launched (command found on PATH, environment filled in). */
    readonly launch: StdioServerConfig,
  ) {
    this.transport = new ProcessTransport(launch, this.hooks, server);
    void this.transport.launch();
  }

  /** The server's process id, once it runs. */
  get pid(): number | undefined {
    return this.transport.pid;
  }

  /**
   * The core's createTransport: the first stdio transport for this server, when its launch is
   * exactly this one and the process still runs, is the process started early; every other
   * transport is the core's own.
   */
  readonly createTransport = async (config: ServerConfig, ctx: TransportContext) => {
    // Read here, not with this module: the factory brings every remote transport and the SDK's
    // core, which the server's start must not wait for (the core has read it by the time it connects).
    const { builtStdio, createTransport } = await import('./transport-factory');
    // Closed by the command's end (Ctrl+C while the core loaded, say): nothing more is started for it.
    if (this.state === 'closed') throw new Error('The command is ending: the server was not started.');
    if (this.state === 'waiting' && ctx.server === this.server && isStdioConfig(config)) {
      if (this.transport.running && isDeepStrictEqual(config, this.launch)) {
        this.state = 'taken';
        this.hooks.connect(ctx.stdio ?? {});
        return builtStdio(this.transport);
      }
      this.state = 'declined';
      await this.transport.close();
    }
    return createTransport(config, ctx);
  };

  /** Set by the first close(): a second one (the session's close, then Ctrl+C's) answers the same. */
  private closing: Promise<void> | undefined;

  /** Ends the early process unless the core took it over (which ends it itself). */
  close(): Promise<void> {
    this.closing ??= this.state === 'taken' ? Promise.resolve() : this.transport.close();
    this.state = 'closed';
    return this.closing;
  }

  /** Whether the early process still runs, as far as its exit has been seen. */
  get running(): boolean {
    return this.transport.running;
  }

  /** True once the core's connect took the early process over. */
  get adopted(): boolean {
    return this.state === 'taken';
  }
}

/**
 * Starts `config` now when it is a stdio entry without variables or secrets, launched as the
 * core would launch it in `env`; undefined when it is not one, or when its launch fails (the
 * core's connect then reports why, as it always does).
 */
export async function startStdioEarly(server: ServerName, config: ServerConfig, env: Env, secrets: SecretStore): Promise<EarlyStdioStart | undefined> {
  if (!isStdioConfig(config) || JSON.stringify(config).includes('$')) return undefined;
  try {
    const launch = await createLaunchResolver({ secrets, environment: async () => env }).resolve(server, config);
    return isStdioConfig(launch) ? new EarlyStdioStart(server, launch) : undefined;
  } catch {
    return undefined;
  }
}
