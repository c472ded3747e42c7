/**
 * The agent loop end to end: the real AI library talking to provider fakes that speak each
 * provider's HTTP API on 127.0.0.1 (tests/support/provider-fakes/), and a real core whose fixture
 * server (basic-stdio) runs as a real process; every tool call goes through the core's tool
 * runner, so it shows in the protocol log and history.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { startProviderFake } from '../../../tests/support/provider-fakes/provider-fake';
import { buildAppApi } from '../../../shared/api/client';
import { unwrapEnvelope } from '../../../shared/envelope';
import { createCore, type Core } from '../api/core-api';
import { createDispatcher } from '../api/dispatcher';
import { runAgent, type AgentRunOptions, type ToolGateway } from './agent-loop';
import { conversationAt } from './conversation-resume';
import { openModel } from './model-library';
import { parseModelChoice, type ProviderId } from './providers';

type Fake = Awaited<ReturnType<typeof startProviderFake>>;

let core: Core;
let gateway: ToolGateway;
let dataDir: string;
const fakes: Fake[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-agent-'));
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } } }));
  core = await createCore({ dataDir, env: {}, watchConfig: false, autoConnect: false });
  const dispatch = createDispatcher(core.api);
  gateway = buildAppApi(async (method, payload) => unwrapEnvelope(await dispatch(method, payload, {})), core.api.onEvent);
});

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

afterAll(async () => {
  await core.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function fake(kind: 'openai' | 'anthropic' | 'google', turns: object[], extra: Partial<Parameters<typeof startProviderFake>[1]> = {}): Promise<Fake> {
  const started = await startProviderFake(kind, { turns, ...extra });
  fakes.push(started);
  return started;
}

const MODEL_OF: Record<'openai' | 'anthropic' | 'google', ProviderId> = { openai: 'openai', anthropic: 'anthropic', google: 'google' };

function run(kind: 'openai' | 'anthropic' | 'google', provider: Fake, options: Partial<AgentRunOptions> = {}) {
  const choice = parseModelChoice(`${MODEL_OF[kind]}:fake-model`, provider.baseUrl);
  return runAgent({
    model: openModel(choice, 'test-key-123456'),
    gateway,
    servers: ['basic'],
    toolFilter: (tool) => tool.name === 'echo' || tool.name === 'add',
    prompt: 'Say hi through the echo tool.',
    maxSteps: 5,
    signal: new AbortController().signal,
    approve: async () => ({ decision: 'approve' }),
    maxRetries: 2,
    ...options,
  });
}

/** The text the model was sent back for its tool call, in any provider's request format. */
const sentBack = (body: unknown) => JSON.stringify(body);

describe.each([
  ['openai', false],
  ['openai', true],
  ['anthropic', true],
  ['anthropic', false],
  ['google', true],
  ['google', false],
] as const)('%s (streaming: %s)', (kind, stream) => {
  it('calls a tool through the core and hands its result back to the model', async () => {
    const provider = await fake(kind, [{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'hi from the model' } }] }, { text: 'The tool said hi.' }]);
    const result = await run(kind, provider, { stream });
    expect(result.status).toBe('answered');
    expect(result.text).toBe('The tool said hi.');
    expect(result.toolCalls).toEqual([{ server: 'basic', tool: 'echo', arguments: { text: 'hi from the model' }, isError: false }]);
    const call = result.steps.find((s) => s.kind === 'tool');
    expect(call?.kind === 'tool' && call.resultText).toBe('hi from the model');
    // The step names the JSON-RPC request it caused, as the protocol log has it.
    const ids = call?.kind === 'tool' ? call.jsonRpcIds : [];
    expect(ids.length).toBe(1);
    const entries = await core.api.getProtocolLog({ server: 'basic' }, {});
    const request = entries.find((e) => e.direction === 'out' && e.kind === 'request' && e.id === ids[0]);
    expect(request?.method).toBe('tools/call');
    expect(request?.text).toContain('hi from the model');
    // The second model request carries the tool's result.
    const requests = provider.modelRequests();
    expect(requests).toHaveLength(2);
    expect(sentBack(requests[1]!.body)).toContain('hi from the model');
    // The raw request as the provider received it, with the tools after its adaptation.
    const turn = result.steps[0];
    expect(turn?.kind === 'model' && turn.request.tools.map((t) => t.name).sort()).toEqual(['basic__add', 'basic__echo']);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });
});

