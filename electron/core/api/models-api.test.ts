/**
 * The models area of the AppApi through the dispatcher, as a front end reaches it: a real
 * core with the basic-stdio fixture running as a real process, and a provider fake speaking
 * OpenAI's chat completions API on 127.0.0.1 (tests/support/provider-fakes). Keys go in and
 * never come back; a chat's steps arrive as events; the chat pauses for the page's answer
 * before each tool call, and gives up when the page goes away or the chat is stopped.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { startProviderFake, type FakeScript, type ScriptedTurn } from '../../../tests/support/provider-fakes/provider-fake';
import type { ChatEvent, ChatRequest, ChatRunResult, ModelProviderView } from '../../../shared/api/models';
import type { Envelope } from '../../../shared/envelope';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from './core-api';
import { createDispatcher, type Dispatch } from './dispatcher';

type Fake = Awaited<ReturnType<typeof startProviderFake>>;

let core: Core;
let dispatch: Dispatch;
let dataDir: string;
const fakes: Fake[] = [];
const KEY = 'sk-test-playground-0123456789abcdef';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-models-api-'));
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } } }));
  core = await createCore({ dataDir, env: { OPENAI_API_KEY: 'sk-from-env-abcdefghijkl' }, watchConfig: false, autoConnect: false });
  dispatch = createDispatcher(core.api);
});

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

afterAll(async () => {
  await core.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function fake(turns: ScriptedTurn[], extra: FakeScript = {}): Promise<Fake> {
  const started = await startProviderFake('openai', { turns, ...extra });
  fakes.push(started);
  // The chat goes to the address set for the provider, as a user sets it in Settings.
  expect(await dispatch('setModelBaseUrl', { provider: 'openai-compatible', baseUrl: started.baseUrl })).toMatchObject({ ok: true });
  return started;
}

const ok = <T>(envelope: Envelope<unknown>): T => {
  if (!envelope.ok) throw new Error(`expected ok, got ${JSON.stringify(envelope.error)}`);
  return envelope.value as T;
};

/** Every chat event of one call, in order, and a way to wait for one. */
function chatEvents(callId: string) {
  const seen: ChatEvent[] = [];
  const waiters: Array<{ kind: ChatEvent['kind']; resolve: (event: ChatEvent) => void }> = [];
  const stop = core.events.subscribe((event: AppEvent) => {
    if (event.type !== 'chat-event' || event.callId !== callId) return;
    seen.push(event.event);
    for (const waiter of waiters.filter((w) => w.kind === event.event.kind)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event.event);
    }
  });
  const next = <K extends ChatEvent['kind']>(kind: K) =>
    new Promise<Extract<ChatEvent, { kind: K }>>((resolve) => {
      const already = seen.find((e) => e.kind === kind);
      if (already) resolve(already as Extract<ChatEvent, { kind: K }>);
      else waiters.push({ kind, resolve: resolve as (event: ChatEvent) => void });
    });
  return { seen, next, stop };
}

const chatRequest = (callId: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  callId,
  provider: 'openai-compatible',
  model: 'fake-model',
  servers: ['basic'],
  tools: { basic: ['echo', 'add'] },
  prompt: 'Say hi through the echo tool.',
  ...extra,
});

