/**
 * A server's sampling request drafted by a model, through the dispatcher as a front end
 * reaches it: a real core with the tool-lab fixture as a real process (its ask_model tool
 * sends sampling/createMessage), and a provider fake speaking OpenAI's chat completions API
 * on 127.0.0.1. The draft is the model's answer to exactly the server's conversation; it
 * reaches the server only when the user sends it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { startProviderFake, type ScriptedTurn } from '../../../tests/support/provider-fakes/provider-fake';
import type { SamplingDraft } from '../../../shared/api/models';
import type { PendingServerRequest } from '../../../shared/api/server-requests';
import type { Envelope } from '../../../shared/envelope';
import { createCore, type Core } from './core-api';
import { createDispatcher, type Dispatch } from './dispatcher';

type Fake = Awaited<ReturnType<typeof startProviderFake>>;

let core: Core;
let dispatch: Dispatch;
let dataDir: string;
const fakes: Fake[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-sampling-draft-'));
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { lab: { command: process.execPath, args: [fixtureServer('tool-lab')], protocol: 'legacy' } } }));
  core = await createCore({ dataDir, env: {}, watchConfig: false, autoConnect: false });
  dispatch = createDispatcher(core.api);
});

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

afterAll(async () => {
  await core.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function endpoint(turns: ScriptedTurn[]): Promise<Fake> {
  const started = await startProviderFake('openai', { turns });
  fakes.push(started);
  expect(await dispatch('setModelBaseUrl', { provider: 'openai-compatible', baseUrl: started.baseUrl })).toMatchObject({ ok: true });
  return started;
}

/** The next sampling request a server asks. */
function nextSamplingRequest(): Promise<PendingServerRequest> {
  return new Promise((resolve) => {
    const stop = core.api.onEvent((event) => {
      if (event.type === 'server-request' && event.request.body.kind === 'sampling') {
        stop();
        resolve(event.request);
      }
    });
  });
}

const value = <T>(envelope: Envelope<unknown>): T => {
  if (!envelope.ok) throw new Error(`expected ok, got ${JSON.stringify(envelope.error)}`);
  return envelope.value as T;
};

describe('draftSamplingReply', () => {
  it('asks the model the server\u2019s conversation (system prompt, messages, token limit, no tools), and the server gets the draft only when the user sends it', async () => {
    const fake = await endpoint([{ text: 'Packets drift like leaves', usage: { input: 21, output: 6 } }]);
    const asked = nextSamplingRequest();
    const call = dispatch('callTool', { server: 'lab', tool: 'ask_model', arguments: { prompt: 'A haiku about pipes' }, confirmed: true });
    const request = await asked;

    const draft = value<SamplingDraft>(await dispatch('draftSamplingReply', { requestId: request.id, provider: 'openai-compatible', model: 'local-poet' }));
    expect(draft).toEqual({ text: 'Packets drift like leaves', model: 'local-poet', finishReason: 'stop', usage: { inputTokens: 21, outputTokens: 6, cost: 0 } });

    const sent = fake.modelRequests()[0]!.body as { model: string; messages: Array<{ role: string; content: unknown }>; max_tokens?: number; max_completion_tokens?: number; tools?: unknown };
    expect(sent.model).toBe('local-poet');
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You are a poet.' },
      { role: 'user', content: 'A haiku about pipes' },
    ]);
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(200);
    expect(sent.tools).toBeUndefined();
    // Drafting answered nothing: the request still waits for the user.
    expect((await core.api.listServerRequests()).map((r) => r.id)).toContain(request.id);

    expect(value<boolean>(await dispatch('answerServerRequest', { id: request.id, answer: { action: 'reply', text: `${draft.text} (edited)`, model: draft.model } }))).toBe(true);
    const result = value<{ content: Array<{ text: string }> }>(await call);
    expect(result.content[0]!.text).toBe('model local-poet said: Packets drift like leaves (edited)');
  });

  it('says what to fix when the provider refuses, and that a request no longer waiting cannot be drafted', async () => {
    await endpoint([{ error: { status: 401, message: 'Incorrect API key provided' } }]);
    const asked = nextSamplingRequest();
    const call = dispatch('callTool', { server: 'lab', tool: 'ask_model', arguments: {}, confirmed: true });
    const request = await asked;

    const refused = await dispatch('draftSamplingReply', { requestId: request.id, provider: 'openai-compatible', model: 'local-poet' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.kind).toBe('refused');
      expect(refused.error.message).toMatch(/refused the API key \(HTTP 401\)/);
      expect(refused.error.message).toContain('Settings → Models');
      expect(refused.error.message).not.toContain('--base-url');
    }

    expect(value<boolean>(await dispatch('answerServerRequest', { id: request.id, answer: { action: 'decline' } }))).toBe(true);
    await call;
    const gone = await dispatch('draftSamplingReply', { requestId: request.id, provider: 'openai-compatible', model: 'local-poet' });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('answers an allowed server\u2019s sampling request with the model, without a dialog, and says so; a server not allowed still asks', async () => {
    await endpoint([{ text: 'Quiet sockets hum', usage: { input: 12, output: 4 } }]);
    const announced: unknown[] = [];
    const asked: unknown[] = [];
    const stop = core.api.onEvent((event) => {
      if (event.type === 'sampling-answered') announced.push(event);
      if (event.type === 'server-request') asked.push(event);
    });
    try {
      value(await dispatch('updateSettings', { samplingAuto: { lab: { provider: 'openai-compatible', model: 'local-poet', maxTokens: 50, perMinute: 5 } } }));
      const result = value<{ content: Array<{ text: string }> }>(await dispatch('callTool', { server: 'lab', tool: 'ask_model', arguments: {}, confirmed: true }));
      expect(result.content[0]!.text).toBe('model local-poet said: Quiet sockets hum');
      expect(asked).toEqual([]);
      expect(announced).toEqual([{ type: 'sampling-answered', server: 'lab', model: 'openai-compatible:local-poet', inputTokens: 12, outputTokens: 4 }]);
      const sent = fakes[0]!.modelRequests()[0]!.body as { max_tokens?: number; max_completion_tokens?: number };
      expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(50);
    } finally {
      stop();
      value(await dispatch('updateSettings', { samplingAuto: {} }));
    }
  });

  it('answers automatically on a core that has not yet used its models: the first allowed request builds the models area', async () => {
    await endpoint([{ text: 'Fresh core, same poem', usage: { input: 5, output: 4 } }]);
    value(await dispatch('updateSettings', { samplingAuto: { lab: { provider: 'openai-compatible', model: 'local-poet', maxTokens: 50, perMinute: 5 } } }));
    // A second core on the same data folder: its models area is built on first use, and nothing has used it yet.
    const fresh = await createCore({ dataDir, env: {}, watchConfig: false, autoConnect: false });
    const asked: unknown[] = [];
    const stop = fresh.api.onEvent((event) => event.type === 'server-request' && asked.push(event));
    try {
      const result = (await fresh.api.callTool({ server: 'lab', tool: 'ask_model', arguments: {}, confirmed: true })) as { content: Array<{ text: string }> };
      expect(result.content[0]!.text).toBe('model local-poet said: Fresh core, same poem');
      expect(asked).toEqual([]);
      expect(fakes[0]!.modelRequests()).toHaveLength(1);
    } finally {
      stop();
      await fresh.dispose();
      value(await dispatch('updateSettings', { samplingAuto: {} }));
    }
  });
});