describe('provider behaviours', () => {
  it('runs parallel tool calls one after the other and answers both at once', async () => {
    const provider = await fake('openai', [
      { toolCalls: [{ name: 'basic__echo', arguments: { text: 'one' } }, { name: 'basic__echo', arguments: { text: 'two' } }] },
      { text: 'Both done.' },
    ]);
    const result = await run('openai', provider);
    expect(result.status).toBe('answered');
    expect(result.toolCalls.map((c) => c.arguments)).toEqual([{ text: 'one' }, { text: 'two' }]);
    const toolSteps = result.steps.filter((s) => s.kind === 'tool');
    expect(new Set(toolSteps.flatMap((s) => (s.kind === 'tool' ? s.jsonRpcIds : []))).size).toBe(2);
    const second = provider.modelRequests()[1]!.body as { messages: Array<{ role: string; content: unknown }> };
    expect(second.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['one', 'two']);
  });

  it('ends on a refusal without calling a tool', async () => {
    const provider = await fake('anthropic', [{ refusal: 'I will not do that.' }]);
    const result = await run('anthropic', provider);
    expect(result.status).toBe('answered');
    expect(result.toolCalls).toEqual([]);
    expect(result.steps).toHaveLength(1);
  });

  it('tells the model when its tool call is malformed, and runs nothing', async () => {
    const provider = await fake('openai', [{ toolCalls: [{ name: 'basic__echo', arguments: '{"text": "unfinished' }] }, { text: 'Sorry.' }], {});
    const result = await run('openai', provider);
    expect(result.status).toBe('answered');
    expect(result.toolCalls).toEqual([]);
    const step = result.steps.find((s) => s.kind === 'tool');
    expect(step?.kind === 'tool' && step.approval).toBe('invalid');
    expect(step?.kind === 'tool' && step.jsonRpcIds).toEqual([]);
    expect(sentBack(provider.modelRequests()[1]!.body)).toContain('The call was not run');
  });

  it('retries after a 429 as its retry-after says', async () => {
    const provider = await fake('openai', [{ error: { status: 429, message: 'Rate limit reached', retryAfter: 0, type: 'rate_limit_error' } }, { text: 'Fine now.' }]);
    const result = await run('openai', provider);
    expect(result.status).toBe('answered');
    expect(result.text).toBe('Fine now.');
    expect(provider.modelRequests()).toHaveLength(2);
  });

  it('reports a stream cut off mid-way as a failed loop, with the reason', async () => {
    const provider = await fake('anthropic', [{ text: 'This answer will never finish because the stream breaks', cutAfter: 3 }]);
    const result = await run('anthropic', provider, { maxRetries: 0 });
    expect(result.status).toBe('failed');
    expect(result.error?.message).toMatch(/broke off before it ended/);
  });

  it('takes a huge answer whole', async () => {
    const huge = 'x'.repeat(3 * 1024 * 1024);
    const provider = await fake('google', [{ text: huge }]);
    const result = await run('google', provider);
    expect(result.status).toBe('answered');
    expect(result.text.length).toBe(huge.length);
  });
});

describe('the approval hook, permissions, stop and the step limit', () => {
  it('runs the call with the arguments the user edited, and keeps the model\'s', async () => {
    const provider = await fake('openai', [{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'model wrote this' } }] }, { text: 'ok' }]);
    const result = await run('openai', provider, { approve: async () => ({ decision: 'approve', arguments: { text: 'user wrote this' } }) });
    const step = result.steps.find((s) => s.kind === 'tool');
    expect(step?.kind === 'tool' && [step.approval, step.resultText, step.modelArguments]).toEqual(['edited', 'user wrote this', { text: 'model wrote this' }]);
  });

  it('never calls a denied tool, and tells the model it was declined', async () => {
    const provider = await fake('openai', [{ toolCalls: [{ name: 'basic__add', arguments: { a: 1, b: 2 } }] }, { text: 'ok' }]);
    const before = (await core.api.getProtocolLog({ server: 'basic' }, {})).filter((e) => e.method === 'tools/call' && e.text.includes('"add"')).length;
    const result = await run('openai', provider, { approve: async () => ({ decision: 'deny', reason: 'not now' }) });
    const after = (await core.api.getProtocolLog({ server: 'basic' }, {})).filter((e) => e.method === 'tools/call' && e.text.includes('"add"')).length;
    expect(after).toBe(before);
    expect(result.toolCalls).toEqual([]);
    expect(sentBack(provider.modelRequests()[1]!.body)).toContain('not now');
  });

  it('without a hook, a tool the permissions set to "ask" is refused and the model is told why', async () => {
    const provider = await fake('openai', [{ toolCalls: [{ name: 'basic__add', arguments: { a: 1, b: 2 } }] }, { text: 'ok' }]);
    const result = await runAgent({
      model: openModel(parseModelChoice('openai:fake', provider.baseUrl), 'k-123456789'),
      gateway,
      servers: ['basic'],
      prompt: 'add',
      maxSteps: 3,
      signal: new AbortController().signal,
    });
    const step = result.steps.find((s) => s.kind === 'tool');
    expect(step?.kind === 'tool' && step.notRun).toMatch(/needs your confirmation/);
    expect(step?.kind === 'tool' && step.isError).toBe(true);
  });

  it('stops when the signal fires while a call waits for approval', async () => {
    const provider = await fake('openai', [{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'x' } }] }, { text: 'never asked' }]);
    const stop = new AbortController();
    const result = await run('openai', provider, {
      signal: stop.signal,
      approve: async () => {
        stop.abort();
        return { decision: 'approve' };
      },
    });
    expect(result.status).toBe('stopped');
    expect(provider.modelRequests()).toHaveLength(1);
  });

  it('ends at the step limit', async () => {
    const provider = await fake('openai', [], { respond: () => ({ toolCalls: [{ name: 'basic__echo', arguments: { text: 'again' } }] }) });
    const result = await run('openai', provider, { maxSteps: 2 });
    expect(result.status).toBe('max-steps');
    expect(provider.modelRequests()).toHaveLength(2);
  });
});