describe('providers and keys', () => {
  it('saves a key without ever answering with it, and says where each key comes from', async () => {
    const before = ok<ModelProviderView[]>(await dispatch('listModelProviders', undefined));
    expect(before.find((p) => p.id === 'openai')).toMatchObject({ key: 'environment', keyEnv: 'OPENAI_API_KEY', ready: true });
    expect(before.find((p) => p.id === 'anthropic')).toMatchObject({ key: 'none', ready: false });
    // Ollama's address is known, but it is offered as set-up (one click) until the user picks it.
    expect(before.find((p) => p.id === 'ollama')).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1', baseUrlSet: false, ready: false });

    const saved = await dispatch('setModelKey', { provider: 'anthropic', key: KEY });
    expect(saved).toMatchObject({ ok: true });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(ok<ModelProviderView[]>(saved).find((p) => p.id === 'anthropic')).toMatchObject({ key: 'saved', ready: true });
    const forgotten = ok<ModelProviderView[]>(await dispatch('forgetModelKey', { provider: 'anthropic' }));
    expect(forgotten.find((p) => p.id === 'anthropic')).toMatchObject({ key: 'none', ready: false });
  });

  it('keeps an endpoint address, refuses one that is not http(s) or carries a password, and goes back to the default on null', async () => {
    const set = ok<ModelProviderView[]>(await dispatch('setModelBaseUrl', { provider: 'ollama', baseUrl: 'http://10.0.0.5:11434/v1/' }));
    expect(set.find((p) => p.id === 'ollama')).toMatchObject({ baseUrl: 'http://10.0.0.5:11434/v1', baseUrlSet: true, ready: true });
    for (const bad of ['ftp://host/v1', 'not a url', 'http://user:pw@host/v1']) {
      const answer = await dispatch('setModelBaseUrl', { provider: 'ollama', baseUrl: bad });
      expect(answer, bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    }
    const reset = ok<ModelProviderView[]>(await dispatch('setModelBaseUrl', { provider: 'ollama', baseUrl: null }));
    expect(reset.find((p) => p.id === 'ollama')).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1', baseUrlSet: false });
  });

  it('lists the models a local endpoint serves', async () => {
    await fake([], { models: ['llama3.2', 'qwen2.5'] });
    expect(await dispatch('listServedModels', { provider: 'openai-compatible' })).toEqual({ ok: true, value: { ok: true, models: ['llama3.2', 'qwen2.5'] } });
  });

  it('counts what the exposed tool definitions cost before the first message', async () => {
    const both = ok<{ tools: number; openai: number }>(await dispatch('toolTokenCost', { servers: ['basic'], tools: { basic: ['echo', 'add'] } }));
    const one = ok<{ tools: number; openai: number }>(await dispatch('toolTokenCost', { servers: ['basic'], tools: { basic: ['echo'] } }));
    expect(both.tools).toBe(2);
    expect(one.tools).toBe(1);
    expect(one.openai).toBeGreaterThan(0);
    expect(both.openai).toBeGreaterThan(one.openai);
  });
});

describe('payloads the dispatcher refuses before the core sees them', () => {
  it.each([
    ['setModelKey', { provider: 'acme', key: 'k' }],
    ['setModelKey', { provider: 'openai', key: '' }],
    ['setModelKey', { provider: 'openai', key: 'x'.repeat(5000) }],
    ['setModelKey', { provider: 'openai', key: 'k', extra: 1 }],
    ['setModelBaseUrl', { provider: 'ollama' }],
    ['listServedModels', { provider: 'nope' }],
    ['runChat', { provider: 'openai', model: 'm', servers: [], prompt: 'hi' }],
    ['runChat', { callId: 'c', provider: 'unknown', model: 'm', servers: [], prompt: 'hi' }],
    ['runChat', { callId: 'c', provider: 'openai', model: 'm', servers: ['bad name!'], prompt: 'hi' }],
    ['runChat', { callId: 'c', provider: 'openai', model: 'm', servers: [], prompt: '   ' }],
    ['answerChatApproval', { approvalId: 'a', decision: 'maybe' }],
    ['answerChatApproval', { approvalId: 'a', decision: 'approve', arguments: [] }],
  ])('%s %j', async (method, payload) => {
    expect(await dispatch(method, payload)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});

describe('a chat', () => {
  it('pauses before the tool call, runs it with the arguments the page edited, and sends every step as an event', async () => {
    const provider = await fake([{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'model wrote this' } }] }, { text: 'The tool answered.' }]);
    const events = chatEvents('chat-edit');
    try {
      const running = dispatch('runChat', chatRequest('chat-edit'));
      const approval = await events.next('approval');
      expect(approval).toMatchObject({ server: 'basic', tool: 'echo', arguments: { text: 'model wrote this' } });
      expect(await dispatch('answerChatApproval', { approvalId: approval.approvalId, decision: 'approve', arguments: { text: 'user wrote this' } })).toEqual({ ok: true, value: true });
      const result = ok<ChatRunResult>(await running);
      expect(result.status).toBe('answered');
      expect(result.text).toBe('The tool answered.');
      const tool = result.steps.find((s) => s.kind === 'tool');
      expect(tool).toMatchObject({ approval: 'edited', arguments: { text: 'user wrote this' }, modelArguments: { text: 'model wrote this' }, resultText: 'user wrote this' });
      expect(JSON.stringify(provider.modelRequests()[1]!.body)).toContain('user wrote this');
      expect(events.seen.map((e) => e.kind)).toEqual(expect.arrayContaining(['step', 'approval', 'approval-closed', 'usage', 'done']));
      expect(events.seen.filter((e) => e.kind === 'step').map((e) => (e.kind === 'step' ? e.step.kind : ''))).toEqual(['model', 'tool', 'model']);
      expect(events.seen.at(-1)).toEqual({ kind: 'done', status: 'answered' });
      // An answer for a call that no longer waits is refused, not applied.
      expect(await dispatch('answerChatApproval', { approvalId: approval.approvalId, decision: 'deny' })).toEqual({ ok: true, value: false });
    } finally {
      events.stop();
    }
  });

  it('denies the paused call when the page that started the chat goes away', async () => {
    const provider = await fake([{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'x' } }] }, { text: 'Understood.' }]);
    const events = chatEvents('chat-gone');
    const page = new AbortController();
    try {
      const running = dispatch('runChat', chatRequest('chat-gone'), { pageGone: page.signal });
      await events.next('approval');
      page.abort();
      const result = ok<ChatRunResult>(await running);
      expect(result.steps.find((s) => s.kind === 'tool')).toMatchObject({ approval: 'denied' });
      expect(events.seen).toContainEqual(expect.objectContaining({ kind: 'approval-closed', reason: 'page-gone' }));
      expect(JSON.stringify(provider.modelRequests()[1]!.body)).toContain('page that started the chat was closed');
    } finally {
      events.stop();
    }
  });

  it('stops on cancelCall while a call waits for approval, and never runs it', async () => {
    const provider = await fake([{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'never run' } }] }, { text: 'never asked' }]);
    const events = chatEvents('chat-stop');
    try {
      const running = dispatch('runChat', chatRequest('chat-stop'));
      await events.next('approval');
      expect(await dispatch('cancelCall', { callId: 'chat-stop' })).toEqual({ ok: true, value: true });
      const result = ok<ChatRunResult>(await running);
      expect(result.status).toBe('stopped');
      expect(provider.modelRequests()).toHaveLength(1);
      expect(events.seen).toContainEqual({ kind: 'done', status: 'stopped' });
    } finally {
      events.stop();
    }
  });
});

