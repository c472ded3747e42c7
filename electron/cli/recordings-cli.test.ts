/**
 * `record`, `replay` and `mock` as real processes (out/electron/cli.cjs; `npm run build`
 * first) around the recording-target fixture: an SDK v2 client's session recorded through
 * the proxy (both directions, timing, the secret masked, stdout byte for byte), replayed
 * against the same server (passes) and a changed one (fails with pointers), served by
 * `mock` over stdio and Streamable HTTP to the CLI's own `tools list` / `tools call`, and
 * stop signals passed to the server with nothing left running. Linux (reads /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, fixtureServer } from '../../e2e/fixtures/paths';
import { isAlive, pidsWith, waitUntil } from '../../e2e/support/processes';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import { parseRecording } from '../core/recordings/read-recording';

const TARGET = fixtureServer('recording-target');
const SECRET = 'sk-recording-test-5f1c2a9e';
const MASK = '••••••';
/** Tests that run the CLI several times in a row: room for a busy machine. */
const SEVERAL_RUNS = { timeout: 90_000 };
let home: string;
let recording: string;
const running: ChildProcess[] = [];
/** Markers on the command lines of servers a test started, so a failed test leaves none running. */
const markers: string[] = [];

const cli = (args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliRun> => runBuiltCli(args, { home, cwd: home, env });
const quoted = (...words: string[]) => words.map((word) => `"${word}"`).join(' ');

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`npm run build\` first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-recordings-cli-'));
  recording = path.join(home, 'session.jsonl');
  // A session as a client makes it: an SDK v2 client talking to the server through `record --`.
  const client = new Client({ name: 'recording-test-client', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_CLI, 'record', '-o', recording, '--', process.execPath, TARGET, '--noise'],
      env: { PATH: process.env.PATH ?? '', MCP_WORKBENCH_HOME: home, API_KEY: SECRET },
      stderr: 'pipe',
    }),
  );
  await client.listTools();
  expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).toMatchObject({ content: [{ type: 'text', text: 'Hello, Ada!' }] });
  await client.callTool({ name: 'now', arguments: {} });
  // The client sees the real value: the proxy changes nothing on the wire.
  expect(await client.callTool({ name: 'api_key', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: SECRET }] });
  await client.close();
});

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of markers.splice(0).flatMap((marker) => pidsWith(marker))) process.kill(pid, 'SIGKILL');
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('record', () => {
  it('writes the header, every message both ways with its time, the stdout noise as text, and masks the secret', async () => {
    const text = await fs.readFile(recording, 'utf8');
    expect(text).not.toContain(SECRET);
    const parsed = parseRecording(text, recording);
    expect(parsed.header).toMatchObject({
      format: 'mcp-workbench-recording',
      version: 1,
      source: 'record',
      server: { name: 'recording-target', version: '1.0.0' },
      transport: { type: 'stdio', command: process.execPath, args: [TARGET, '--noise'] },
    });
    expect(parsed.header.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const lines = parsed.lines.map((entry) => entry.line);
    const methods = lines.flatMap((line) => ('message' in line && typeof line.message.method === 'string' ? [`${line.direction} ${line.message.method}`] : []));
    expect(methods).toEqual(['to-server initialize', 'to-server notifications/initialized', 'to-server tools/list', 'to-server tools/call', 'to-server tools/call', 'to-server tools/call']);
    expect(lines.filter((line) => line.direction === 'to-client' && 'message' in line && 'result' in line.message)).toHaveLength(5);
    expect(lines).toContainEqual(expect.objectContaining({ direction: 'to-client', text: 'recording-target: starting (not JSON)' }));
    const times = lines.map((line) => line.ms);
    expect(times.every((ms, index) => Number.isInteger(ms) && ms >= (times[index - 1] ?? 0))).toBe(true);
    const keyAnswer = lines.at(-1)!;
    expect(keyAnswer).toMatchObject({ direction: 'to-client', message: { result: { content: [{ type: 'text', text: MASK }] } } });
  });

  it('passes the server’s stdout through byte for byte and exits with its exit code', async () => {
    const file = path.join(home, 'bytes.jsonl');
    const script = "process.stdout.write('banner\\r\\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}\\n\\u00e9 no newline'); process.exitCode = 7";
    const run = await cli(['record', '-o', file, '--', process.execPath, '-e', script]);
    expect(run.code).toBe(7);
    expect(Buffer.from(run.stdout)).toEqual(Buffer.from('banner\r\n{"jsonrpc":"2.0","method":"x"}\n\u00e9 no newline'));
    const lines = parseRecording(await fs.readFile(file, 'utf8'), file).lines.map((entry) => entry.line);
    expect(lines).toMatchObject([
      { direction: 'to-client', text: 'banner' },
      { direction: 'to-client', message: { jsonrpc: '2.0', method: 'x' } },
      { direction: 'to-client', text: '\u00e9 no newline' },
    ]);
  });

  it('passes SIGTERM to the server, ends with it, and leaves no process behind', async () => {
    const marker = `recording-signal-${randomUUID()}`;
    markers.push(marker);
    const file = path.join(home, 'signal.jsonl');
    // A server that outlives its stdin closing: only the signal passed on ends it.
    const proxy = spawn(process.execPath, [BUILT_CLI, 'record', '-o', file, '--', process.execPath, TARGET, '--outlive-stdin', marker], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] });
    running.push(proxy);
    let stderr = '';
    proxy.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proxy.once('exit', (code, signal) => resolve({ code, signal })));
    await waitUntil(() => stderr.includes('recording-target ready'), 'the server to start');
    const [server] = pidsWith(marker, BUILT_CLI);
    expect(server).toBeDefined();
    proxy.kill('SIGTERM');
    // The server is ended by the signal; the proxy reports that as a shell does (128 + 15).
    expect(await exited).toEqual({ code: 143, signal: null });
    expect(isAlive(server!)).toBe(false);
    expect(pidsWith(marker)).toEqual([]);
    // What it recorded so far is a readable recording.
    expect(parseRecording(await fs.readFile(file, 'utf8'), file).header.source).toBe('record');
  });
});

describe('record -o', () => {
  it('never writes through a symbolic link nor over an existing file, unless --force for a regular file', SEVERAL_RUNS, async () => {
    const victim = path.join(home, 'victim.txt');
    await fs.writeFile(victim, 'precious');
    const link = path.join(home, 'planted.jsonl');
    await fs.symlink(victim, link);
    const server = ['--', process.execPath, TARGET];
    for (const force of [[], ['--force']]) {
      const run = await cli(['record', '-o', link, ...force, ...server]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${link} is a symbolic link; a recording never writes through one.`);
      expect(await fs.readFile(victim, 'utf8')).toBe('precious');
    }
    const existing = await cli(['record', '-o', victim, ...server]);
    expect(existing.code).toBe(2);
    expect(existing.stderr).toContain(`${victim} already exists; give another file with -o, or add --force to replace it.`);
    expect(await fs.readFile(victim, 'utf8')).toBe('precious');

    const replaced = await cli(['record', '-o', victim, '--force', ...server]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect((await fs.readFile(victim, 'utf8')).split('\n')[0]).toContain('"format"');
    expect((await fs.stat(victim)).mode & 0o777).toBe(0o600);
  });
});

