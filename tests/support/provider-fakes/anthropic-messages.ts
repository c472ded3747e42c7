/**
 * Anthropic Messages (POST /v1/messages), as documented:
 * https://docs.anthropic.com/en/api/messages (the message object: content blocks of type
 * "text" and "tool_use" with `input` an object; stop_reason "end_turn", "tool_use" or
 * "refusal"; usage.input_tokens / output_tokens) and
 * https://docs.anthropic.com/en/docs/build-with-claude/streaming (events message_start,
 * content_block_start, content_block_delta with text_delta or input_json_delta,
 * content_block_stop, message_delta with the stop_reason and usage, message_stop).
 */
import type http from 'node:http';
import { argumentText, sendEvents, sendJson, usageOf, type RecordedRequest, type RequestBody, type ScriptedTurn } from './provider-fake';

let counter = 0;

export function anthropicMessages(request: RecordedRequest, turn: ScriptedTurn, res: http.ServerResponse): void {
  const body = request.body as RequestBody;
  if (!request.path.endsWith('/messages')) return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no route ${request.path}` } });
  const id = `msg_fake${++counter}`;
  const model = body?.model ?? 'fake';
  const calls = (turn.toolCalls ?? []).map((call, index) => ({ id: call.id ?? `toolu_${counter}_${index}`, name: call.name, json: argumentText(call.arguments) }));
  const stop = turn.refusal ? 'refusal' : calls.length ? 'tool_use' : 'end_turn';
  const { input, output } = usageOf(turn);
  const text = turn.text ?? turn.refusal ?? '';

  if (!body?.stream) {
    const content = [...(text ? [{ type: 'text', text }] : []), ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: safeJson(c.json) }))];
    return sendJson(res, 200, { id, type: 'message', role: 'assistant', model, content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: input, output_tokens: output } });
  }

  const events: Array<{ event?: string; data: unknown }> = [{ event: 'message_start', data: { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: input, output_tokens: 1 } } } }];
  let index = 0;
  if (text) {
    events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } });
    for (let i = 0; i < text.length; i += text.length > 1000 ? 65_536 : 8) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: text.slice(i, i + (text.length > 1000 ? 65_536 : 8)) } } });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    index++;
  }
  for (const call of calls) {
    events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } } });
    for (let i = 0; i < call.json.length; i += 8) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: call.json.slice(i, i + 8) } } });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    index++;
  }
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: output } } });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  sendEvents(res, events, turn.cutAfter);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
