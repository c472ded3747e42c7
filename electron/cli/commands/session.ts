/**
 * `session start | list | stop`: live sessions, background processes that keep servers
 * connected between commands (see live-session/). `tools`, `resources`, `prompts`,
 * `skills` and `tasks` commands on a server of a live session run on it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { resolveAppDirs } from '../../core/app-data';
import type { CommandRun } from '../command-run';
import { CliError, EXIT, usageError, type ExitCode } from '../exit-codes';
import { connectLiveSession } from '../live-session/live-session-client';
import type { StartAnswer, StartRequest } from '../live-session/live-session-process';
import { liveRecords, processRuns, removeRecord, type LiveSessionRecord } from '../live-session/live-session-records';
import { protocolOption } from '../session';
import { formatTable } from '../table';

/** The session process's entry, beside the CLI's own (out/electron/cli/, scripts/build.mjs). */
const SESSION_PROCESS_PATH = path.join(__dirname, 'cli-session.mjs');
const DEFAULT_IDLE_MS = 10 * 60_000;
const MAX_IDLE_MS = 24 * 60 * 60_000;
/** How long `session stop` waits for the session's process to end once it said it is stopping (it stops every server first). */
const STOP_WAIT_MS = 15_000;

export interface SessionStartOptions {
  idle?: string;
  project?: string;
  protocol?: string;
  allowHeadersHelper?: boolean;
  approveProject?: boolean;
  json?: boolean;
}

/** --idle: a duration such as 90s, 10m or 1h (ms for tests and scripts). */
export function parseIdle(text: string | undefined): number {
  if (text === undefined) return DEFAULT_IDLE_MS;
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  const value = match ? Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'] : NaN;
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_IDLE_MS) {
    throw usageError(`--idle takes a duration from 1ms to 24h, such as 90s, 10m or 1h; got "${text}".`);
  }
  return value;
}

const dataDirOf = (run: CommandRun) => resolveAppDirs(run.io.env).config;
const projectOf = (run: CommandRun, project: string | undefined) => (project !== undefined ? path.resolve(run.io.cwd, project) : null);

export async function sessionStart(run: CommandRun, servers: string[], options: SessionStartOptions): Promise<ExitCode> {
  if (servers.length === 0) throw usageError('Name the servers the session keeps connected.', 'For example: mcp-workbench session start playwright');
  const idleMs = parseIdle(options.idle);
  protocolOption(options.protocol);
  const project = projectOf(run, options.project);
  const dataDir = dataDirOf(run);
  const { live } = await liveRecords(dataDir);
  const taken = servers.map((server) => ({ server, record: live.find((record) => record.project === project && record.servers.includes(server)) })).filter((entry) => entry.record);
  if (taken.length) {
    const { server, record } = taken[0]!;
    throw usageError(`${server} already has a live session (${record!.id}, pid ${record!.pid}).`, `mcp-workbench session stop ${server} ends it.`);
  }

  const request: StartRequest = {
    type: 'start',
    servers: [...new Set(servers)],
    project,
    ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    idleMs,
    allowHeadersHelper: options.allowHeadersHelper === true,
    approveProject: options.approveProject === true,
  };
  const answer = await startProcess(run, request);
  if (answer.type === 'failed') throw new CliError(`The session did not start:\n${answer.message}`, answer.exitCode === EXIT.usage ? EXIT.usage : EXIT.connection);
  const { record } = answer;
  if (run.output.json) run.output.document({ session: record });
  else {
    run.output.line(record.id);
    run.output.note(
      `Live session ${record.id} (pid ${record.pid}) keeps ${record.servers.join(', ')} connected; tools, resources, prompts, skills and tasks commands on ${record.servers.length === 1 ? 'it' : 'them'} use it. It ends after ${describeMs(idleMs)} without a command, or with: mcp-workbench session stop ${record.servers[0]}`,
    );
  }
  return EXIT.ok;
}

