/**
 * Live sessions with the real CLI (out/electron/cli.cjs) and the real session process
 * (out/electron/cli/cli-session.mjs): a page kept in a server's memory survives between two
 * commands over stdio and over HTTP, and is gone without the session (--no-session); stop
 * and idle expiry leave no process; the control socket refuses a wrong token and bad
 * messages; Ctrl+C in a command cancels its call on the server and keeps the session.
 * The page-state fixture keeps its page per process (stdio) or per MCP session (HTTP), as
 * Playwright MCP does. Needs the build (`node scripts/build.mjs cli` or `npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { isAlive, waitUntil } from '../../e2e/support/processes';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import { connectLiveSession } from './live-session/live-session-client';
import { readRecords, type LiveSessionRecord } from './live-session/live-session-records';
import type { StartAnswer, StartRequest } from './live-session/live-session-process';

const SESSION_PROCESS = path.resolve('out/electron/cli/cli-session.mjs');
const node = process.execPath;

let root: string;
let http: RunningFixture;
/** Session processes the tests started, stopped (SIGTERM: they close their servers) if a test left one. */
const sessionPids = new Set<number>();
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(BUILT_CLI) || !existsSync(SESSION_PROCESS)) throw new Error('The CLI is not built: run `node scripts/build.mjs cli` (or npm run build) first.');
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-sessions-'));
  http = await startFixture('page-state', ['--http']);
});

afterEach(async () => {
  const stopping = [...sessionPids].filter((pid) => isAlive(pid));
  for (const pid of stopping) process.kill(pid, 'SIGTERM');
  sessionPids.clear();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A session writes its record and log as it stops: the folders are removed only once it has.
  await waitUntil(() => stopping.every((pid) => !isAlive(pid)), 'the sessions a test left to stop', 20_000);
});

