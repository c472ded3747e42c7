/**
 * A server's sampling request (sampling/createMessage, or a 2026-07-28 input request of
 * that kind) put to a model the user picked, to draft the reply the user then reads, edits
 * and sends: the conversation as the server gave it (text and images), its system prompt,
 * its token limit and temperature; no tools. Nothing is sent to the server from here.
 */
import type { SamplingContentView, SamplingMessageView, ServerRequestBody } from '../../../shared/api/server-requests';
import type { ModelError } from './model-error';
import { explainModelFailure, unexplainedModelFailure } from './model-errors';
import type { ConversationMessage, ModelHandle, StepOutcome, StepRequest } from './model-library';

type SamplingBody = Extract<ServerRequestBody, { kind: 'sampling' }>;

export interface SamplingDraftOutcome {
  text: string;
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
}

/** The model's messages for the server's conversation; content the model cannot take (audio, other) is said in words. */
function samplingConversation(messages: SamplingMessageView[]): ConversationMessage[] {
  return messages.map((message): ConversationMessage => {
    if (message.role === 'assistant') return { role: 'assistant', content: message.content.map((part) => ({ type: 'text' as const, text: asText(part) })) };
    return {
      role: 'user',
      content: message.content.map((part) => (part.type === 'image' ? { type: 'image' as const, image: part.data, mediaType: part.mimeType } : { type: 'text' as const, text: asText(part) })),
    };
  });
}

function asText(part: SamplingContentView): string {
  if (part.type === 'text') return part.text;
  if (part.type === 'other') return part.json;
  return `[${part.type} (${part.mimeType}) the server sent: not passed to the model]`;
}

/**
 * One model turn for the request. `turn` is the model layer's (runModelStep, loaded when
 * first needed). A provider's failure comes back as a ModelError saying what fixes it.
 */
export async function draftSamplingReply(
  body: SamplingBody,
  model: ModelHandle,
  turn: (handle: ModelHandle, request: StepRequest) => Promise<StepOutcome>,
  signal: AbortSignal,
): Promise<SamplingDraftOutcome | ModelError> {
  try {
    const outcome = await turn(model, {
      ...(body.systemPrompt ? { system: body.systemPrompt } : {}),
      messages: samplingConversation(body.messages),
      tools: [],
      signal,
      maxRetries: 2,
      ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
      maxOutputTokens: body.maxTokens,
      stream: false,
    });
    return { text: outcome.text, finishReason: outcome.finishReason, usage: outcome.usage };
  } catch (error) {
    if (signal.aborted) throw error;
    return explainModelFailure(error, model.choice) ?? unexplainedModelFailure(error, model.choice);
  }
}