/** Starts the session's process, detached, and waits for it to say it is ready (or why not). */
function startProcess(run: CommandRun, request: StartRequest): Promise<StartAnswer> {
  const child = spawn(process.execPath, [SESSION_PROCESS_PATH], { detached: true, windowsHide: true, stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: run.io.env, cwd: run.io.cwd });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ type: 'failed', message: error.message, exitCode: EXIT.connection }));
    child.once('exit', (code) => resolve({ type: 'failed', message: `Its process ended (exit ${code ?? 'by a signal'}) before it was ready.`, exitCode: EXIT.connection }));
    child.once('message', (message: StartAnswer) => {
      // The session lives on without us: no channel, no reference keeping this command's process up.
      child.removeAllListeners('exit');
      if (child.connected) child.disconnect();
      child.unref();
      resolve(message);
    });
    child.send(request);
  });
}

function describeMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

const shown = ({ token: _token, ...record }: LiveSessionRecord) => record;

export async function sessionList(run: CommandRun): Promise<ExitCode> {
  const { live, stale } = await liveRecords(dataDirOf(run));
  for (const record of stale) run.output.note(`Note: live session ${record.id} (pid ${record.pid}) had ended without cleaning up; its record was removed.`);
  if (run.output.json) {
    run.output.document({ sessions: live.map(shown) });
    return EXIT.ok;
  }
  if (live.length === 0) {
    run.output.note('No live session runs. mcp-workbench session start <server> starts one.');
    return EXIT.ok;
  }
  const lines = formatTable(
    live,
    [
      { header: 'ID', value: (record) => record.id },
      { header: 'PID', value: (record) => String(record.pid) },
      { header: 'SERVERS', value: (record) => record.servers.join(',') },
      { header: 'IDLE LIMIT', value: (record) => describeMs(record.idleMs) },
      { header: 'STARTED', value: (record) => record.startedAt },
      { header: 'PROJECT', value: (record) => record.project ?? '-' },
    ],
    run.output.width,
  );
  for (const line of lines) run.output.line(line);
  return EXIT.ok;
}

export async function sessionStop(run: CommandRun, server: string | undefined, options: { all?: boolean; json?: boolean }): Promise<ExitCode> {
  if (server !== undefined && options.all) throw usageError('Give a server or --all, not both.');
  const dataDir = dataDirOf(run);
  const { live } = await liveRecords(dataDir);
  let targets: LiveSessionRecord[];
  if (options.all) targets = live;
  else if (server !== undefined) {
    targets = live.filter((record) => record.servers.includes(server));
    if (targets.length === 0) throw usageError(`No live session runs for ${server}.`, 'mcp-workbench session list shows the live sessions.');
  } else if (live.length > 1) {
    throw usageError(`${live.length} live sessions run: name a server, or give --all.`, 'mcp-workbench session list shows them.');
  } else targets = live;

  const stopped: LiveSessionRecord[] = [];
  const failures: string[] = [];
  for (const record of targets) {
    const why = await stopOne(dataDir, record);
    if (why) failures.push(`${record.id} (pid ${record.pid}): ${why}`);
    else stopped.push(record);
  }
  if (run.output.json) run.output.document({ stopped: stopped.map(shown), failed: failures });
  else if (targets.length === 0) run.output.note('No live session runs.');
  else for (const record of stopped) run.output.note(`Stopped live session ${record.id} (${record.servers.join(', ')}); its servers are closed.`);
  if (failures.length) throw new CliError(`Some sessions did not stop:\n${failures.join('\n')}`, EXIT.connection);
  return EXIT.ok;
}

/** Asks the session to stop and waits for its process to end (it closes every server first); the reason when it did not. */
async function stopOne(dataDir: string, record: LiveSessionRecord): Promise<string | undefined> {
  const connection = await connectLiveSession(record);
  if (!connection) return processRuns(record.pid) ? 'it did not answer on its control socket' : undefined;
  await connection.stop();
  await connection.close();
  const deadline = Date.now() + STOP_WAIT_MS;
  while (processRuns(record.pid)) {
    if (Date.now() > deadline) return `its process is still running after ${STOP_WAIT_MS / 1000} s`;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await removeRecord(dataDir, record);
  return undefined;
}
