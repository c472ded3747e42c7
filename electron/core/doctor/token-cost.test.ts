import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ openAi: false }));
vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  loaded.openAi = true;
  return importOriginal();
});

describe('token cost', () => {
  it('loads the OpenAI tokenizer only when tokens are first counted, not when the module is imported', async () => {
    const { toolTokenCosts } = await import('./token-cost');
    expect(loaded.openAi).toBe(false);
    const costs = await toolTokenCosts([{ name: 'echo', description: 'Returns the text it is given.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } } as never]);
    expect(loaded.openAi).toBe(true);
    expect(costs.perTool[0]!.openai).toBeGreaterThan(5);
    expect(costs.total.openai).toBe(costs.perTool[0]!.openai);
  });
});