describe.each(['openai', 'anthropic', 'google'] as const)('a re-run from an edited tool result (%s)', (kind) => {
  it('asks the model again with the edited result, numbers its turns on, and calls no tool again', async () => {
    const provider = await fake(kind, [
      { toolCalls: [{ name: 'basic__echo', arguments: { text: 'what the server echoed' } }] },
      { text: 'First answer.' },
      { text: 'Second answer, from the edited result.' },
    ]);
    const first = await run(kind, provider);
    expect(first.status).toBe('answered');
    const call = first.steps.find((s) => s.kind === 'tool');
    if (call?.kind !== 'tool') throw new Error('no tool step');
    const callsBefore = (await core.api.getProtocolLog({ server: 'basic' }, {})).filter((e) => e.method === 'tools/call').length;

    const history = conversationAt(first.messages, { toolCallId: call.toolCallId, result: { text: 'A result the user wrote.', isError: true } })!;
    const again = await run(kind, provider, { prompt: undefined, history, firstStep: call.step + 1 });

    expect(again.status).toBe('answered');
    expect(again.text).toBe('Second answer, from the edited result.');
    expect(again.steps.map((s) => [s.kind, s.step])).toEqual([['model', 2]]);
    // The third request carries the user's result in place of the server's, and the conversation before it unchanged.
    const third = sentBack(provider.modelRequests()[2]!.body);
    expect(third).toContain('A result the user wrote.');
    expect(third).not.toContain('First answer.');
    expect(third.split('what the server echoed').length - 1).toBe(sentBack(provider.modelRequests()[1]!.body).split('what the server echoed').length - 2);
    expect(third).toContain('Say hi through the echo tool.');
    const callsAfter = (await core.api.getProtocolLog({ server: 'basic' }, {})).filter((e) => e.method === 'tools/call').length;
    expect(callsAfter).toBe(callsBefore);
  });
});

it('a re-run from a call whose result never reached the model is refused with the reason', async () => {
  const provider = await fake('openai', [{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'x' } }] }, { text: 'never asked' }]);
  const stop = new AbortController();
  const result = await run('openai', provider, { signal: stop.signal, approve: async () => (stop.abort(), { decision: 'approve' }) });
  const toolCallId = (result.steps[0]?.kind === 'model' && result.steps[0].toolCalls[0]?.id) || 'missing';
  expect(result.messages.length).toBeGreaterThan(0);
  expect(conversationAt(result.messages, { toolCallId })).toBeUndefined();
});

describe('bad setups, each explained', () => {
  it('a wrong key (401)', async () => {
    const provider = await fake('anthropic', [{ error: { status: 401, message: 'invalid x-api-key', type: 'authentication_error' } }]);
    const result = await run('anthropic', provider);
    expect(result.status).toBe('failed');
    expect(result.error?.reason).toBe('auth');
    expect(result.error?.hint).toContain('ANTHROPIC_API_KEY');
  });

  it('an endpoint where nothing listens', async () => {
    const port = await freePort();
    const result = await runAgent({
      model: openModel(parseModelChoice('ollama:llama3.2', `http://127.0.0.1:${port}/v1`), undefined),
      gateway,
      servers: ['basic'],
      prompt: 'hi',
      maxSteps: 2,
      maxRetries: 0,
      signal: new AbortController().signal,
    });
    expect(result.status).toBe('failed');
    expect(result.error?.reason).toBe('unreachable');
    expect(result.error?.hint).toContain('ollama serve');
  });

  it('a model without tool support', async () => {
    const provider = await fake('openai', [{ error: { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' } }]);
    const result = await run('openai', provider);
    expect(result.error?.reason).toBe('no-tools');
    expect(result.error?.hint).toMatch(/supports tool calling/);
  });
});

/** A port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
