/** AutoSampler's limits, with the model turn and the clock in the test's hands (the provider's HTTP is covered by sampling-draft-api.test.ts). */
import type { CreateMessageRequest } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../shared/api/settings';
import type { AppEvent } from '../../../shared/events';
import type { ModelHandle, StepOutcome, StepRequest } from './model-library';
import { AutoSampler } from './sampling-auto';

const params: CreateMessageRequest['params'] = { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5000 };
const handle = { choice: { provider: 'ollama', model: 'llama3.1' } } as unknown as ModelHandle;
const outcome: StepOutcome = { text: 'hello', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 1 }, requestBody: {}, responseMessages: [], warnings: [] };

function sampler(rules: Settings['samplingAuto'], turn = vi.fn(async (_handle: ModelHandle, _request: StepRequest) => outcome), served?: (provider: string) => Promise<string[] | undefined>) {
  let now = 1_000_000;
  const events: AppEvent[] = [];
  const opened: string[] = [];
  const auto = new AutoSampler({
    rules: () => rules,
    open: async (provider, model) => (opened.push(`${provider}:${model}`), handle),
    turn,
    emit: (event) => events.push(event),
    timeoutMs: () => 50,
    now: () => now,
    ...(served ? { served } : {}),
  });
  return { auto, turn, events, opened, advance: (ms: number) => (now += ms) };
}

describe('AutoSampler', () => {
  it('leaves a server the user did not allow to the dialog, and asks no model', async () => {
    const { auto, turn } = sampler({ other: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 5 } });
    expect(await auto.answer('lab', params)).toBeUndefined();
    expect(turn).not.toHaveBeenCalled();
  });

  it('answers an allowed server within its token limit, under the model\u2019s name, and says so', async () => {
    const { auto, turn, events } = sampler({ lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 5 } });
    expect(await auto.answer('lab', params)).toEqual({ role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'llama3.1', stopReason: 'endTurn' });
    expect(turn.mock.calls[0]![1]).toMatchObject({ maxOutputTokens: 100, tools: [] });
    expect(events).toEqual([{ type: 'sampling-answered', server: 'lab', model: 'ollama:llama3.1', inputTokens: 3, outputTokens: 1 }]);
  });

  it('honours a model hint its local endpoint serves, in the server\u2019s order, and asks the endpoint once a minute', async () => {
    const served = vi.fn(async () => ['llama3.1:8b', 'qwen2.5:7b', 'mistral-nemo']);
    const { auto, opened, events } = sampler({ lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 10 } }, undefined, served);
    const hinted = { ...params, modelPreferences: { hints: [{ name: 'claude' }, { name: 'qwen' }, { name: 'mistral' }] } };
    expect(await auto.answer('lab', hinted)).toMatchObject({ model: 'qwen2.5:7b' });
    expect(events.at(-1)).toMatchObject({ model: 'ollama:qwen2.5:7b' });
    // No hint served: the rule's model; no hints at all: the rule's model, and the endpoint not asked.
    expect(await auto.answer('lab', { ...params, modelPreferences: { hints: [{ name: 'gpt-4o' }] } })).toMatchObject({ model: 'llama3.1' });
    expect(await auto.answer('lab', params)).toMatchObject({ model: 'llama3.1' });
    expect(opened).toEqual(['ollama:qwen2.5:7b', 'ollama:llama3.1', 'ollama:llama3.1']);
    expect(served).toHaveBeenCalledTimes(1);
  });

  it('keeps the rule\u2019s model when the endpoint cannot list its models', async () => {
    const { auto } = sampler({ lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 10 } }, undefined, async () => {
      throw new Error('ECONNREFUSED');
    });
    expect(await auto.answer('lab', { ...params, modelPreferences: { hints: [{ name: 'qwen' }] } })).toMatchObject({ model: 'llama3.1' });
  });

  it('goes to the dialog past the per-minute limit, and answers again a minute later', async () => {
    const { auto, turn, advance } = sampler({ lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 2 } });
    expect(await auto.answer('lab', params)).toBeDefined();
    expect(await auto.answer('lab', params)).toBeDefined();
    expect(await auto.answer('lab', params)).toBeUndefined();
    expect(turn).toHaveBeenCalledTimes(2);
    advance(60_001);
    expect(await auto.answer('lab', params)).toBeDefined();
  });

  it('goes to the dialog when the model fails', async () => {
    const failing = vi.fn(async (): Promise<StepOutcome> => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:11434');
    });
    const { auto, events } = sampler({ lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 5 } }, failing);
    expect(await auto.answer('lab', params)).toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
  });

  it('goes to the dialog when the model does not answer within the server request timeout', async () => {
    const hanging = vi.fn(
      (_handle: ModelHandle, request: StepRequest) =>
        new Promise<StepOutcome>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })),
    );
    const { auto } = sampler({ lab: { provider: 'ollama', model: 'llama3.1', maxTokens: 100, perMinute: 5 } }, hanging);
    expect(await auto.answer('lab', params)).toBeUndefined();
    expect(hanging).toHaveBeenCalledTimes(1);
  });
});
