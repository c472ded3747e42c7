/**
 * The recording proxy: sits between an MCP client (Claude Desktop, Claude Code, …) and
 * a stdio server it starts. The client's bytes go to the server's stdin and the
 * server's stdout bytes come back exactly as they were written (chunks passed on
 * untouched), the server's stderr goes straight to ours, and a copy of every line in
 * each direction is recorded with its time. Stop signals are passed to the server's
 * process group and the proxy ends when the server does, with its exit status. Nothing
 * of the proxy's own ever goes to stdout: that is the client's protocol stream.
 */
import type { Readable, Writable } from 'node:stream';
import os from 'node:os';
import spawn from 'cross-spawn';
import type { StopSignal } from '../lifecycle/stop-signals';
import { JsonRpcLineReader } from '../connections/transports/json-line-reader';
import type { RecordingDirection } from '../../../shared/api/recordings';
import { RECORDING_FORMAT, RECORDING_VERSION } from '../../../shared/api/recordings';
import { createRecordingMasker } from './mask';
import { RecordingWriter } from './recording-writer';

export interface RecordingProxyOptions {
  command: string;
  args: string[];
  /** The recording file, opened with openRecordingFile (recording-writer.ts). */
  fd: number;
  stdin: Readable;
  stdout: Writable;
  /** Where the proxy's own messages go (the server's stderr is inherited). */
  stderr: Pick<Writable, 'write'>;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Called with a function that forwards a stop signal to the server (the CLI wires its signal handlers to it). */
  onForwarder?: (forward: (signal: StopSignal) => void) => void;
}

/** Exit statuses of the proxy itself, as shells use them. */
const PROXY_EXIT = { notFound: 127, cannotRun: 126 } as const;

function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0);
}

export function runRecordingProxy(options: RecordingProxyOptions): Promise<number> {
  const masker = createRecordingMasker({ env: options.env });
  const writer = new RecordingWriter(
    options.fd,
    {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      recordedAt: new Date().toISOString(),
      source: 'record',
      transport: { type: 'stdio', command: options.command, args: options.args.map((arg) => masker.text(arg)) },
    },
    masker,
  );
  const readerFor = (direction: RecordingDirection) =>
    new JsonRpcLineReader(
      (message) => writer.record(direction, { message: message as unknown as Record<string, unknown> }),
      (line) => writer.record(direction, { text: line }),
    );
  const toServer = readerFor('to-server');
  const toClient = readerFor('to-client');

  return new Promise((resolve) => {
    const child = spawn(options.command, options.args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'inherit'],
      // Its own process group: a signal we pass on reaches a wrapper's children too (npx, sh -c).
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    let spawned = false;
    const forward = (signal: StopSignal) => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (process.platform === 'win32') child.kill(signal);
        else process.kill(-child.pid, signal);
      } catch {
        child.kill(signal);
      }
    };
    options.onForwarder?.(forward);

    child.once('spawn', () => (spawned = true));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (spawned) return;
      options.stderr.write(`mcp-workbench record: could not start ${options.command}: ${error.code === 'ENOENT' ? 'command not found' : error.message}\n`);
      writer.close();
      resolve(error.code === 'ENOENT' ? PROXY_EXIT.notFound : PROXY_EXIT.cannotRun);
    });

    // Client → server: pass the bytes on, record the lines; the client closing its end closes the server's.
    options.stdin.on('data', (chunk: Buffer) => {
      toServer.push(chunk);
      if (child.stdin && !child.stdin.write(chunk)) {
        options.stdin.pause();
        child.stdin.once('drain', () => options.stdin.resume());
      }
    });
    options.stdin.once('end', () => {
      toServer.end();
      child.stdin?.end();
    });
    // A server that stopped reading (it exited) must not crash the proxy with EPIPE.
    child.stdin?.on('error', () => undefined);

    // Server → client: the same bytes, in the same chunks.
    child.stdout?.on('data', (chunk: Buffer) => {
      toClient.push(chunk);
      if (!options.stdout.write(chunk)) {
        child.stdout?.pause();
        options.stdout.once('drain', () => child.stdout?.resume());
      }
    });
    child.stdout?.once('end', () => toClient.end());

    child.once('close', (code, signal) => {
      writer.close();
      options.stdin.pause();
      resolve(exitStatus(code, signal));
    });
  });
}
