/**
 * `record [-o file] -- <command> [args…]`: runs a stdio server behind a recording proxy
 * (see core/recordings/stdio-proxy.ts). Put it in front of a server in any client's
 * config; stdout carries the server's bytes only, the proxy's own words go to stderr.
 */
import path from 'node:path';
import type { StopSignal } from '../../core/lifecycle/stop-signals';
import { openRecordingFile, RecordingFileError } from '../../core/recordings/recording-writer';
import { runRecordingProxy } from '../../core/recordings/stdio-proxy';
import { usageError, type ExitCode } from '../exit-codes';
import type { CliIo } from '../output';
import { takeOverStopSignals } from '../signal-handoff';

export interface RecordOptions {
  output?: string;
  /** Replace an existing file (never through a symbolic link). */
  force?: boolean;
}

function defaultFileName(now = new Date()): string {
  return `mcp-recording-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`;
}

export async function record(io: CliIo, words: string[], options: RecordOptions): Promise<ExitCode> {
  const [command, ...args] = words;
  if (!command) throw usageError('Give the server to start after --: mcp-workbench record -o session.jsonl -- <command> [args…]');
  const file = path.resolve(io.cwd, options.output ?? defaultFileName());
  let fd: number;
  try {
    fd = openRecordingFile(file, options.force === true);
  } catch (error) {
    if (error instanceof RecordingFileError) throw usageError(error.message);
    throw error;
  }
  const pending: StopSignal[] = [];
  let forward: ((signal: StopSignal) => void) | undefined;
  // From now on a stop signal goes to the server (kept until the server is started).
  takeOverStopSignals((signal) => (forward ? forward(signal) : pending.push(signal)));
  io.stderr.write(`mcp-workbench record: recording to ${file}\n`);
  const code = await runRecordingProxy({
    command,
    args,
    fd,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: io.stderr,
    env: io.env,
    cwd: io.cwd,
    onForwarder: (send) => {
      forward = send;
      for (const signal of pending.splice(0)) send(signal);
    },
  });
  // The server's exit status, whatever it is (not only the CLI's own codes).
  return code as ExitCode;
}
