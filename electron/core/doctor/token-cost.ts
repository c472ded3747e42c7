/**
 * What a server's tools/list costs in the model's context, per tool and in total: OpenAI's
 * own tokenizer (o200k_base, GPT-4o and later) and a Claude tokenizer. The public Claude
 * tokenizer is the one of older models, so its count is labelled an estimate.
 */
import { countTokens as countOpenAi } from 'gpt-tokenizer/encoding/o200k_base';
import type { ToolTokenCost } from '../../../shared/api/doctor';
import type { ToolInfo } from '../../../shared/domain';

type Counter = (text: string) => number;
let claudeCounter: Promise<Counter | null> | undefined;

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
export function toolDefinitionText(tool: ToolInfo): string {
  return JSON.stringify({ name: tool.name, description: tool.description ?? '', input_schema: tool.inputSchema });
}

export async function toolTokenCosts(tools: readonly ToolInfo[]): Promise<{ perTool: ToolTokenCost[]; total: { openai: number; claudeEstimate?: number } }> {
  const counter = await claude();
  const perTool = tools.map((tool) => {
    const text = toolDefinitionText(tool);
    return { tool: tool.name, openai: countOpenAi(text), ...(counter ? { claudeEstimate: counter(text) } : {}) };
  });
  const openai = perTool.reduce((sum, t) => sum + t.openai, 0);
  return { perTool, total: { openai, ...(counter ? { claudeEstimate: perTool.reduce((sum, t) => sum + (t.claudeEstimate ?? 0), 0) } : {}) } };
}
