/**
 * `replay <recording> [server]`: the recording as a regression test against a live
 * server; `mock <recording>`: the recording served as a server (stdio, or Streamable
 * HTTP with --http). See docs/recordings.md.
 */
import path from 'node:path';
import { ideLockDir } from '../../core/connections/transports/ide-lockfiles';
import { createTransport } from '../../core/connections/transports/transport-factory';
import type { Difference } from '../../core/recordings/compare';
import { serveMockHttp } from '../../core/recordings/mock-http';
import { MockResponder } from '../../core/recordings/mock-responder';
import { serveMockStdio } from '../../core/recordings/mock-stdio';
import { InvalidRecordingError, readRecording, type Recording } from '../../core/recordings/read-recording';
import { replayRecording, type ReplayReport } from '../../core/recordings/replay';
import { replayRefusal } from '../../core/recordings/replay-gate';
import { pointerSegments, type VolatileRules } from '../../core/recordings/volatile';
import { decidePermission } from '../../../shared/permissions';
import type { CommandRun } from '../command-run';
import { forTerminal } from '../terminal-text';
import { EXIT, usageError, type ExitCode } from '../exit-codes';
import type { SourceOptions } from '../session';

export interface ReplayOptions extends SourceOptions {
  ignore?: string[];
  timeout?: string;
}

export interface MockOptions {
  http?: boolean | string;
  ignore?: string[];
}

const DEFAULT_TIMEOUT_MS = 30_000;

async function loadRecording(run: CommandRun, file: string): Promise<Recording> {
  try {
    return await readRecording(path.resolve(run.io.cwd, file));
  } catch (error) {
    if (error instanceof InvalidRecordingError) throw usageError(`Not a usable recording: ${error.message.replace(path.resolve(run.io.cwd, file), file)}.`, 'Make one with: mcp-workbench record -o <file> -- <server command>');
    throw error;
  }
}

function rulesOf(ignore: string[] | undefined): VolatileRules {
  const pointers = ignore ?? [];
  for (const pointer of pointers) {
    try {
      pointerSegments(pointer);
    } catch (error) {
      throw usageError(`--ignore: ${(error as Error).message}`);
    }
  }
  return { ignore: pointers };
}

function timeoutOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw usageError(`--timeout must be a whole number of milliseconds above 0; got "${value}".`);
  return ms;
}

const show = (value: unknown) => (value === undefined ? '(nothing)' : JSON.stringify(value).slice(0, 200));

function describeDifference(difference: Difference): string {
  const where = difference.pointer || '(the whole answer)';
  if (difference.kind === 'missing') return `${where}: recorded ${show(difference.expected)}, missing now`;
  if (difference.kind === 'added') return `${where}: not recorded, now ${show(difference.actual)}`;
  return `${where}: recorded ${show(difference.expected)}, now ${show(difference.actual)}`;
}

function printReport(run: CommandRun, report: ReplayReport): void {
  for (const request of report.requests) {
    run.output.line(`${request.status.padEnd(12)} ${request.method} (line ${request.line})${request.problem ? `: ${request.problem}` : ''}`);
    for (const difference of request.differences) run.output.line(`    ${describeDifference(difference)}`);
  }
  const compared = report.requests.filter((request) => request.status !== 'not-recorded');
  const same = compared.filter((request) => request.status === 'same').length;
  run.output.line();
  run.output.line(`${same} of ${compared.length} answers the same${report.passed ? '.' : `; ${compared.length - same} not.`}`);
}

export async function replay(run: CommandRun, file: string, server: string | undefined, options: ReplayOptions): Promise<ExitCode> {
  const recording = await loadRecording(run, file);
  const volatileRules = rulesOf(options.ignore);
  const timeoutMs = timeoutOf(options.timeout);
  const session = await run.session(options);
  const name = run.serverName(session, server);
  // The recorded tool calls pass the checks every call passes, before anything of the server runs.
  const { rules } = await session.api.getPermissions();
  const refusal = replayRefusal(recording, name, (await session.view(name))?.config, (server, fullName) => decidePermission(rules, server, fullName));
  if (refusal) throw refusal;
  const config = await session.launchConfig(name);
  const built = await createTransport(config, {
    server: name,
    requestTimeoutMs: () => timeoutMs,
    toolCallTimeoutMs: () => timeoutMs,
    ideLockDir: ideLockDir(run.io.env),
    // The server's own words, for the person at the terminal.
    stdio: { onStderr: (text) => void run.io.stderr.write(forTerminal(text)) },
  });
  const report = await replayRecording(recording, built.transport, { rules: volatileRules, timeoutMs });
  if (run.output.json) run.output.document({ server: name, recording: file, ...report });
  else printReport(run, report);
  return report.passed ? EXIT.ok : EXIT.toolError;
}

export async function mock(run: CommandRun, file: string, options: MockOptions): Promise<ExitCode> {
  const recording = await loadRecording(run, file);
  const responder = new MockResponder(recording, rulesOf(options.ignore));
  if (options.http === undefined) {
    // stdout is the protocol stream: the mock says nothing there of its own.
    await serveMockStdio(responder, process.stdin, process.stdout);
    return EXIT.ok;
  }
  const port = options.http === true ? 0 : Number(options.http);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--http takes a port number (0 for any free one); got "${String(options.http)}".`);
  const served = await serveMockHttp(responder, port);
  run.output.note(`mcp-workbench mock: serving ${file} at ${served.url} (Ctrl+C stops it)`);
  // Serves until a stop signal ends the CLI.
  return new Promise<ExitCode>(() => undefined);
}
