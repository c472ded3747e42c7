/**
 * A live session's own process (out/electron/cli/cli-session.mjs), started detached by
 * `mcp-workbench session start`: the CLI's core on the same data folder and scopes,
 * keeping its servers connected between commands (a browser server's page survives).
 *
 * The starting command hands it what to start over the IPC channel, and hears back
 * "ready" (the servers connected, the control socket listening, the record written) or
 * why not; then the channel is closed and this process lives on its own until it is
 * stopped, stays idle too long, or gets a stop signal. Every way out closes the core, which
 * stops each server's whole process tree; a crash leaves the process ledger's record, and
 * the next run of any front end stops what was left.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import { z } from 'zod';
import { installLastResortHandler } from '../../core/util/last-resort';
import { onStopSignals } from '../../core/lifecycle/stop-signals';
import type { ServerView } from '../../../shared/domain';
import { EXIT } from '../exit-codes';
import { closeAllSessions, openSession, type Session } from '../session';
import { controlSocketPath, newSessionSecrets, removeRecord, writeRecord, type LiveSessionRecord } from './live-session-records';
import { serveLiveSession } from './live-session-server';
import { messageOf } from '../../../shared/errors';
import { logFailure } from '../../core/diagnostics/diagnostics';

export const StartRequestSchema = z
  .object({
    type: z.literal('start'),
    servers: z.array(z.string().min(1).max(200)).min(1).max(100),
    project: z.string().nullable(),
    protocol: z.string().max(50).optional(),
    idleMs: z.number().int().positive(),
    allowHeadersHelper: z.boolean(),
    approveProject: z.boolean(),
  })
  .strict();
export type StartRequest = z.infer<typeof StartRequestSchema>;

export type StartAnswer = { type: 'ready'; record: Omit<LiveSessionRecord, 'token'> } | { type: 'failed'; message: string; exitCode: number };

/** How long the starting command has to say what to start. */
const START_REQUEST_TIMEOUT_MS = 10_000;

const report = (answer: StartAnswer) => new Promise<void>((resolve) => (process.send ? process.send(answer, undefined, {}, () => resolve()) : resolve()));

let cleanup: () => Promise<void> = () => closeAllSessions();
let ending = false;
async function endProcess(code: number): Promise<never> {
  if (!ending) {
    ending = true;
    await cleanup().catch(logFailure('Cleaning up the live session failed; a server it started may still be running'));
  }
  process.exit(code);
}

installLastResortHandler({ cleanup: () => cleanup(), write: () => undefined, exit: (code) => process.exit(code), exitCode: EXIT.connection });
onStopSignals(() => void endProcess(0));

// The starting command went away (Ctrl+C) before the session was ready: no session is left behind.
let ready = false;
process.on('disconnect', () => {
  if (!ready) void endProcess(EXIT.interrupted);
});

const waiting = setTimeout(() => void endProcess(EXIT.usage), START_REQUEST_TIMEOUT_MS);
process.once('message', (raw: unknown) => {
  clearTimeout(waiting);
  const parsed = StartRequestSchema.safeParse(raw);
  if (!parsed.success) {
    void report({ type: 'failed', message: 'The session was asked to start with a request it does not understand.', exitCode: EXIT.usage }).then(() => endProcess(EXIT.usage));
    return;
  }
  start(parsed.data).catch(async (error: unknown) => {
    await report({ type: 'failed', message: messageOf(error), exitCode: (error as { exitCode?: number }).exitCode ?? EXIT.connection });
    await endProcess(EXIT.connection);
  });
});

async function start(request: StartRequest): Promise<void> {
  const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
  const session = await openSession(
    {
      ...(request.project !== null ? { project: request.project } : {}),
      ...(request.protocol !== undefined ? { protocol: request.protocol } : {}),
      allowHeadersHelper: request.allowHeadersHelper,
      approveProject: request.approveProject,
    },
    io,
  );
  await connectAll(session, request.servers);

  const { id, token } = newSessionSecrets();
  const socketPath = await controlSocketPath(session.dataDir, id);
  const record: LiveSessionRecord = {
    id,
    pid: process.pid,
    socket: socketPath,
    token,
    servers: request.servers,
    project: request.project,
    ...(request.protocol !== undefined ? { protocol: request.protocol } : {}),
    idleMs: request.idleMs,
    startedAt: new Date().toISOString(),
  };
  const server = net.createServer();
  cleanup = async () => {
    server.close();
    await removeRecord(session.dataDir, record);
    await closeAllSessions();
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Only this user may open the socket: its folder is 0700, the socket 0600; on Windows the token alone guards the pipe.
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => resolve());
  });
  if (process.platform !== 'win32') await fs.chmod(socketPath, 0o600);
  serveLiveSession(
    server,
    { dispatch: (method, payload, signal) => session.invoke(method, payload, signal), onEvent: (listener) => session.api.onEvent(listener) },
    { token, servers: request.servers, idleMs: request.idleMs, onEnd: () => void endProcess(0) },
  );
  await writeRecord(session.dataDir, record);
  const { token: _kept, ...shown } = record;
  ready = true;
  await report({ type: 'ready', record: shown });
  if (process.connected) process.disconnect();
}

/** Connects each server; the first that does not connect fails the start (the others are closed with the core). */
async function connectAll(session: Session, names: string[]): Promise<void> {
  const known = new Set((await session.api.listServers()).map((view) => view.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length) throw Object.assign(new Error(`No server named ${unknown.map((name) => `"${name}"`).join(', ')} is configured here.`), { exitCode: EXIT.usage });
  const views = await Promise.all(names.map((name) => session.api.connectServer({ name }).catch((error: unknown) => error as Error)));
  const failed = views
    .map((view, index) => ({ view, name: names[index]! }))
    .filter((entry): entry is { view: Error | ServerView; name: string } => entry.view instanceof Error || entry.view.status !== 'connected');
  if (failed.length === 0) return;
  throw new Error(failed.map(({ name, view }) => `${name}: ${view instanceof Error ? view.message : (view.error ?? view.status)}`).join('\n'));
}