afterAll(async () => {
  await http?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

/** A data folder of its own with a stdio "page" server (its calls logged) and an HTTP "web" one. */
async function newHome(): Promise<{ home: string; callLog: string }> {
  const home = await fs.mkdtemp(path.join(root, 'home-'));
  const callLog = path.join(home, 'calls.log');
  const servers = {
    page: { command: node, args: [fixtureServer('page-state'), '--call-log', callLog] },
    web: { type: 'http', url: http.url },
    lingering: { command: node, args: [fixtureServer('page-state'), '--linger'] },
  };
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  return { home, callLog };
}

const cli = (home: string, args: string[]): Promise<CliRun> => runBuiltCli(args, { home, killAfterMs: 90_000 });

async function startSession(home: string, args: string[]): Promise<Omit<LiveSessionRecord, 'token'>> {
  const run = await cli(home, ['session', 'start', ...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  const { session } = JSON.parse(run.stdout) as { session: Omit<LiveSessionRecord, 'token'> };
  sessionPids.add(session.pid);
  return session;
}

/** The text of a tool's result (--json). */
async function callText(home: string, args: string[]): Promise<{ text: string; run: CliRun }> {
  const run = await cli(home, ['tools', 'call', ...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout) as { content: Array<{ type: string; text?: string }> };
  return { text: result.content.map((part) => part.text ?? '').join(''), run };
}

/** The session process started directly (as `session start` does), so the test owns its exit event. */
async function spawnSession(home: string, request: Partial<StartRequest> = {}): Promise<{ child: ChildProcess; exited: Promise<number | null>; record: LiveSessionRecord }> {
  const child = spawn(node, [SESSION_PROCESS], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, MCP_WORKBENCH_HOME: home } });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const answer = await new Promise<StartAnswer>((resolve) => {
    child.once('message', (message: StartAnswer) => resolve(message));
    child.send({ type: 'start', servers: ['page'], project: null, idleMs: 60_000, allowHeadersHelper: false, approveProject: false, ...request } satisfies StartRequest);
  });
  if (answer.type !== 'ready') throw new Error(`The session did not start: ${answer.message}`);
  sessionPids.add(answer.record.pid);
  const record = (await readRecords(home)).find((candidate) => candidate.id === answer.record.id);
  if (!record) throw new Error('The session wrote no record');
  return { child, exited, record };
}

/** Opens the control socket and collects the lines the session sends. */
function rawSocket(socketPath: string) {
  const socket = net.connect(socketPath);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const lines = () => received.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { socket, closed, lines, send: (value: unknown) => socket.write(`${JSON.stringify(value)}\n`) };
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

describe.runIf(process.platform === 'linux')('CLI live sessions', { timeout: 300_000 }, () => {
  it.each([
    ['stdio', 'page'],
    ['HTTP', 'web'],
  ])('over %s: a page set by one command is read back by the next through the session; without it the page is new', async (_transport, server) => {
    const { home } = await newHome();
    const session = await startSession(home, [server, '--idle', '5m']);
    expect(session.servers).toEqual([server]);

    const url = `https://example.com/${randomUUID()}`;
    await callText(home, [server, 'navigate', '--arg', `url=${url}`]);
    const again = await callText(home, [server, 'current_page']);
    expect(again.text).toBe(url);
    // Said on stderr; stdout held the --json document alone (it parsed above).
    expect(again.run.stderr).toContain(`Using live session ${session.id} for ${server}`);

    const bypass = await callText(home, [server, 'current_page', '--no-session']);
    expect(bypass.text).toBe('about:blank');
    expect(bypass.run.stderr).not.toContain('live session');

    const stop = await cli(home, ['session', 'stop', server]);
    expect(stop.code, stop.stderr).toBe(0);
    const after = await callText(home, [server, 'current_page']);
    expect(after.text).toBe('about:blank');
    expect(after.run.stderr).not.toContain('live session');
  });

  it('session stop leaves no process: the session and its server are gone when it returns', async () => {
    const { home } = await newHome();
    const session = await startSession(home, ['page']);
    const { text } = await callText(home, ['page', 'pid']);
    const serverPid = Number(text);
    expect(isAlive(serverPid)).toBe(true);
    const listed = await cli(home, ['session', 'list', '--json']);
    expect((JSON.parse(listed.stdout) as { sessions: Array<{ id: string; token?: string }> }).sessions).toEqual([expect.objectContaining({ id: session.id })]);
    expect(listed.stdout).not.toContain('token');

    const stop = await cli(home, ['session', 'stop', '--all']);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toContain(`Stopped live session ${session.id}`);
    expect(isAlive(session.pid)).toBe(false);
    expect(isAlive(serverPid)).toBe(false);
    expect(existsSync(session.socket)).toBe(false);
    expect(await readRecords(home)).toEqual([]);
  });

  it('a session process killed outright leaves no server: the next command stops it and drops the stale record', async () => {
    const { home } = await newHome();
    const { exited, record } = await spawnSession(home, { servers: ['lingering'] });
    const connection = await connectLiveSession(record);
    if (!connection) throw new Error('The session did not let the test in');
    const answer = await connection.invoke('callTool', { server: 'lingering', tool: 'pid', arguments: {}, callId: randomUUID(), confirmed: true });
    if (!answer.ok) throw new Error(answer.error.message);
    const serverPid = Number((answer.value as { content: Array<{ text: string }> }).content[0]!.text);
    await connection.close();

    process.kill(record.pid, 'SIGKILL');
    await exited;
    // The server outlives its client (--linger), as a browser server may.
    expect(isAlive(serverPid)).toBe(true);

    // The record names a process that is gone: the command runs on its own core, which stops what the session left.
    const { text, run } = await callText(home, ['lingering', 'current_page']);
    expect(text).toBe('about:blank');
    expect(run.stderr).not.toContain('Using live session');
    expect(run.stderr).toMatch(/left by an earlier run/);
    expect(isAlive(serverPid)).toBe(false);
    expect(await readRecords(home)).toEqual([]);
  });

  it('ends by itself after its idle time, stopping its server', async () => {
    const { home } = await newHome();
    const { exited, record } = await spawnSession(home, { idleMs: 1_000 });
    const connection = await connectLiveSession(record);
    if (!connection) throw new Error('The session did not let the test in');
    const answer = await connection.invoke('callTool', { server: 'page', tool: 'pid', arguments: {}, callId: randomUUID(), confirmed: true });
    if (!answer.ok) throw new Error(answer.error.message);
    const serverPid = Number((answer.value as { content: Array<{ text: string }> }).content[0]!.text);
    expect(isAlive(serverPid)).toBe(true);
    // The idle clock starts once no command is connected.
    await connection.close();

    expect(await exited).toBe(0);
    expect(isAlive(serverPid)).toBe(false);
    expect(existsSync(record.socket)).toBe(false);
    expect(await readRecords(home)).toEqual([]);
  });

  it('the control socket refuses a wrong token, a message without one and a payload its schema refuses', async () => {
    const { home } = await newHome();
    const { exited, record } = await spawnSession(home);
    expect((await fs.stat(record.socket)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.dirname(record.socket))).mode & 0o777).toBe(0o700);

    expect(await connectLiveSession({ socket: record.socket, token: `${record.token.slice(0, -1)}x` })).toBeUndefined();

    const wrong = rawSocket(record.socket);
    wrong.send({ type: 'hello', token: 'not-the-token-not-the-token-not-the-token' });
    await wrong.closed;
    expect(wrong.lines()).toEqual([{ type: 'refused', message: 'Wrong token.' }]);

    const tokenless = rawSocket(record.socket);
    tokenless.send({ type: 'call', id: 1, method: 'listServers' });
    await tokenless.closed;
    expect(tokenless.lines()).toEqual([{ type: 'refused', message: "Refused a message that is not one of the session's." }]);

    // Let in, then a call with a wrong token: refused and hung up, no answer.
    const later = rawSocket(record.socket);
    later.send({ type: 'hello', token: record.token });
    await waitUntil(() => later.lines().some((line) => line.type === 'welcome'), 'the welcome');
    later.send({ type: 'call', token: 'x'.repeat(43), id: 1, method: 'listServers' });
    await later.closed;
    expect(later.lines().map((line) => line.type)).not.toContain('answer');
    expect(later.lines().at(-1)).toEqual({ type: 'refused', message: 'Wrong token.' });

    const connection = await connectLiveSession(record);
    if (!connection) throw new Error('The session did not let the test in');
    const bad = await connection.invoke('callTool', { server: 'page', tool: 42 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const polluted = await connection.invoke('listTools', JSON.parse('{"name": "page", "__proto__": {"x": 1}}'));
    expect(polluted).toMatchObject({ ok: false, error: { code: 'invalid-request' } });

    await connection.stop();
    await connection.close();
    expect(await exited).toBe(0);
  });

  it('Ctrl+C in a command cancels its call on the server (notifications/cancelled) and keeps the session', async () => {
    const { home, callLog } = await newHome();
    const session = await startSession(home, ['page']);
    const url = `https://example.com/${randomUUID()}`;
    await callText(home, ['page', 'navigate', '--arg', `url=${url}`]);

    const child = spawn(node, [BUILT_CLI, 'tools', 'call', 'page', 'hold'], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await waitUntil(() => read(callLog).includes('hold\n'), 'the call to reach the server', 60_000);

    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stderr).toContain(`Using live session ${session.id}`);
    // The server writes its line when it reads notifications/cancelled.
    await waitUntil(() => read(callLog).includes('hold cancelled'), 'the server to read the cancel');
    expect(read(callLog).trim().split('\n')).toEqual(['hold', 'hold cancelled']);

    expect(isAlive(session.pid)).toBe(true);
    expect((await callText(home, ['page', 'current_page'])).text).toBe(url);
  });
});
