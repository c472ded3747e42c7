/**
 * The Gemini API (POST /v1beta/models/{model}:generateContent and
 * :streamGenerateContent?alt=sse), as documented:
 * https://ai.google.dev/api/generate-content (GenerateContentResponse: candidates[].content
 * with parts of `text` or `functionCall` {name, args}; finishReason STOP or SAFETY;
 * usageMetadata.promptTokenCount / candidatesTokenCount) and
 * https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent (the same
 * objects, one per `data:` event with alt=sse).
 */
import type http from 'node:http';
import { sendEvents, sendJson, usageOf, type RecordedRequest, type ScriptedTurn } from './provider-fake';

export function geminiContent(request: RecordedRequest, turn: ScriptedTurn, res: http.ServerResponse): void {
  const match = /\/models\/([^/:]+):(generateContent|streamGenerateContent)/.exec(request.path);
  if (!match) return sendJson(res, 404, { error: { code: 404, message: `no route ${request.path}`, status: 'NOT_FOUND' } });
  const { input, output } = usageOf(turn);
  const usageMetadata = { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output };
  // Gemini has no malformed-JSON arguments (args is an object); a string in the script is sent as is.
  const calls = (turn.toolCalls ?? []).map((call) => ({ functionCall: { name: call.name, args: call.arguments ?? {} } }));
  const finishReason = turn.refusal ? 'SAFETY' : 'STOP';
  const candidate = (parts: unknown[], finish?: string) => ({ candidates: [{ content: { role: 'model', parts }, index: 0, ...(finish ? { finishReason: finish } : {}) }] });

  if (match[2] === 'generateContent') {
    const parts = [...(turn.text ? [{ text: turn.text }] : []), ...calls];
    return sendJson(res, 200, { ...candidate(parts, finishReason), usageMetadata, modelVersion: match[1] });
  }
  const events: Array<{ data: unknown }> = [];
  const text = turn.text ?? '';
  const size = text.length > 1000 ? 65_536 : 8;
  for (let i = 0; i < text.length; i += size) events.push({ data: candidate([{ text: text.slice(i, i + size) }]) });
  if (calls.length) events.push({ data: candidate(calls) });
  events.push({ data: { ...candidate(turn.refusal ? [] : [{ text: '' }], finishReason), usageMetadata, modelVersion: match[1] } });
  sendEvents(res, events, turn.cutAfter);
}
