/**
 * OpenAI Chat Completions (POST /v1/chat/completions), as documented:
 * https://platform.openai.com/docs/api-reference/chat/create (the chat.completion object:
 * choices[].message with content, refusal and tool_calls[].function.arguments as a JSON
 * string; finish_reason "stop" or "tool_calls"; usage.prompt_tokens / completion_tokens) and
 * https://platform.openai.com/docs/api-reference/chat-streaming (chat.completion.chunk
 * objects as `data:` events, tool call deltas by index, a usage chunk when
 * stream_options.include_usage is set, then `data: [DONE]`). Ollama, LM Studio, vLLM and
 * llama.cpp serve the same API under their own /v1.
 */
import type http from 'node:http';
import { argumentText, sendEvents, sendJson, usageOf, type RecordedRequest, type RequestBody, type ScriptedTurn } from './provider-fake';

let counter = 0;

export function openAiChat(request: RecordedRequest, turn: ScriptedTurn, res: http.ServerResponse): void {
  const body = request.body as RequestBody;
  if (!request.path.endsWith('/chat/completions')) return sendJson(res, 404, { error: { message: `no route ${request.path}`, type: 'invalid_request_error' } });
  const id = `chatcmpl-fake${++counter}`;
  const model = body?.model ?? 'fake';
  const created = 1_700_000_000;
  const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({ id: call.id ?? `call_${counter}_${index}`, type: 'function', function: { name: call.name, arguments: argumentText(call.arguments) } }));
  const finish = toolCalls.length ? 'tool_calls' : 'stop';
  const { input, output } = usageOf(turn);
  const usage = { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };

  if (!body?.stream) {
    const message = { role: 'assistant', content: turn.text ?? null, refusal: turn.refusal ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
    return sendJson(res, 200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish, logprobs: null }], usage });
  }

  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({ data: { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] } });
  const events: Array<{ event?: string; data: unknown }> = [chunk({ role: 'assistant', content: '' })];
  if (turn.refusal) events.push(chunk({ refusal: turn.refusal }));
  for (const piece of pieces(turn.text ?? '')) events.push(chunk({ content: piece }));
  toolCalls.forEach((call, index) => {
    events.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    for (const piece of pieces(call.function.arguments)) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, finish));
  if (body?.stream_options?.include_usage) events.push({ data: { id, object: 'chat.completion.chunk', created, model, choices: [], usage } });
  events.push({ data: '[DONE]' });
  sendEvents(res, events, turn.cutAfter);
}

/** Text in the small pieces a stream delivers (at most 64 KB each, so a huge answer is many events). */
function pieces(text: string): string[] {
  const size = text.length > 1000 ? 65_536 : 8;
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
