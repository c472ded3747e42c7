/** Model choices, keys, prices and the schema comparison behind the raw view. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../secrets/file-secret-store';
import { ModelKeys } from './model-keys';
import { openModel } from './model-library';
import { BUILT_IN_PRICES, costOf, loadPriceTable, PRICE_FILE } from './prices';
import { ModelChoiceError, OLLAMA_BASE_URL, parseModelChoice } from './providers';
import { adaptedTools, compareSchemas } from './schema-adaptation';
import { modelToolNames } from './tool-names';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-models-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('model choices', () => {
  it('reads provider:model, keeping colons in the model (Ollama tags)', () => {
    expect(parseModelChoice('ollama:llama3.2:3b')).toEqual({ provider: 'ollama', model: 'llama3.2:3b', baseUrl: OLLAMA_BASE_URL });
    expect(parseModelChoice('OpenAI:gpt-4o-mini')).toEqual({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(parseModelChoice('openai-compatible:qwen', 'http://127.0.0.1:1234/v1/')).toEqual({ provider: 'openai-compatible', model: 'qwen', baseUrl: 'http://127.0.0.1:1234/v1' });
  });

  it.each([
    ['mistral:large', undefined, /Unknown model provider "mistral"/, /openai-compatible/],
    ['gpt-4o', undefined, /not a model choice/, /openai:gpt-4o-mini/],
    ['openai-compatible:x', undefined, /needs the endpoint's address/, /--base-url/],
    ['ollama:x', 'file:///etc/passwd', /http:\/\/ or https:\/\//, /11434/],
    ['ollama:x', 'http://user:pw@127.0.0.1/v1', /user name or password/, /header/],
  ])('refuses %s (base URL %s) and says how to fix it', (spec, url, message, hint) => {
    try {
      parseModelChoice(spec, url);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ModelChoiceError);
      expect((error as ModelChoiceError).message).toMatch(message);
      expect((error as ModelChoiceError).hint).toMatch(hint);
    }
  });

  it('builds a provider instance for every provider, never a model-id string', () => {
    for (const spec of ['anthropic:m', 'openai:m', 'google:m', 'ollama:m']) {
      const handle = openModel(parseModelChoice(spec), 'k');
      expect(typeof handle.model).toBe('object');
    }
  });
});

describe('keys', () => {
  it('prefers the saved key, falls back to the environment, and tells the redactor each', async () => {
    const told: string[] = [];
    const keys = new ModelKeys({ secrets: new FileSecretStore(path.join(dir, 'secrets.json')), env: { OPENAI_API_KEY: 'sk-env-value-1234' }, onSecret: (v) => told.push(v) });
    expect(await keys.resolve('openai')).toEqual({ key: 'sk-env-value-1234', source: 'environment', env: 'OPENAI_API_KEY' });
    await keys.save('openai', '  sk-saved-value-5678 ');
    expect(await keys.resolve('openai')).toEqual({ key: 'sk-saved-value-5678', source: 'saved', env: 'OPENAI_API_KEY' });
    expect(told).toEqual(expect.arrayContaining(['sk-env-value-1234', 'sk-saved-value-5678']));
    await keys.forget('openai');
    expect((await keys.resolve('anthropic')).source).toBe('none');
    await expect(keys.save('openai', 'two words')).rejects.toThrow(/no spaces/);
  });
});

describe('prices', () => {
  it('costs a cloud model from the table, a local one nothing, an unknown one undefined', () => {
    expect(costOf(BUILT_IN_PRICES, { provider: 'openai', model: 'gpt-4o-mini' }, { inputTokens: 1_000_000, outputTokens: 1_000_000 })).toBeCloseTo(0.75);
    expect(costOf(BUILT_IN_PRICES, { provider: 'ollama', model: 'llama3.2', baseUrl: OLLAMA_BASE_URL }, { inputTokens: 5000, outputTokens: 5000 })).toBe(0);
    expect(costOf(BUILT_IN_PRICES, { provider: 'openai', model: 'unheard-of' }, { inputTokens: 1, outputTokens: 1 })).toBeUndefined();
  });

  it('takes the user\'s edited table over the built-in one, and reports a damaged file', async () => {
    await fs.writeFile(path.join(dir, PRICE_FILE), JSON.stringify({ asOf: '2026-12-01', prices: { 'openai:gpt-4o-mini': { input: 1, output: 2 } } }));
    const { table } = await loadPriceTable(dir);
    expect(table.asOf).toBe('2026-12-01');
    expect(table.prices['openai:gpt-4o-mini']).toEqual({ input: 1, output: 2 });
    expect(table.prices['openai:gpt-4o']).toEqual(BUILT_IN_PRICES.prices['openai:gpt-4o']);
    await fs.writeFile(path.join(dir, PRICE_FILE), '{"asOf": "yesterday"');
    const damaged = await loadPriceTable(dir);
    expect(damaged.table).toEqual(BUILT_IN_PRICES);
    expect(damaged.problem).toMatch(/not valid JSON/);
  });
});

describe('schema adaptation', () => {
  it('flags keywords a provider\'s request dropped or changed, and notes the ones it added', () => {
    const original = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { text: { type: 'string', format: 'email' } }, additionalProperties: false };
    const body = { tools: [{ functionDeclarations: [{ name: 'basic__echo', parameters: { type: 'OBJECT', properties: { text: { type: 'STRING' } }, required: [] } }] }] };
    const [tool] = adaptedTools('google', body, new Map([['basic__echo', original]]));
    expect(tool!.changes.filter((c) => c.lossy).map((c) => c.path).sort()).toEqual(['/$schema', '/additionalProperties', '/properties/text/format']);
    expect(tool!.changes.filter((c) => !c.lossy).map((c) => c.path)).toEqual(['/required']);
    expect(compareSchemas({ type: 'string' }, { type: 'string' })).toEqual([]);
  });

  it('reports a tool missing from the request', () => {
    const [tool] = adaptedTools('openai', { tools: [] }, new Map([['x', { type: 'object' }]]));
    expect(tool!.changes).toEqual([{ path: '', change: 'removed', lossy: true, detail: 'the tool is not in the request' }]);
  });
});

describe('tool names', () => {
  it('spells server__tool as providers accept, and keeps two tools that collide apart', () => {
    const names = modelToolNames([
      { server: 'my server', tool: 'get.item' },
      { server: 'my_server', tool: 'get_item' },
      { server: 'x'.repeat(40), tool: 'y'.repeat(40) },
    ]);
    expect([...names.keys()]).toEqual(['my_server__get_item', 'my_server__get_item_2', `${'x'.repeat(40)}__${'y'.repeat(22)}`]);
    for (const name of names.keys()) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});
