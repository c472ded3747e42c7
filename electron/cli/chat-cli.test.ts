/**
 * `mcp-workbench chat` and `models list` as processes (out/electron/cli.cjs; `node
 * scripts/build.mjs cli` first) against provider fakes that speak the real HTTP APIs on
 * 127.0.0.1, with the basic fixture server as a real process: the --json shape, exit codes
 * 0 / 1 / 2, each bad setup explained with its fix, and no server process left behind.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { pidsWith } from '../../e2e/support/processes';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';
import { startProviderFake, type FakeKind, type ScriptedTurn } from '../../tests/support/provider-fakes/provider-fake';

let home: string;
const fakes: Array<Awaited<ReturnType<typeof startProviderFake>>> = [];
const KEY = 'sk-test-chat-key-0123456789';

/** The environment of a run: no key from this machine leaks in, the secret store is a file in the temporary home. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { OPENAI_API_KEY: _o, ANTHROPIC_API_KEY: _a, GOOGLE_GENERATIVE_AI_API_KEY: _g, ...rest } = process.env;
  return { ...rest, MCP_WORKBENCH_KEYCHAIN: 'off', ...extra };
}

function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  return runBuiltCli(args, { home, cwd: home, env: env(extraEnv), killAfterMs: 60_000 });
}

async function fake(kind: FakeKind, turns: ScriptedTurn[], models?: string[]) {
  const started = await startProviderFake(kind, { turns, ...(models ? { models } : {}) });
  fakes.push(started);
  return started;
}

const stdio = (marker: string) => `"${process.execPath}" "${fixtureServer('basic-stdio')}" ${marker}`;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-chat-cli-'));
});

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe('chat', () => {
  it('runs the loop and prints one JSON document: text, toolCalls, steps, usage', async () => {
    const provider = await fake('openai', [{ toolCalls: [{ name: 'basic-fixture__echo', arguments: { text: 'ping' } }] }, { text: 'The server said ping.' }]);
    const marker = `chat-${randomUUID()}`;
    const run = await cli(['chat', '--stdio', stdio(marker), '--name', 'basic-fixture', '--model', 'openai:gpt-4o-mini', '--base-url', provider.baseUrl!, '--prompt', 'echo ping', '--json'], { OPENAI_API_KEY: KEY });
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.text).toBe('The server said ping.');
    expect(doc.toolCalls).toEqual([{ server: 'basic-fixture', tool: 'echo', arguments: { text: 'ping' }, isError: false }]);
    expect(doc.steps.map((s: { kind: string }) => s.kind)).toEqual(['model', 'tool', 'model']);
    expect(doc.steps[1].jsonRpcIds).toHaveLength(1);
    expect(doc.usage).toMatchObject({ inputTokens: 22, outputTokens: 14 });
    // The key went to the provider as the provider expects it, and nowhere into the output.
    expect(provider.modelRequests()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(pidsWith(marker, BUILT_CLI)).toEqual([]);
  });

  it('prints each step as it happens without --json; --approve auto refuses a tool set to "ask"', async () => {
    const provider = await fake('anthropic', [{ toolCalls: [{ name: 'basic-fixture__add', arguments: { a: 2, b: 3 } }] }, { text: 'I could not add.' }]);
    const run = await cli(['chat', '--stdio', stdio('x'), '--name', 'basic-fixture', '--model', 'anthropic:claude-haiku-4-5', '--base-url', provider.baseUrl!, '--prompt', 'add 2 and 3', '--approve', 'auto'], { ANTHROPIC_API_KEY: KEY });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('I could not add.');
    expect(run.stderr).toMatch(/→ basic-fixture\.add \{"a":2,"b":3\}/);
    expect(run.stderr).toMatch(/not run: .*needs your confirmation/);
  });

  it('exits 1 when the loop fails, saying why and what fixes it (a wrong key)', async () => {
    const provider = await fake('google', [{ error: { status: 401, message: 'API key not valid' } }]);
    const run = await cli(['chat', '--stdio', stdio('x'), '--model', 'google:gemini-2.5-flash', '--base-url', provider.baseUrl!, '--prompt', 'hi'], { GOOGLE_GENERATIVE_AI_API_KEY: KEY });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/refused the API key \(HTTP 401\)/);
    expect(run.stderr).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
  });

  it('exits 1 for a model without tool support, naming the fix', async () => {
    const provider = await fake('openai', [{ error: { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' } }]);
    const run = await cli(['chat', '--stdio', stdio('x'), '--model', 'openai-compatible:gemma:2b', '--base-url', provider.baseUrl!, '--prompt', 'hi', '--json']);
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc.error).toMatchObject({ reason: 'no-tools', hint: expect.stringMatching(/supports tool calling/) });
  });

  it('exits 1 when nothing answers at the endpoint, saying how to start it, with no server left running', async () => {
    const closed = await fake('openai', []);
    const url = closed.baseUrl!;
    await closed.close();
    fakes.splice(fakes.indexOf(closed), 1);
    const marker = `chat-unreachable-${randomUUID()}`;
    const run = await cli(['chat', '--stdio', stdio(marker), '--model', 'ollama:llama3.2', '--base-url', url, '--prompt', 'hi']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Nothing answered at ${url}`);
    expect(run.stderr).toContain('ollama serve');
    expect(pidsWith(marker, BUILT_CLI)).toEqual([]);
  });

  it.each([
    [['--model', 'mistral:large'], /Unknown model provider "mistral"/],
    [['--model', 'openai:gpt-4o'], /No API key for OpenAI[\s\S]*OPENAI_API_KEY/],
    [['--model', 'openai-compatible:x'], /needs the endpoint's address[\s\S]*--base-url/],
    [['--model', 'ollama:x', '--max-steps', '0'], /--max-steps must be a whole number/],
    [['--model', 'ollama:x', '--approve', 'ask'], /--approve ask needs a terminal/],
    [[], /Name the model with --model/],
  ])('exits 2 on bad input %j, with the fix', async (args, message) => {
    const marker = `chat-bad-${randomUUID()}`;
    const run = await cli(['chat', '--stdio', stdio(marker), '--prompt', 'hi', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(pidsWith(marker, BUILT_CLI)).toEqual([]);
  });
});

describe('models list', () => {
  it('lists each provider, where its key comes from (never the key), and what a local endpoint serves', async () => {
    const endpoint = await fake('openai', [], ['llama3.2:3b', 'qwen2.5:7b']);
    const run = await cli(['models', 'list', '--base-url', endpoint.baseUrl!, '--json'], { ANTHROPIC_API_KEY: KEY });
    expect(run.code, run.stderr).toBe(0);
    const { providers } = JSON.parse(run.stdout);
    const by = Object.fromEntries(providers.map((p: { provider: string }) => [p.provider, p]));
    expect(by.anthropic.key).toBe('from ANTHROPIC_API_KEY');
    expect(by.openai.key).toBe('none');
    expect(by['openai-compatible'].models).toEqual(['llama3.2:3b', 'qwen2.5:7b']);
    expect(run.stdout).not.toContain(KEY);
  });

  it('saves a key read from stdin in the secret store, where chat finds it, and forgets it', async () => {
    const { spawn } = await import('node:child_process');
    const saved = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [BUILT_CLI, 'models', 'set-key', 'openai'], { env: { ...env(), MCP_WORKBENCH_HOME: home }, stdio: ['pipe', 'ignore', 'ignore'] });
      child.stdin.end(`${KEY}\n`);
      child.once('close', resolve);
    });
    expect(saved).toBe(0);
    const list = await cli(['models', 'list', '--json']);
    expect(JSON.parse(list.stdout).providers.find((p: { provider: string }) => p.provider === 'openai').key).toBe('saved');
    const provider = await fake('openai', [{ text: 'hello' }]);
    const run = await cli(['chat', '--stdio', stdio('x'), '--model', 'openai:gpt-4o-mini', '--base-url', provider.baseUrl!, '--prompt', 'hi', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(provider.modelRequests()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    await cli(['models', 'forget-key', 'openai']);
    expect(JSON.parse((await cli(['models', 'list', '--json'])).stdout).providers.find((p: { provider: string }) => p.provider === 'openai').key).toBe('none');
  });
});
