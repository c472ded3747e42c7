/**
 * The real CLI (out/electron/cli.cjs, as the `mcp-workbench` bin runs it) as a process,
 * against the fixture servers, with a temporary MCP_WORKBENCH_HOME: every command, its
 * exit codes, `--json` output that parses and is all stdout holds, ad-hoc servers,
 * `--config`, `--project`, and no server process left behind. Needs the build (`npm
 * test` builds first; alone: `node scripts/build.mjs cli`).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { followAuthorization } from '../core/auth/follow-authorization';
import { isAlive, pidsWith, waitUntil } from '../../e2e/support/processes';

const CLI = path.resolve('out/electron/cli.cjs');
const node = process.execPath;
const stdio = (fixture: Parameters<typeof fixtureServer>[0], ...args: string[]) => `"${node}" "${fixtureServer(fixture)}"${args.map((a) => ` ${a}`).join('')}`;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

let home: string;
let project: string;
let configFile: string;
let http: RunningFixture;
let sse: RunningFixture;
let ws: RunningFixture;
const cleanup: Array<() => Promise<void>> = [];

/**
 * At most this many CLI processes at once, whatever the tests ask for: each is a Node
 * process that may start a server process, and the machine is shared.
 */
const MAX_PROCESSES = 4;
let running = 0;
const waiting: Array<() => void> = [];

interface CliOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  onSpawn?: (pid: number) => void;
  /** Everything on stderr so far, each time more arrives. */
  onStderr?: (stderr: string) => void;
}

