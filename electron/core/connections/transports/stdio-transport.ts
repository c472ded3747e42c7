/**
 * Our stdio transport. The SDK's StdioClientTransport ends only its direct child and
 * gives it seconds to go; ours runs the server in its own process group, ends the whole
 * tree in at most 600 ms (see process-tree.ts), notices at once when the server exits
 * on its own (with its exit code or signal), captures stderr, and survives stdout
 * lines that are not JSON-RPC. A program that is no MCP server at all (it writes text to
 * stdout and no JSON-RPC message, a shell or a CLI started by mistake) is given up a few
 * seconds after it was first sent a message, saying what it wrote, instead of after the
 * whole connect timeout.
 */
import type { ChildProcess } from 'node:child_process';
import spawn from 'cross-spawn';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { StdioServerConfig } from '../../../../shared/config/server-config';
import type { ProcessExit } from '../../../../shared/domain';
import { newSpawnId, spawnMarkerEnvironment, processEnded, processStarted } from '../../lifecycle/started-processes';
import { delay } from '../../util/delay';
import { inheritedEnvironment } from './inherited-environment';
import { JsonRpcLineReader } from './json-line-reader';
import { rememberLongText, rememberText, textOf } from './message-text';
import { terminateTree, type TerminateOptions } from '../../lifecycle/process-tree';

/** After the process exits, how long to wait for the rest of its output. */
const OUTPUT_FLUSH_MS = 200;

/**
 * How long a server that has written text other than JSON-RPC, and no JSON-RPC message at
 * all, gets after the later of that text and our first message before it is given up as not
 * speaking MCP. A server that prints a banner and then answers is not affected, nor is the
 * wait for the era probe (server/discover), which has its own limit.
 */
const NOT_MCP_AFTER_MS = 5000;
/** How many messages a server launched early may write before a client listens (see launch()). */
const MESSAGES_KEPT_BEFORE_START = 1000;
const NOT_MCP_PREFIX = 'The server wrote text that is not MCP: ';

/** The close reason of a server given up for writing no MCP (see NOT_MCP_AFTER_MS). */
export function isNotMcpReason(reason: string | undefined): boolean {
  return reason?.startsWith(NOT_MCP_PREFIX) === true;
}

export interface StdioTransportHooks {
  /** Text the server wrote to stderr, as it arrives. */
  onStderr?: (text: string) => void;
  /** stderr ended (flush an unterminated last line). */
  onStderrEnd?: () => void;
  /** A stdout line that is not a JSON-RPC message. */
  onNoise?: (line: string) => void;
  /** Each shutdown step (signal) as it is sent. */
  onSignal?: TerminateOptions['onSignal'];
}