describe('replay', () => {
  it('passes against the server it was recorded from (timestamps, UUIDs and the masked secret may differ)', async () => {
    const run = await cli(['replay', recording, '--stdio', quoted(process.execPath, TARGET)], { ...process.env, API_KEY: 'another-key-entirely' });
    expect(run.stderr).not.toContain('Error');
    expect(run.stdout).toContain('5 of 5 answers the same.');
    expect(run.code).toBe(0);
  });

  it('replays against a configured server (here from a --config file)', async () => {
    const config = path.join(home, 'servers.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { target: { command: process.execPath, args: [TARGET], env: { API_KEY: 'a-configured-key' } } } }));
    const run = await cli(['replay', recording, 'target', '--config', config, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ server: 'target', passed: true, notificationsSent: 1 });
  });

  it('refuses, before the server starts, a recording that calls a tool switched off in disabledTools or denied by a rule', SEVERAL_RUNS, async () => {
    // The server's command leaves a mark when it starts: a refused replay must leave none.
    const started = path.join(home, 'replay-started');
    const launch = { command: '/bin/sh', args: ['-c', `touch "${started}"; exec "${process.execPath}" "${TARGET}"`] };
    const switchedOff = path.join(home, 'switched-off.json');
    await fs.writeFile(switchedOff, JSON.stringify({ mcpServers: { target: { ...launch, disabledTools: ['api_key'] } } }));
    const off = await cli(['replay', recording, 'target', '--config', switchedOff]);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/Not replayed: mcp__target__api_key is switched off: the server's config lists it in "disabledTools"\. Remove it from there to call it\. \(the recording calls it on line \d+; nothing was sent\)/);
    expect(existsSync(started)).toBe(false);

    const plain = path.join(home, 'plain.json');
    await fs.writeFile(plain, JSON.stringify({ mcpServers: { target: launch } }));
    await fs.writeFile(path.join(home, 'permissions.json'), JSON.stringify({ rules: [{ pattern: 'mcp__target__greet', decision: 'deny' }] }));
    try {
      const denied = await cli(['replay', recording, 'target', '--config', plain, '--json']);
      expect(denied.code).toBe(2);
      expect(denied.stderr).toContain('Not replayed: mcp__target__greet is not allowed: rule mcp__target__greet: deny. Change the rule under Permissions.');
      expect(existsSync(started)).toBe(false);
    } finally {
      await fs.rm(path.join(home, 'permissions.json'));
    }
    // Without the rule, the same replay runs (and so starts the server).
    const allowed = await cli(['replay', recording, 'target', '--config', plain]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(existsSync(started)).toBe(true);
  });

  it('fails against a changed server, with a pointer to each difference', SEVERAL_RUNS, async () => {
    const run = await cli(['replay', recording, '--stdio', quoted(process.execPath, TARGET, '--changed')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/different +initialize \(line 2\)\n +\/result\/serverInfo\/version: recorded "1\.0\.0", now "1\.1\.0"/);
    expect(run.stdout).toContain('/result/content/0/text: recorded "Hello, Ada!", now "Hi, Ada!"');

    const json = await cli(['replay', recording, '--stdio', quoted(process.execPath, TARGET, '--changed'), '--json', '--ignore', '/result/serverInfo/version']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { passed: boolean; requests: Array<{ method: string; status: string; differences: Array<{ pointer: string }> }> };
    expect(report.passed).toBe(false);
    expect(report.requests.filter((request) => request.status === 'different')).toEqual([
      expect.objectContaining({ method: 'tools/call', differences: [expect.objectContaining({ pointer: '/result/content/0/text', kind: 'changed' })] }),
    ]);
  });

  it('names the file and line of a broken recording (exit 2)', async () => {
    const broken = path.join(home, 'broken.jsonl');
    const lines = (await fs.readFile(recording, 'utf8')).split('\n');
    lines[2] = '{"direction":"sideways","ms":1,"message":{"jsonrpc":"2.0"}}';
    await fs.writeFile(broken, lines.join('\n'));
    const run = await cli(['replay', broken, '--stdio', quoted(process.execPath, TARGET)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${broken}:3: bad message line: direction`);
  });
});

describe('a 2026-07-28 session', () => {
  it('records the CLI’s own modern session (server/discover), names the server and version, and replays and mocks it', SEVERAL_RUNS, async () => {
    const file = path.join(home, 'modern.jsonl');
    const recorded = await cli(['tools', 'call', 'greet', '--arg', 'name=Ada', '--stdio', quoted(process.execPath, BUILT_CLI, 'record', '-o', file, '--', process.execPath, TARGET)]);
    expect(recorded.stdout).toContain('Hello, Ada!');
    const parsed = parseRecording(await fs.readFile(file, 'utf8'), file);
    expect(parsed.header).toMatchObject({ protocolVersion: '2026-07-28', server: { name: 'recording-target', version: '1.0.0' } });
    expect(parsed.lines[0]?.line).toMatchObject({ direction: 'to-server', message: { method: 'server/discover' } });

    const replayed = await cli(['replay', file, '--stdio', quoted(process.execPath, TARGET), '--json']);
    expect(replayed.code).toBe(0);
    expect((JSON.parse(replayed.stdout) as { requests: Array<{ method: string }> }).requests.map((request) => request.method)).toContain('server/discover');
    const mocked = await cli(['tools', 'call', 'greet', '--arg', 'name=Ada', '--stdio', quoted(process.execPath, BUILT_CLI, 'mock', file)]);
    expect(mocked.stdout).toContain('Hello, Ada!');
    expect(mocked.code).toBe(0);
  });
});

describe('the reference server', () => {
  it('records a session with server-everything and replays it unchanged', SEVERAL_RUNS, async () => {
    const file = path.join(home, 'everything.jsonl');
    const client = new Client({ name: 'recording-test-client', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BUILT_CLI, 'record', '-o', file, '--', process.execPath, everythingServer, 'stdio'],
        env: { PATH: process.env.PATH ?? '', MCP_WORKBENCH_HOME: home },
        stderr: 'pipe',
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('echo');
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hi' } })).toMatchObject({ content: [{ type: 'text', text: 'Echo: hi' }] });
    await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } });
    await client.listResources();
    await client.close();
    expect(parseRecording(await fs.readFile(file, 'utf8'), file).header.server?.name).toMatch(/everything/);

    const run = await cli(['replay', file, '--stdio', quoted(process.execPath, everythingServer, 'stdio')]);
    expect(run.stdout).toContain('5 of 5 answers the same.');
    expect(run.code).toBe(0);
  });
});

describe('mock', () => {
  it('serves the recording over stdio to tools list and tools call, and says when no recorded answer matches', SEVERAL_RUNS, async () => {
    const server = quoted(process.execPath, BUILT_CLI, 'mock', recording);
    const list = await cli(['tools', 'list', '--stdio', server, '--json']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toEqual(['greet', 'now', 'api_key']);
    const call = await cli(['tools', 'call', 'greet', '--arg', 'name=Ada', '--stdio', server]);
    expect(call.stdout).toContain('Hello, Ada!');
    expect(call.code).toBe(0);
    const unknown = await cli(['tools', 'call', 'greet', '--arg', 'name=Bob', '--stdio', server]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No recorded answer matched tools/call');
  });

  it('serves it over Streamable HTTP on 127.0.0.1 with --http', SEVERAL_RUNS, async () => {
    const mock = spawn(process.execPath, [BUILT_CLI, 'mock', recording, '--http'], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(mock);
    let stderr = '';
    mock.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitUntil(() => /at http:\/\/127\.0\.0\.1:\d+\/mcp/.test(stderr), 'the mock server to listen');
    const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)![1]!;
    const list = await cli(['tools', 'list', '--url', url]);
    expect(list.stdout).toContain('greet');
    expect(list.code).toBe(0);
    const call = await cli(['tools', 'call', 'greet', '--arg', 'name=Ada', '--url', url]);
    expect(call.stdout).toContain('Hello, Ada!');
    expect(call.code).toBe(0);
    // Replay over Streamable HTTP: the recording against its own mock gives every answer back.
    const replayed = await cli(['replay', recording, '--url', url]);
    expect(replayed.stdout).toContain('5 of 5 answers the same.');
    expect(replayed.code).toBe(0);
    // A request that names another host (DNS rebinding) is refused.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.once('error', reject);
      request.end('{}');
    });
    expect(rebound).toBe(403);
    const exited = new Promise((resolve) => mock.once('exit', resolve));
    mock.kill('SIGTERM');
    await exited;
  });
});