describe('the first chat of a core', () => {
  it('stops on a cancelCall sent while the models area is still loading (its callId is known before the area is)', async () => {
    const provider = await fake([{ text: 'never asked' }]);
    // A core that has not used its models yet, on the same data folder (the address is saved there).
    const fresh = await createCore({ dataDir, env: {}, watchConfig: false, autoConnect: false });
    try {
      const freshDispatch = createDispatcher(fresh.api);
      const running = freshDispatch('runChat', chatRequest('first-chat', { tools: {} }));
      // In the same tick: the area's module is still being imported, no chat code has run.
      const cancelled = freshDispatch('cancelCall', { callId: 'first-chat' });
      expect(await cancelled).toEqual({ ok: true, value: true });
      const result = ok<ChatRunResult>(await running);
      expect(result.status).toBe('stopped');
      expect(provider.modelRequests()).toHaveLength(0);
      // The id is free again: the next chat under it runs.
      const again = ok<ChatRunResult>(await freshDispatch('runChat', chatRequest('first-chat', { tools: {} })));
      expect(again.status).toBe('answered');
      expect(provider.modelRequests()).toHaveLength(1);
    } finally {
      await fresh.dispose();
    }
  });
});

describe('bad setups, each a clear message', () => {
  it('a cloud provider without a key', async () => {
    const answer = await dispatch('runChat', { ...chatRequest('no-key'), provider: 'anthropic' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(!answer.ok && answer.error.message).toMatch(/No API key for Anthropic: save one in Settings → Models or set ANTHROPIC_API_KEY/);
  });

  it('an OpenAI-compatible endpoint without an address', async () => {
    await dispatch('setModelBaseUrl', { provider: 'openai-compatible', baseUrl: null });
    const answer = await dispatch('runChat', chatRequest('no-address'));
    expect(!answer.ok && answer.error.message).toMatch(/Settings → Models/);
  });

  it('a wrong key (401)', async () => {
    await fake([{ error: { status: 401, message: 'Incorrect API key provided' } }]);
    const result = ok<ChatRunResult>(await dispatch('runChat', chatRequest('bad-key')));
    expect(result).toMatchObject({ status: 'failed', error: { reason: 'auth' } });
    expect(result.error?.message).toContain('Incorrect API key provided');
  });

  it('a model without tool support', async () => {
    await fake([{ error: { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' } }]);
    const result = ok<ChatRunResult>(await dispatch('runChat', chatRequest('no-tools')));
    expect(result).toMatchObject({ status: 'failed', error: { reason: 'no-tools' } });
    expect(result.error?.hint).toMatch(/supports tool calling/);
  });
});