/** A message as the line reader read it: its line (or, for a long one, the line's start and size). */
interface ReadMessage {
  message: JSONRPCMessage;
  line: string;
  longBytes?: number;
}

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Set once the process has exited, however it ended. */
  exit: ProcessExit | undefined;
  /** True when the process ended without us asking it to. */
  exitedOnItsOwn = false;

  private child: ChildProcess | undefined;
  private closing: Promise<void> | undefined;
  private finished = false;
  private outputDone: Promise<void> = Promise.resolve();
  private readonly reader: JsonRpcLineReader;
  /** Messages read behind a notification, until the SDK has handled it (see deliver). */
  private held: ReadMessage[] | undefined;
  /** A JSON-RPC message has come from the server: it speaks MCP, whatever else it prints. */
  private heardJsonRpc = false;
  /**
   * We asked the server to start talking MCP (initialize, or any request but the era probe,
   * which has its own wait and may be met with silence by a 2025 server): it has had its
   * chance to answer.
   */
  private asked = false;
  /** The first stdout line that was not JSON-RPC, while none was. */
  private firstNoise: string | undefined;
  private notMcpTimer: NodeJS.Timeout | undefined;
  /** Why the server was given up as not speaking MCP. */
  private notMcp: string | undefined;
  /** Set by launch(): the server was started before a client was connected. */
  private launched: Promise<void> | undefined;
  /** A server launched early has been handed to its client (start() was called). */
  private started = false;
  /** Messages read from a server launched early, until start() (a client is listening). */
  private beforeStart: ReadMessage[] | undefined;
  /** In the server's environment, and so its descendants': how a stop finds those that left its group. */
  private readonly spawnId = newSpawnId();

  constructor(
    private readonly config: StdioServerConfig,
    private readonly hooks: StdioTransportHooks = {},
    /** The server's name, recorded with its process (see started-processes.ts). */
    private readonly server?: string,
  ) {
    this.reader = new JsonRpcLineReader(
      (message, line, long) => {
        this.heardJsonRpc = true;
        this.stopNotMcpCheck();
        this.deliver({ message, line, ...(long ? { longBytes: long.bytes } : {}) });
      },
      (line) => {
        if (!this.heardJsonRpc) {
          this.firstNoise ??= line;
          this.armNotMcpCheck();
        }
        this.hooks.onNoise?.(line);
      },
    );
  }

  /**
   * Hands one message read to the client. The SDK handles a notification a microtask after
   * it is handed over (a call's progress among them) but a response at once, and a response
   * drops its request's progress handler: read in one chunk, a call's last progress and its
   * result would lose the progress. So a message that follows a notification read in the
   * same step waits for that microtask; one message a chunk, the usual case, goes at once.
   */
  private deliver(read: ReadMessage): void {
    if (this.beforeStart) {
      // A server that talks before it is asked gets its first messages heard, not its memory's worth.
      if (this.beforeStart.length < MESSAGES_KEPT_BEFORE_START) this.beforeStart.push(read);
      return;
    }
    if (this.held) {
      this.held.push(read);
      return;
    }
    if (read.longBytes !== undefined) rememberLongText(read.message, read.line, read.longBytes);
    else rememberText(read.message, read.line);
    this.onmessage?.(read.message);
    if (!('id' in read.message)) {
      this.held = [];
      queueMicrotask(() => this.releaseHeld());
    }
  }

  private releaseHeld(): void {
    const waiting = this.held ?? [];
    this.held = undefined;
    while (waiting.length > 0) {
      this.deliver(waiting.shift()!);
      // Held again behind a notification just handed over: the rest keep their order.
      const heldAgain = this.held as ReadMessage[] | undefined;
      if (heldAgain) {
        heldAgain.push(...waiting);
        return;
      }
    }
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The server's stderr, as the SDK's stdio transport has it (read through the hooks). */
  get stderr(): NodeJS.ReadableStream | null {
    return this.child?.stderr ?? null;
  }

  /** Why the transport closed, when the server ended it. */
  get closeReason(): string | undefined {
    if (this.notMcp) return this.notMcp;
    return this.exitedOnItsOwn && this.exit ? `The server process ${describeExit(this.exit)}.` : undefined;
  }

  /** Starts the clock once the server has both been sent something and written text that is not JSON-RPC. */
  private armNotMcpCheck(): void {
    if (this.heardJsonRpc || this.notMcpTimer || !this.asked || this.firstNoise === undefined || this.closing) return;
    this.notMcpTimer = setTimeout(() => {
      this.notMcpTimer = undefined;
      if (this.heardJsonRpc || this.closing) return;
      const line = this.firstNoise!.length > 200 ? `${this.firstNoise!.slice(0, 200)}…` : this.firstNoise!;
      this.notMcp = `${NOT_MCP_PREFIX}"${line}". Check the command and its arguments: it started a program that answers in text, not in JSON-RPC.`;
      void this.close();
    }, NOT_MCP_AFTER_MS);
    this.notMcpTimer.unref();
  }

  private stopNotMcpCheck(): void {
    if (this.notMcpTimer) clearTimeout(this.notMcpTimer);
    this.notMcpTimer = undefined;
  }

  /**
   * Starts the server before a client is connected (the CLI starts an ad-hoc server while
   * its core loads: early-stdio-start.ts). What the server writes before start() is kept
   * for the client; start() then hands it over and answers with how the launch went.
   */
  launch(): Promise<void> {
    if (this.launched) return this.launched;
    this.beforeStart ??= [];
    this.launched = this.spawnServer();
    // A launch that fails is answered by start(), or not at all when the server is never connected.
    this.launched.catch(() => undefined);
    return this.launched;
  }

  /** Whether the server launched early still runs: it has not exited and nobody closed it. */
  get running(): boolean {
    return this.child !== undefined && this.exit === undefined && this.closing === undefined;
  }

  start(): Promise<void> {
    if (this.launched) {
      if (this.started) throw new Error('ProcessTransport already started');
      this.started = true;
      return this.launched.then(() => {
        // It ended between its launch and this connect: the connect fails with how it ended.
        if (this.finished || this.closing) throw new Error(this.closeReason ?? 'The server process ended before it was connected.');
        const waiting = this.beforeStart ?? [];
        this.beforeStart = undefined;
        for (const read of waiting) this.deliver(read);
      });
    }
    return this.spawnServer();
  }

  private spawnServer(): Promise<void> {
    if (this.child) throw new Error('ProcessTransport already started');
    // Closed before it started (the connect was given up while it was being set up): never
    // start a server nobody will stop.
    if (this.closing) return Promise.reject(new Error('The connection was closed before the server started.'));
    return new Promise((resolve, reject) => {
      const child = spawn(this.config.command, this.config.args ?? [], {
        // The SDK's safe default set (HOME, PATH, …), then the entry's own variables.
        // The marker lets a later run tell our servers from any process a forged record names (lifecycle/started-processes.ts).
        // The spawn id also lets a stop find descendants that left the process group (setsid).
        env: { ...inheritedEnvironment(), ...this.config.env, ...spawnMarkerEnvironment(this.spawnId) },
        ...(this.config.cwd ? { cwd: this.config.cwd } : {}),
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group, so the whole tree can be signalled at once.
        detached: process.platform !== 'win32',
        windowsHide: true,
        shell: false,
      });
      this.child = child;
      let spawned = false;
      this.outputDone = new Promise((done) => child.once('close', () => done()));

      child.once('spawn', () => {
        spawned = true;
        // Recorded until its whole group is gone, so a crash of ours cannot orphan it unnoticed.
        if (child.pid !== undefined) processStarted({ pid: child.pid, spawnId: this.spawnId, ...(this.server !== undefined ? { server: this.server } : {}) });
        resolve();
      });
      child.once('error', (error) => {
        if (!spawned) {
          this.exit ??= { code: null, signal: null };
          reject(error);
          this.finish();
        } else {
          this.onerror?.(error);
        }
      });
      child.once('exit', (code, signal) => this.onExit(code, signal));

      child.stdout?.on('data', (chunk: Buffer) => this.reader.push(chunk));
      child.stdout?.on('end', () => this.reader.end());
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => this.hooks.onStderr?.(text));
      child.stderr?.on('end', () => this.hooks.onStderrEnd?.());
      // Writing to a process that just died: the exit handler reports it, not this.
      child.stdin?.on('error', () => undefined);
      child.stdout?.on('error', (error) => this.onerror?.(error));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin?.writable || this.exit || this.closing) return Promise.reject(new Error('Not connected'));
    if (!this.asked && (message as { method?: unknown }).method !== 'server/discover') {
      this.asked = true;
      this.armNotMcpCheck();
    }
    // Written as the SDK's own transport writes: no callback to wait for. A broken pipe
    // means the process is going away: its exit closes the transport, and that close
    // (with the exit code) is the answer the request gets.
    if (stdin.write(`${textOf(message)}\n`)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        stdin.off('drain', done);
        stdin.off('close', done);
        resolve();
      };
      stdin.once('drain', done);
      stdin.once('close', done);
    });
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.stopNotMcpCheck();
    const child = this.child;
    if (child?.pid !== undefined) {
      try {
        child.stdin?.end();
      } catch {
        // Already closed.
      }
      // Also when the leader already exited: its group may still hold grandchildren.
      await terminateTree(child.pid, { spawnId: this.spawnId, ...(this.exit ? { leaderExited: true } : { onSignal: this.hooks.onSignal }) });
      processEnded(child.pid);
      // Give Node a moment to report the exit; a grandchild holding the pipes must not keep us waiting.
      await Promise.race([this.outputDone, delay(OUTPUT_FLUSH_MS)]);
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
    }
    this.finish();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exit = { code, signal };
    if (this.closing) return;
    this.exitedOnItsOwn = true;
    // Read what it printed last, end whatever it left running, then report the close.
    void Promise.race([this.outputDone, delay(OUTPUT_FLUSH_MS)]).then(() => this.close());
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.onclose?.();
  }
}

/** "exited with code 3", "was killed by SIGKILL": how the process ended, in words. */
function describeExit(exit: ProcessExit): string {
  if (exit.signal) return `was killed by ${exit.signal}`;
  if (exit.code !== null) return `exited with code ${exit.code}`;
  return 'could not be started';
}
