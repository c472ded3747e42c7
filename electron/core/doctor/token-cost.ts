/**
 * What a server's tools/list costs in the model's context, per tool and in total: OpenAI's
 * own tokenizer (o200k_base, GPT-4o and later) and a Claude tokenizer. The public Claude
 * tokenizer is the one of older models, so its count is labelled an estimate.
 */
import type { ToolTokenCost } from '../../../shared/api/doctor';
import type { ToolInfo } from '../../../shared/domain';

type Counter = (text: string) => number;
let claudeCounter: Promise<Counter | null> | undefined;
let openAiCounter: Promise<Counter> | undefined;

/**
 * Loaded on first need: evaluating its encoding (a 200,000-token table) takes 150–300 ms,
 * which every start of the app would pay, though only the doctor counts tokens.
 */
function openAi(): Promise<Counter> {
  openAiCounter ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => module.countTokens);
  return openAiCounter;
}

/** Loaded on first need, from node_modules (it reads its WASM file from beside itself); null when it cannot load. */
function claude(): Promise<Counter | null> {
  claudeCounter ??= import('@anthropic-ai/tokenizer').then(
    (module) => {
      // Its countTokens builds a tokenizer for every call (a quarter second each); one is kept for the process.
      const tokenizer = module.getTokenizer();
      return (text: string) => tokenizer.encode(text.normalize('NFKC'), 'all').length;
    },
    () => null,
  );
  return claudeCounter;
}

/** The tool as a host sends it to its model: name, description, parameters. */
function toolDefinitionText(tool: ToolInfo): string {
  return JSON.stringify({ name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema });
}

export async function toolTokenCosts(tools: readonly ToolInfo[]): Promise<{ perTool: ToolTokenCost[]; total: { openai: number; claudeEstimate?: number } }> {
  const [countOpenAi, counter] = await Promise.all([openAi(), claude()]);
  const perTool = tools.map((tool) => {
    const text = toolDefinitionText(tool);
    return { tool: tool.name, openai: countOpenAi(text), ...(counter ? { claudeEstimate: counter(text) } : {}) };
  });
  const openai = perTool.reduce((sum, t) => sum + t.openai, 0);
  return { perTool, total: { openai, ...(counter ? { claudeEstimate: perTool.reduce((sum, t) => sum + (t.claudeEstimate ?? 0), 0) } : {}) } };
}