async function cli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  if (running >= MAX_PROCESSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await spawnCli(args, options);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function spawnCli(args: string[], options: CliOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [CLI, ...args], {
      env: { ...process.env, MCP_WORKBENCH_HOME: options.home ?? home, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onSpawn?.(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      options.onStderr?.(stderr);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** stdout must be exactly one JSON document. */
function json<T = Record<string, unknown>>(run: CliRun): T {
  expect(run.stdout.trim().startsWith('{'), `stdout is not one JSON document:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(true);
  return JSON.parse(run.stdout) as T;
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-'));
  project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-project-')));
  const basic = { command: node, args: [fixtureServer('basic-stdio')] };
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        basic,
        broken: { command: node, args: [fixtureServer('crash-on-start')] },
        off: { ...basic, enabled: false, env: { API_KEY: '${secret:off.env.API_KEY.0123456789abcdef}' } },
        bad: { type: 'carrier-pigeon' },
      },
    }),
  );
  await fs.writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { shared: basic } }));
  await fs.writeFile(path.join(home, 'local-servers.json'), JSON.stringify({ projects: { [project]: { mcpServers: { mine: basic } } } }));
  configFile = path.join(project, 'other-servers.json');
  await fs.writeFile(configFile, JSON.stringify({ mcpServers: { fromfile: basic } }));
  [http, sse, ws] = await Promise.all([startFixture('http-server', ['--require-header', 'X-Team=blue']), startFixture('sse-server'), startFixture('ws-server')]);
  cleanup.push(() => http.stop(), () => sse.stop(), () => ws.stop());
});

afterAll(async () => {
  await Promise.all(cleanup.map((stop) => stop()));
  await Promise.all([home, project].filter(Boolean).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

// Tests wait for a free process slot, so each gets room beyond its own runs.
describe.concurrent('mcp-workbench CLI', { timeout: 120_000 }, () => {
  it('prints help with the commands and exit codes; a wrong command line exits 2', async () => {
    const [help, unknown, missing] = await Promise.all([cli(['--help']), cli(['servers', 'lst']), cli(['tools', 'call', '--args'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/servers/);
    expect(help.stdout).toMatch(/Exit codes: 0 success, 1 the tool returned isError/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'lst'/);
    expect(missing.code).toBe(2);
  });

  it('servers list: a table of the user scope, notes on stderr for invalid entries; --json is one document', async () => {
    const [human, asJson] = await Promise.all([cli(['servers', 'list']), cli(['servers', 'list', '--json'])]);
    expect(human.code).toBe(0);
    const lines = human.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SCOPE\s+TRANSPORT\s+ENABLED\s+COMMAND \/ URL$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(['basic', 'broken', 'off']);
    expect(lines.find((line) => line.startsWith('off'))).toMatch(/\bno\b/);
    expect(human.stderr).toMatch(/"bad": type: Unknown type "carrier-pigeon"/);

    expect(asJson.code).toBe(0);
    const doc = json<{ servers: Array<{ name: string; scope: string; transport: string; enabled: boolean }>; problems: Array<{ server: string }> }>(asJson);
    expect(doc.servers.map((s) => [s.name, s.scope, s.enabled])).toEqual([
      ['basic', 'user', true],
      ['broken', 'user', true],
      ['off', 'user', false],
    ]);
    expect(doc.problems.map((p) => p.server)).toEqual(['bad']);
  });

  it('--project adds the project and local scopes (without remembering the project); --config uses a file instead', async () => {
    const [withProject, fromConfig, bothWays] = await Promise.all([
      cli(['servers', 'list', '--project', project, '--json']),
      cli(['servers', 'list', '--config', configFile, '--json']),
      cli(['servers', 'list', '--config', configFile, '--project', project]),
    ]);
    const scopes = Object.fromEntries(json<{ servers: Array<{ name: string; scope: string }> }>(withProject).servers.map((s) => [s.name, s.scope]));
    expect(scopes).toMatchObject({ basic: 'user', shared: 'project', mine: 'local' });
    // The keys of stored secrets are not printed.
    expect(withProject.stdout).not.toMatch(/\$\{secret:(?!••••••)/);
    expect(withProject.stdout).toContain('${secret:••••••}');
    expect(existsSync(path.join(home, 'workbench-state.json'))).toBe(false);
    expect(json<{ servers: Array<{ name: string; scope: string }> }>(fromConfig).servers).toMatchObject([{ name: 'fromfile', scope: 'config' }]);
    expect(bothWays.code).toBe(2);
    expect(bothWays.stderr).toMatch(/--project .* no effect with --config/);
  });

  it('servers check: state, tool count and connect time; exits 3 when one fails and names it with its stderr', async () => {
    const [bad, asJson] = await Promise.all([cli(['servers', 'check', 'basic', 'broken']), cli(['servers', 'check', 'basic', 'broken', '--json'])]);
    expect(bad.stdout).toMatch(/^NAME\s+STATE\s+TOOLS\s+CONNECT\s+PROTOCOL\s+SERVER$/m);
    expect(bad.stdout).toMatch(/^basic\s+connected\s+6\s+[\d.]+ m?s\s+2025-11-25\s+basic-fixture 1\.2\.3$/m);
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/^broken\s+failed/m);
    expect(bad.stderr).toMatch(/broken: The server closed the connection/);
    expect(bad.stderr).toMatch(/crash-fixture: missing API_KEY, giving up/);
    expect(asJson.code).toBe(3);
    const doc = json<{ ok: boolean; servers: Array<{ name: string; status: string; tools?: number; connectMs?: number }> }>(asJson);
    expect(doc.ok).toBe(false);
    expect(doc.servers.find((s) => s.name === 'basic')).toMatchObject({ status: 'connected', tools: 6, protocolVersion: '2025-11-25', protocolEra: 'legacy', protocolSource: expect.stringMatching(/^(detected|remembered)$/) });
    expect(doc.servers.find((s) => s.name === 'basic')!.connectMs).toBeGreaterThan(0);
    expect(doc.servers.find((s) => s.name === 'broken')).toMatchObject({ status: 'failed', errorKind: 'connection' });
  });

  it('servers check: a disabled server is skipped unless named (then exit 2); project servers with --project, started only once approved; unknown names exit 2', async () => {
    const [named, project_, notApproved, unknown] = await Promise.all([
      cli(['servers', 'check', 'off']),
      cli(['servers', 'check', 'shared', 'mine', '--project', project, '--approve-project', '--json']),
      cli(['servers', 'check', 'shared', 'mine', '--project', project, '--json']),
      cli(['servers', 'check', 'nosuch']),
    ]);
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/off: disabled; enable it/);
    expect(project_.code).toBe(0);
    expect(json<{ ok: boolean }>(project_).ok).toBe(true);
    // No terminal to ask on, no --approve-project: the project's server is not started (the local one is the user's own).
    expect(notApproved.code).not.toBe(0);
    const refused = json<{ servers: Array<{ name: string; status: string; error?: string }> }>(notApproved).servers;
    expect(refused.find((s) => s.name === 'mine')).toMatchObject({ status: 'connected' });
    expect(refused.find((s) => s.name === 'shared')).toMatchObject({ status: 'failed', error: expect.stringContaining('give --approve-project') });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No server named "nosuch"[\s\S]*Servers here: basic, broken, off/);
  });

  it('tools list: a table, or the tools as JSON', async () => {
    const [human, asJson] = await Promise.all([cli(['tools', 'list', 'basic']), cli(['tools', 'list', 'basic', '--json'])]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^TOOL\s+HINTS\s+DESCRIPTION$/m);
    expect(human.stdout).toMatch(/^echo\s+read-only\s+Returns the text it is given\.$/m);
    const doc = json<{ server: string; tools: Array<{ name: string; fullName: string }> }>(asJson);
    expect(doc.server).toBe('basic');
    expect(doc.tools.map((t) => t.name)).toEqual(['echo', 'add', 'fail', 'pid', 'client-capabilities', 'progress']);
    expect(doc.tools[0]!.fullName).toBe('mcp__basic__echo');
  });

  it('tools call: --arg values are JSON when they parse, --args is a JSON object; the text result on stdout', async () => {
    const [echo, add, quoted] = await Promise.all([
      cli(['tools', 'call', 'basic', 'echo', '--arg', 'text=hello world']),
      cli(['tools', 'call', 'basic', 'add', '--args', '{"a": 40}', '--arg', 'b=2', '--json']),
      cli(['tools', 'call', 'basic', 'echo', '--arg', 'text="42"']),
    ]);
    expect(echo.code).toBe(0);
    expect(echo.stdout).toBe('hello world\n');
    expect(add.code).toBe(0);
    expect(json(add)).toMatchObject({ server: 'basic', tool: 'add', isError: false, structured: { value: { sum: 42 } }, content: [{ type: 'text', text: '42' }] });
    expect(quoted.stdout).toBe('42\n');
  });

  it('tools call: exit 1 when the tool returns isError, 2 for an unknown tool or bad arguments (before anything starts)', async () => {
    const [failing, failingJson, unknownTool, badJson, notObject, noPair] = await Promise.all([
      cli(['tools', 'call', 'basic', 'fail']),
      cli(['tools', 'call', 'basic', 'fail', '--json']),
      cli(['tools', 'call', 'basic', 'nope']),
      cli(['tools', 'call', 'basic', 'echo', '--args', '{text:']),
      cli(['tools', 'call', 'basic', 'echo', '--args', '[1]', '--json']),
      cli(['tools', 'call', 'basic', 'echo', '--arg', 'text']),
    ]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/This tool always fails/);
    expect(failing.stderr).toMatch(/basic: the tool "fail" reported an error/);
    expect(failingJson.code).toBe(1);
    expect(json(failingJson)).toMatchObject({ isError: true });
    expect(unknownTool.code).toBe(2);
    expect(unknownTool.stderr).toMatch(/basic has no tool named "nope"[\s\S]*Its tools: echo, add, fail/);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/--args is not valid JSON/);
    expect(notObject.code).toBe(2);
    expect(json(notObject)).toMatchObject({ error: { exitCode: 2, message: expect.stringMatching(/--args must be a JSON object/) } });
    expect(noPair.code).toBe(2);
  });

  it('exit 4 on a call timeout and on a connect timeout, with the hint and a JSON error document', async () => {
    const [call, callJson, connect] = await Promise.all([
      cli(['tools', 'call', '--url', ws.url, 'progress', '--args', '{"steps": 1, "delayMs": 5000}', '--timeout', '300']),
      cli(['tools', 'call', '--url', ws.url, 'progress', '--args', '{"steps": 1, "delayMs": 5000}', '--timeout', '300', '--json']),
      cli(['tools', 'list', '--stdio', stdio('silent-stdio')], { env: { MCP_TIMEOUT: '400' } }),
    ]);
    expect(call.code).toBe(4);
    expect(call.stderr).toMatch(/The call timed out after 300 ms[\s\S]*--timeout/);
    expect(callJson.code).toBe(4);
    expect(json(callJson)).toMatchObject({ error: { kind: 'timeout', exitCode: 4, server: expect.any(String) } });
    expect(connect.code).toBe(4);
    expect(connect.stderr).toMatch(/silent-stdio: Timed out after 400 ms waiting for the server to answer initialize[\s\S]*MCP_TIMEOUT/);
    expect(connect.stdout).toBe('');
  });

  it('ad-hoc servers on every transport: --stdio (with --env), --url with --header over http, sse and ws', async () => {
    const [stdioRun, envRun, httpRun, httpNoHeader, sseRun, wsRun] = await Promise.all([
      cli(['tools', 'call', '--stdio', stdio('basic-stdio'), 'echo', '--arg', 'text=from stdio']),
      cli(['tools', 'call', '--stdio', stdio('env-stdio'), '--env', 'API_KEY=k-123', 'env', '--arg', 'name=API_KEY']),
      cli(['tools', 'call', '--url', http.url, '--header', 'X-Team: ${TEAM}', 'echo', '--arg', 'text=from http'], { env: { TEAM: 'blue' } }),
      cli(['tools', 'list', '--url', http.url]),
      cli(['servers', 'check', '--url', sse.url, '--transport', 'sse', '--json']),
      cli(['tools', 'list', '--url', ws.url, '--json']),
    ]);
    expect(stdioRun).toMatchObject({ code: 0, stdout: 'from stdio\n' });
    expect(envRun).toMatchObject({ code: 0, stdout: 'k-123\n' });
    expect(httpRun).toMatchObject({ code: 0, stdout: 'from http\n' });
    expect(httpNoHeader.code).toBe(3);
    expect(httpNoHeader.stderr).toMatch(/^Error: localhost-\d+: .*missing or wrong header x-team/m);
    expect(httpNoHeader.stderr).toMatch(/Check that the server is running and reachable at http:\/\/127\.0\.0\.1/);
    expect(json<{ ok: boolean; servers: Array<{ status: string; tools: number }> }>(sseRun)).toMatchObject({ ok: true, servers: [{ status: 'connected', tools: 4 }] });
    expect(json<{ tools: unknown[] }>(wsRun).tools).toHaveLength(4);
  });

  it('--url without --transport reaches an SSE-only server over SSE and says so; --transport http does not fall back', async () => {
    const [inferred, pinned] = await Promise.all([
      cli(['servers', 'check', '--url', sse.url, '--json']),
      cli(['servers', 'check', '--url', sse.url, '--transport', 'http']),
    ]);
    expect(inferred.code).toBe(0);
    expect(json<{ servers: unknown[] }>(inferred).servers).toMatchObject([
      { status: 'connected', tools: 4, transportNote: 'Connected over SSE: the server did not accept Streamable HTTP (HTTP 404).' },
    ]);
    expect(inferred.stderr).toContain('Connected over SSE: the server did not accept Streamable HTTP (HTTP 404).');
    expect(pinned.code).toBe(3);
    expect(pinned.stderr).toContain('Cannot POST /sse</pre> (HTTP 404). If this is an SSE server, set its transport to SSE.');
  });

  it('a headersHelper runs only with --allow-headers-helper when there is no terminal to ask on', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-helper-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const helperCommand = `"${node}" "${path.resolve('e2e/fixtures/headers-helper.mjs')}" ok --header X-Team=blue`;
    const file = path.join(dir, 'mcp.json');
    await fs.writeFile(file, JSON.stringify({ mcpServers: { helped: { type: 'http', url: http.url, headersHelper: helperCommand } } }));
    const [refused, allowed] = await Promise.all([
      cli(['tools', 'list', 'helped', '--config', file]),
      cli(['tools', 'list', 'helped', '--config', file, '--allow-headers-helper', '--json']),
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('has a headersHelper, a command run before connecting');
    expect(refused.stderr).toContain('give --allow-headers-helper');
    expect(allowed.code).toBe(0);
    expect(json<{ tools: Array<{ server: string }> }>(allowed).tools.map((t) => t.server)).toEqual(Array(5).fill('helped'));
  });

  it('--protocol: auto detects a 2026-only server, legacy and modern are pinned and fail with the fix named, anything else is a usage error', async () => {
    const modernOnly = stdio('v2-stdio', '--modern-only');
    const [auto, legacy, modern, pinnedLegacy, bogus] = await Promise.all([
      cli(['tools', 'call', '--stdio', modernOnly, 'weather', '--arg', 'city=Lima', '--protocol', 'auto', '--json']),
      cli(['tools', 'list', '--stdio', modernOnly, '--protocol', 'legacy']),
      cli(['tools', 'list', '--stdio', stdio('basic-stdio'), '--protocol', 'modern']),
      cli(['servers', 'check', '--stdio', stdio('v2-stdio'), '--protocol', '2025-06-18', '--json']),
      cli(['tools', 'list', '--stdio', stdio('basic-stdio'), '--protocol', 'newest']),
    ]);
    expect(auto.code).toBe(0);
    expect(json<{ structured: unknown; outputCheck: unknown }>(auto)).toMatchObject({ structured: { value: { city: 'Lima', celsius: 21, era: 'modern' } }, outputCheck: { status: 'valid' } });
    expect(legacy.code).toBe(3);
    expect(legacy.stderr).toMatch(/only speaks MCP 2026-07-28 and refused 2025-11-25 \(error -32022\): set Protocol to Auto/);
    expect(modern.code).toBe(3);
    expect(modern.stderr).toMatch(/does not speak MCP 2026-07-28 .*Set Protocol to Auto or Legacy/);
    expect(json<{ servers: unknown[] }>(pinnedLegacy).servers).toMatchObject([{ status: 'connected', protocolVersion: '2025-06-18', protocolEra: 'legacy', protocolSource: 'configured' }]);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/--protocol must be auto, legacy, modern or a protocol version/);
  });

  it('tools list marks a tool whose x-mcp-header annotations break SEP-2243 as excluded, with the reason', async () => {
    const sep = await startFixture('v2-http', ['--modern-only', '--header-tools']);
    cleanup.push(() => sep.stop());
    const [list, asJson, call] = await Promise.all([
      cli(['tools', 'list', '--url', sep.url]),
      cli(['tools', 'list', '--url', sep.url, '--json']),
      cli(['tools', 'call', '--url', sep.url, 'set_region', '--arg', 'region=eu-north1']),
    ]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^bad_header +excluded +NOT CALLABLE: score: x-mcp-header is only permitted on primitive-typed properties/m);
    expect(list.stdout).toMatch(/^set_region +- +Answers with the region/m);
    expect(list.stderr).toContain('bad_header: cannot be called, as its x-mcp-header annotations break the MCP 2026-07-28 rules for HTTP headers');
    expect(json<{ tools: Array<{ name: string; excludedReason?: string }> }>(asJson).tools.find((tool) => tool.name === 'bad_header')?.excludedReason).toMatch(/got number/);
    expect(call).toMatchObject({ code: 0, stdout: 'region eu-north1\n' });
  });

  it('ad-hoc servers and --config write nothing into the config files (nor the --config file)', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-empty-'));
    cleanup.push(() => fs.rm(empty, { recursive: true, force: true }));
    const [adhoc, fromFile] = await Promise.all([
      cli(['servers', 'check', '--stdio', stdio('basic-stdio')], { home: empty }),
      cli(['tools', 'call', 'fromfile', 'echo', '--arg', 'text=x', '--config', configFile], { home: empty }),
    ]);
    expect(adhoc.code).toBe(0);
    expect(fromFile).toMatchObject({ code: 0, stdout: 'x\n' });
    // The call is in the history like any other (its tool pinned, its result seen by the doctor); no scope file, no remembered project.
    expect((await fs.readdir(empty)).filter((name) => !['history.jsonl', 'results', 'protocol-eras.json', 'tool-pins.json', 'doctor-observations.json'].includes(name))).toEqual([]);
    expect(JSON.parse(await fs.readFile(configFile, 'utf8'))).toEqual({ mcpServers: { fromfile: { command: node, args: [fixtureServer('basic-stdio')] } } });
  });

  it('a --config server that needs a VS Code ${input:…} is a usage error (2) with advice that works', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-input-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'mcp.json');
    await fs.writeFile(file, JSON.stringify({ inputs: [{ type: 'promptString', id: 'api-key', password: true }], servers: { search: { command: node, args: [fixtureServer('env-stdio')], env: { API_KEY: '${input:api-key}' } } } }));
    const run = await cli(['tools', 'list', 'search', '--config', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"search" is skipped: it uses ${input:api-key}, which only VS Code asks for. In a copy of the file, write an environment variable in its place (e.g. ${API_KEY})');
    expect(run.stderr).not.toMatch(/default like/);
  });

  it('usage errors around servers: both a name and --stdio, --stdio with --url, no server at all, unknown name', async () => {
    const runs = await Promise.all([
      cli(['tools', 'list', 'basic', '--stdio', stdio('basic-stdio')]),
      cli(['tools', 'list', '--stdio', 'x', '--url', 'http://127.0.0.1:1/mcp']),
      cli(['tools', 'list']),
      cli(['tools', 'list', 'nosuch', '--json']),
      cli(['tools', 'list', '--stdio', 'a | b']),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(2);
    expect(runs[3]!.stderr).toMatch(/No server named "nosuch"/);
    expect(json(runs[3]!)).toMatchObject({ error: { message: 'No server named "nosuch".', exitCode: 2 } });
  });

  it('text the app would cut comes out whole (stdout and --json); images are saved to files, their paths printed', async () => {
    const small = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-limit-'));
    cleanup.push(() => fs.rm(small, { recursive: true, force: true }));
    // The smallest "Result text shown up to" the app allows.
    await fs.writeFile(path.join(small, 'settings.json'), JSON.stringify({ resultTextLimitBytes: 1024 }));
    const long = 'x'.repeat(5000);
    const [human, asJson, image] = await Promise.all([
      cli(['tools', 'call', '--stdio', stdio('basic-stdio'), 'echo', '--arg', `text=${long}`], { home: small }),
      cli(['tools', 'call', '--stdio', stdio('basic-stdio'), 'echo', '--arg', `text=${long}`, '--json'], { home: small }),
      cli(['tools', 'call', '--stdio', stdio('tool-lab'), 'make_image'], { home: small }),
    ]);
    expect(human).toMatchObject({ code: 0, stdout: `${long}\n` });
    const block = json<{ content: Array<{ text: string; file?: { path: string } }> }>(asJson).content[0]!;
    expect(block.text).toBe(long);
    expect(await fs.readFile(block.file!.path, 'utf8')).toBe(long);
    expect(image.code).toBe(0);
    const saved = /^\[image 4000×3000 image\/png, [\d.]+ KB\] saved to (\S+\.png)$/m.exec(image.stdout);
    expect(saved, image.stdout).not.toBeNull();
    expect((await fs.readFile(saved![1]!)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('a question from the server (elicitation) is declined at once with a note, never waited for', async () => {
    const run = await cli(['tools', 'call', '--stdio', stdio('tool-lab'), 'ask_form']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/decline/);
    expect(run.stderr).toMatch(/tool-lab asked for input .*declined/);
  });

  it('auth: login prints the authorization URL (--no-open) and signs in; status and logout; a server that needs sign-in exits 3 with the command to run', async () => {
    const oauth = await startFixture('oauth-server');
    cleanup.push(() => oauth.stop());
    const server = ['--url', oauth.url, '--name', 'guarded'];
    const before = await cli(['tools', 'list', ...server]);
    expect(before.code).toBe(3);
    expect(before.stderr).toMatch(/^Error: guarded: The server requires sign-in/m);
    expect(before.stderr).toContain(`Sign in with: mcp-workbench auth login --url ${oauth.url} --name guarded`);

    let followed: Promise<Response> | undefined;
    const login = await cli(['auth', 'login', ...server, '--no-open', '--json'], {
      onStderr: (text) => {
        const url = /^ {2}(http:\/\/\S+\/authorize\?\S+)$/m.exec(text)?.[1];
        // The test plays the browser: the fixture approves at once and redirects to the CLI's callback.
        if (url && !followed) followed = followAuthorization(url);
      },
    });
    expect(followed, login.stderr).toBeDefined();
    expect((await followed!).status).toBe(200);
    expect(login.code, login.stderr).toBe(0);
    expect(json(login)).toMatchObject({ server: 'guarded', signedIn: true, status: 'connected', tools: expect.any(Number) });

    const [after, status] = await Promise.all([cli(['tools', 'list', ...server]), cli(['auth', 'status', ...server, '--json'])]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toMatch(/^echo\s/m);
    expect(json(status)).toMatchObject({ signedIn: true, refreshable: true });
    const logout = await cli(['auth', 'logout', ...server]);
    expect(logout).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Signed out of guarded/) });
    const [again, statusAgain] = await Promise.all([cli(['tools', 'list', ...server]), cli(['auth', 'status', ...server])]);
    expect(again.code).toBe(3);
    expect(statusAgain.code).toBe(3);
    expect(statusAgain.stdout).toMatch(/guarded: not signed in/);
  });

  it('resources: list (every page), templates, read (text whole, images saved to files; --json with base64); a refused read exits 1', async () => {
    const server = ['--stdio', stdio('resources-stdio'), '--name', 'res'];
    const [list, templates, note, image, imageJson, unknown] = await Promise.all([
      cli(['resources', 'list', ...server, '--json']),
      cli(['resources', 'templates', ...server]),
      cli(['resources', 'read', ...server, 'fixture://notes/3']),
      cli(['resources', 'read', ...server, 'fixture://images/pixel.png']),
      cli(['resources', 'read', ...server, 'fixture://images/pixel.png', '--json']),
      cli(['resources', 'read', ...server, 'fixture://nope']),
    ]);
    const resources = json<{ server: string; resources: Array<{ uri: string }> }>(list).resources;
    expect(resources.length).toBeGreaterThan(25);
    expect(resources.map((r) => r.uri)).toContain('fixture://notes/25');
    expect(templates.stdout).toMatch(/^URI TEMPLATE\s+NAME\s+TYPE\s+DESCRIPTION$/m);
    expect(templates.stdout).toMatch(/^fixture:\/\/users\/\{userId\}\s+User by id\s+application\/json/m);
    expect(note).toMatchObject({ code: 0, stdout: '[resource fixture://notes/3 text/plain]\nThis is note 3.\n' });
    const saved = /saved to (\S+\.png)$/m.exec(image.stdout);
    expect(saved, image.stdout).not.toBeNull();
    expect((await fs.readFile(saved![1]!)).subarray(1, 4).toString()).toBe('PNG');
    expect(json(imageJson)).toMatchObject({ server: 'res', uri: 'fixture://images/pixel.png', contents: [{ kind: 'resource', content: { kind: 'image', mimeType: 'image/png', data: expect.any(String) } }] });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown resource: fixture:\/\/nope[\s\S]*mcp-workbench resources list/);
  });

  it('prompts: list with their arguments, get one as a conversation (or JSON); a missing required argument exits 2', async () => {
    const server = ['--stdio', stdio('resources-stdio'), '--name', 'res'];
    const [list, greet, greetJson, missing] = await Promise.all([
      cli(['prompts', 'list', ...server]),
      cli(['prompts', 'get', ...server, 'greet', '--arg', 'name=Ada']),
      cli(['prompts', 'get', ...server, 'greet', '--args', '{"name": "Ada", "style": "formal"}', '--json']),
      cli(['prompts', 'get', ...server, 'greet']),
    ]);
    expect(list.stdout).toMatch(/^greet\s+name \[style\]\s+Greets someone in a style\.$/m);
    expect(greet.code).toBe(0);
    expect(greet.stdout).toMatch(/^user:\n {2}Greet Ada in a casual style\.$/m);
    expect(json(greetJson)).toMatchObject({ server: 'res', prompt: 'greet', messages: [{ role: 'user', content: { kind: 'text', text: expect.stringContaining('formal') } }, expect.anything()] });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/The prompt "greet" needs "name"[\s\S]*--arg name=<value>/);
  });

  it('progress goes to stderr with --progress, never to stdout', async () => {
    // Steps far apart: the SDK drops a progress notification that arrives together with the answer.
    const run = await cli(['tools', 'call', '--url', ws.url, '--name', 'slow', 'progress', '--args', '{"steps": 3, "delayMs": 300}', '--progress']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('done after 3 steps\n');
    expect(run.stderr).toMatch(/^Calling progress on slow: 1\/3 \([\d.]+ m?s\)$/m);
    expect(run.stderr).toMatch(/^Done in [\d.]+ m?s\.$/m);
  });

  it('leaves no server process behind: after a call, and after Ctrl+C while a server is starting', async () => {
    const stubborn = await cli(['tools', 'call', '--stdio', stdio('stubborn-stdio'), 'pids', '--json']);
    expect(stubborn.code).toBe(0);
    const text = json<{ content: Array<{ text: string }> }>(stubborn).content[0]!.text;
    const { pid, grandchild } = JSON.parse(text) as { pid: number; grandchild: number };
    await waitUntil(() => !isAlive(pid) && !isAlive(grandchild), 'the stubborn server and its grandchild to be gone');

    const marker = `cli-sigint-${randomUUID()}`;
    let cliPid = 0;
    const interrupted = cli(['tools', 'list', '--stdio', stdio('silent-stdio', marker)], { onSpawn: (p) => (cliPid = p) });
    await waitUntil(() => pidsWith(marker, CLI).length > 0, 'the silent server to start', 20_000);
    process.kill(cliPid, 'SIGINT');
    const run = await interrupted;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/Interrupted: closing servers/);
    expect(pidsWith(marker, CLI)).toEqual([]);
  });

  it('a reader that goes away early (| true) ends the run normally, servers closed', async () => {
    const marker = `cli-pipe-${randomUUID()}`;
    const command = `"${node}" "${CLI}" tools list --stdio '${stdio('basic-stdio', marker)}' | true`;
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn('bash', ['-c', `set -o pipefail; ${command}`], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stderr }));
    });
    expect(run.stderr).not.toMatch(/EPIPE/);
    expect(run.code).toBe(0);
    expect(pidsWith(marker, CLI)).toEqual([]);
  });
});
