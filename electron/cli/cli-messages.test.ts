/**
 * What the CLI says when a server answers but not as asked, run as the real built CLI
 * (out/electron/cli.cjs; `node scripts/build.mjs cli` first) against fixture servers:
 * a list the server does not offer, a declared list that fails (in a snapshot and in
 * `resources list`), the server's own JSON-RPC error attributed to it, and a 2025-only
 * server asked for the 2026 protocol.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const stdio = (fixture: Parameters<typeof fixtureServer>[0], ...args: string[]) => `"${process.execPath}" "${fixtureServer(fixture)}"${args.map((a) => ` ${a}`).join('')}`;
let home: string;
let http: RunningFixture | undefined;
let sse: RunningFixture | undefined;

function cli(args: string[]): Promise<CliRun> {
  return runBuiltCli(args, { home, cwd: home, killAfterMs: 60_000 });
}

function json<T>(run: CliRun): T {
  expect(run.stdout.trim().startsWith('{'), `stdout is not one JSON document:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(true);
  return JSON.parse(run.stdout) as T;
}

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-messages-'));
  [http, sse] = await Promise.all([startFixture('http-server'), startFixture('sse-server')]);
});

afterAll(async () => {
  await Promise.all([http?.stop(), sse?.stop()]);
  await fs.rm(home, { recursive: true, force: true });
});

describe('CLI messages when a server answers, but not as asked', { timeout: 120_000 }, () => {
  it('resources list / templates / prompts list on a server without them: "offers no …", an empty list in --json, exit 0', async () => {
    // The raw fixture declares only tools and answers every other method "Method not found".
    const server = ['--stdio', stdio('raw-answers-stdio'), '--name', 'raw'];
    const [resources, resourcesJson, templates, prompts, promptsJson] = await Promise.all([
      cli(['resources', 'list', ...server]),
      cli(['resources', 'list', ...server, '--json']),
      cli(['resources', 'templates', ...server]),
      cli(['prompts', 'list', ...server]),
      cli(['prompts', 'list', ...server, '--json']),
    ]);
    expect(resources).toMatchObject({ code: 0, stdout: '' });
    expect(resources.stderr.trim()).toBe('raw offers no resources.');
    expect(resourcesJson.code, resourcesJson.stderr).toBe(0);
    expect(json(resourcesJson)).toEqual({ server: 'raw', resources: [] });
    expect(templates).toMatchObject({ code: 0 });
    expect(templates.stderr.trim()).toBe('raw offers no resource templates.');
    expect(prompts).toMatchObject({ code: 0, stdout: '' });
    expect(prompts.stderr.trim()).toBe('raw offers no prompts.');
    expect(json(promptsJson)).toEqual({ server: 'raw', prompts: [] });
  });

  it('a server that declares resources but answers "Method not found" is named as at fault (exit 1), not sent to tools list', async () => {
    const run = await cli(['resources', 'list', '--stdio', stdio('raw-answers-stdio', '--declare-unserved', 'resources'), '--name', 'raw']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: raw declares "resources" but answered resources/list with an error: Method not found: resources/list');
    expect(run.stderr).toContain('mcp-workbench doctor');
    expect(run.stderr).not.toContain('tools list');
  });

  it('snapshot records a declared list that fails under "failing" with its method, keeps the rest, and exits 0', async () => {
    const run = await cli(['snapshot', '--stdio', stdio('raw-answers-stdio', '--declare-unserved', 'resources,prompts'), '--name', 'raw']);
    expect(run.code, run.stderr).toBe(0);
    const snapshot = json<{ tools: Array<{ name: string }>; resources: unknown[]; prompts: unknown[]; failing: unknown[] }>(run);
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(['as_sent']);
    expect(snapshot.resources).toEqual([]);
    expect(snapshot.prompts).toEqual([]);
    expect(snapshot.failing).toEqual([
      { capability: 'prompts', method: 'prompts/list', error: 'Method not found: prompts/list' },
      { capability: 'resources', method: 'resources/list', error: 'Method not found: resources/list' },
    ]);
    expect(run.stderr).toContain('Warning: raw declares "prompts" but prompts/list failed: Method not found: prompts/list.');

    // A healthy server's snapshot has no "failing" key, so snapshots taken before it existed stay the same.
    const healthy = await cli(['snapshot', '--stdio', stdio('raw-answers-stdio'), '--name', 'raw']);
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(json<Record<string, unknown>>(healthy)).not.toHaveProperty('failing');

    // Against the healthy snapshot, lists that now fail are breaking.
    await fs.writeFile(path.join(home, 'healthy.json'), healthy.stdout);
    const diff = await cli(['diff', '--stdio', stdio('raw-answers-stdio', '--declare-unserved', 'prompts'), '--name', 'raw', '--against', 'healthy.json', '--json']);
    expect(diff.code, diff.stderr).toBe(1);
    expect(json<{ changes: unknown[] }>(diff).changes).toContainEqual(expect.objectContaining({ kind: 'breaking', pointer: '/failing/0', message: 'prompts/list now fails: Method not found: prompts/list' }));
  });

  it("the server's own JSON-RPC error is its message, attributed to it; only a wrong request points at the list", async () => {
    const server = ['--stdio', stdio('tool-lab'), '--name', 'lab'];
    const [upstream, upstreamJson, badParams] = await Promise.all([
      cli(['tools', 'call', ...server, 'rpc_error', '--arg', 'message=getaddrinfo ENOTFOUND api.example.com']),
      cli(['tools', 'call', ...server, 'rpc_error', '--arg', 'message=getaddrinfo ENOTFOUND api.example.com', '--json']),
      cli(['tools', 'call', ...server, 'rpc_error', '--args', '{"code": -32602, "message": "Invalid arguments: city is required"}']),
    ]);
    expect(upstream.code).toBe(1);
    expect(upstream.stderr).toMatch(/^Error: lab answered with an error: .*getaddrinfo ENOTFOUND api\.example\.com$/m);
    expect(upstream.stderr).not.toMatch(/refused|tools list/);
    expect(json<{ error: Record<string, unknown> }>(upstreamJson).error).toEqual({ message: expect.stringMatching(/^lab answered with an error: .*ENOTFOUND/), server: 'lab', kind: 'server-error', exitCode: 1 });
    expect(badParams.code).toBe(1);
    expect(badParams.stderr).toMatch(/^Error: lab answered with an error: .*Invalid arguments: city is required$/m);
    expect(badParams.stderr).toContain('mcp-workbench tools list <same server options> shows what it offers and the arguments each tool takes.');
    expect(badParams.stderr).not.toContain('refused');
  });

  it('--protocol modern against a reachable 2025-only HTTP or SSE server says it was reached and speaks only 2025, and suggests --protocol auto', async () => {
    const [overHttp, overSse] = await Promise.all([
      cli(['tools', 'list', '--url', http!.url, '--transport', 'http', '--protocol', 'modern']),
      cli(['tools', 'list', '--url', sse!.url, '--transport', 'sse', '--protocol', 'modern', '--json']),
    ]);
    expect(overHttp.code).toBe(3);
    expect(overHttp.stderr).toContain('it is a 2025 server');
    expect(overHttp.stderr).toContain('The server was reached: it speaks only the 2025-era protocol. Use --protocol auto');
    expect(overHttp.stderr).not.toContain('running and reachable');
    const error = json<{ error: { hint: string; exitCode: number } }>(overSse).error;
    expect(error.exitCode).toBe(3);
    expect(error.hint).toMatch(/^The server was reached: it speaks only the 2025-era protocol\. Use --protocol auto/);
    expect(error.hint).not.toContain('reachable at');
  });
});
