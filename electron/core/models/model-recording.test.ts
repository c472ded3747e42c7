/**
 * Recorded model turns: the real AI library against the Anthropic Messages fake (streamed,
 * as the playground asks) through the recorder, written to a file, then answered from it
 * with the fake closed: the same answers in the same order, onTextDelta told the text, and
 * each question the file does not hold refused with what was asked.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderFake } from '../../../tests/support/provider-fakes/provider-fake';
import { ModelError } from './model-error';
import { openModel, runModelStep, type StepRequest } from './model-library';
import { ModelRecording } from './model-recording';
import { parseModelChoice } from './providers';

const KEY = 'sk-ant-test-recording-0123456789';
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-llm-recording-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const ask = (text: string, onTextDelta?: (delta: string) => void): StepRequest => ({
  messages: [{ role: 'user', content: text }],
  tools: [{ name: 'lab__add', description: 'Adds two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } }],
  signal: new AbortController().signal,
  maxRetries: 0,
  stream: true,
  temperature: 0.5,
  ...(onTextDelta ? { onTextDelta } : {}),
});

describe('ModelRecording', () => {
  it('records each answer under what was asked and replays them in order with no provider', async () => {
    const provider = await startProviderFake('anthropic', { turns: [{ text: 'first answer' }, { text: 'second answer' }] });
    const file = path.join(dir, 'recording.json');
    const choice = parseModelChoice('anthropic:claude-haiku-4-5', provider.baseUrl);
    const recording = ModelRecording.empty(file);
    const record = recording.recorder(runModelStep);
    try {
      expect((await record(openModel(choice, KEY), ask('hello'))).text).toBe('first answer');
      expect((await record(openModel(choice, KEY), ask('hello'))).text).toBe('second answer');
    } finally {
      await provider.close();
    }
    expect(provider.modelRequests()[0]!.headers['x-api-key']).toBe(KEY);
    await recording.save();
    const text = await fs.readFile(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text.toLowerCase()).not.toMatch(/x-api-key|authorization/);

    // Another endpoint and no key: the address is not part of the question, and nothing is sent.
    const replay = (await ModelRecording.load(file)).replayer();
    const handle = openModel(parseModelChoice('anthropic:claude-haiku-4-5', 'http://127.0.0.1:9/v1'), undefined);
    const deltas: string[] = [];
    expect((await replay(handle, ask('hello', (delta) => deltas.push(delta)))).text).toBe('first answer');
    expect(deltas).toEqual(['first answer']);
    expect((await replay(handle, ask('hello'))).text).toBe('second answer');

    const third = await replay(handle, ask('hello')).catch((error: unknown) => error);
    expect(third).toBeInstanceOf(ModelError);
    expect((third as ModelError).reason).toBe('replay');
    expect((third as ModelError).message).toBe(`The recording ${file} holds 2 answer(s) for this request to anthropic:claude-haiku-4-5 (turn 1, after the user said "hello"), and the run asked it again (time 3).`);

    const other = await replay(handle, ask('goodbye')).catch((error: unknown) => error);
    expect((other as ModelError).message).toBe(`The recording ${file} holds no answer for this request to anthropic:claude-haiku-4-5 (turn 1, after the user said "goodbye").`);
    // Another model, or another temperature, is another question.
    const otherModel = openModel(parseModelChoice('anthropic:claude-sonnet-4-5', 'http://127.0.0.1:9/v1'), undefined);
    await expect(ModelRecording.load(file).then((loaded) => loaded.replayer()(otherModel, ask('hello')))).rejects.toThrow('holds no answer for this request to anthropic:claude-sonnet-4-5');
    await expect(ModelRecording.load(file).then((loaded) => loaded.replayer()(handle, { ...ask('hello'), temperature: 0 }))).rejects.toThrow('holds no answer');
  });

  it('refuses a file that is missing or is not a recording, saying which', async () => {
    await expect(ModelRecording.load(path.join(dir, 'absent.json'))).rejects.toThrow('there is no such file (make one with --llm-record)');
    const damaged = path.join(dir, 'damaged.json');
    await fs.writeFile(damaged, JSON.stringify({ format: 'something-else', entries: [] }));
    await expect(ModelRecording.load(damaged)).rejects.toThrow(`${damaged} is not a model recording written by --llm-record`);
  });
});
