/**
 * What a model's usage costs: a price table in US dollars per million tokens, dated, that
 * the user can edit (`model-prices.json` in the data folder: its entries replace or add to
 * the built-in ones). Models on a local endpoint (Ollama, any OpenAI-compatible server)
 * cost nothing; a cloud model missing from the table has no cost (shown as unknown, not 0).
 */
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../util/json-file';
import { PROVIDERS, type ModelChoice } from './providers';

export const PRICE_FILE = 'model-prices.json';

const PriceSchema = z.strictObject({
  /** USD per million input tokens. */
  input: z.number().nonnegative().max(10_000),
  /** USD per million output tokens. */
  output: z.number().nonnegative().max(10_000),
});

const PriceTableSchema = z.strictObject({
  /** When the prices were copied from the providers' pages (YYYY-MM-DD). */
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Keyed `<provider>:<model>`. */
  prices: z.record(z.string().min(3).max(200), PriceSchema),
});
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** The list prices published by each provider on the date given; edit model-prices.json when they change. */
export const BUILT_IN_PRICES: PriceTable = {
  asOf: '2026-11-01',
  prices: {
    'openai:gpt-4o': { input: 2.5, output: 10 },
    'openai:gpt-4o-mini': { input: 0.15, output: 0.6 },
    'openai:gpt-4.1': { input: 2, output: 8 },
    'openai:gpt-4.1-mini': { input: 0.4, output: 1.6 },
    'anthropic:claude-sonnet-4-5': { input: 3, output: 15 },
    'anthropic:claude-haiku-4-5': { input: 1, output: 5 },
    'anthropic:claude-opus-4-1': { input: 15, output: 75 },
    'google:gemini-2.5-pro': { input: 1.25, output: 10 },
    'google:gemini-2.5-flash': { input: 0.3, output: 2.5 },
  },
};

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** The cost in USD, 0 for a local model, undefined when the table has no price for the model. */
export function costOf(table: PriceTable, choice: ModelChoice, usage: Usage): number | undefined {
  if (PROVIDERS[choice.provider].local) return 0;
  const price = table.prices[`${choice.provider}:${choice.model}`];
  if (!price) return undefined;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}

/** The built-in table with the user's file over it; a damaged file is reported and left alone. */
export async function loadPriceTable(dataDir: string): Promise<{ table: PriceTable; problem?: string }> {
  const file = new JsonFile<PriceTable | null>(path.join(dataDir, PRICE_FILE), PriceTableSchema.nullable(), () => null, { damaged: 'keep' });
  const own = await file.read();
  if (!own) return { table: BUILT_IN_PRICES, ...(file.problem ? { problem: file.problem } : {}) };
  return { table: { asOf: own.asOf, prices: { ...BUILT_IN_PRICES.prices, ...own.prices } } };
}
