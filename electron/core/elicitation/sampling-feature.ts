/**
 * Sampling (client side): a server asks "the model" to write a message. The user reads the
 * conversation and writes the reply (a model may draft it), or declines (the server gets
 * error -1, "user rejected", as the spec suggests); for a server the user allowed in
 * settings, a model answers within limits without asking (models/sampling-auto.ts).
 */
import { ProtocolError, type Client, type CreateMessageRequest, type CreateMessageResult } from '@modelcontextprotocol/client';
import type { SamplingContentView, SamplingMessageView, ServerRequestBody } from '../../../shared/api/server-requests';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ClientFeature } from '../connections/client-feature';
import type { ServerRequestBroker } from './server-request-broker';

/** The model name our replies carry: a person wrote them. */
const HUMAN_MODEL = 'mcp-workbench-user';
const USER_REJECTED = -1;

export class SamplingFeature implements ClientFeature {
  constructor(private readonly broker: ServerRequestBroker) {}

  capabilities() {
    return { sampling: {} };
  }

  install(server: ServerName, _config: ServerConfig, client: Client): void {
    client.setRequestHandler('sampling/createMessage', async (request, ctx) => this.answer(server, request.params, ctx.mcpReq.signal));
  }

  /** Answers without asking where the user allowed it (undefined: ask); set once the model layer exists. */
  autoAnswer?: (server: ServerName, params: CreateMessageRequest['params'], signal?: AbortSignal) => Promise<CreateMessageResult | undefined>;

  /** A model's answer where the user allowed one, else the user's reply from the dialog (a declined one throws error -1); tasks' input requests use it too. */
  async answer(server: ServerName, params: CreateMessageRequest['params'], signal?: AbortSignal): Promise<CreateMessageResult> {
    const automatic = await this.autoAnswer?.(server, params, signal);
    if (automatic) return automatic;
    const outcome = await this.broker.ask(server, samplingRequestBody(params), signal);
    if (!outcome.answered) {
      throw new ProtocolError(USER_REJECTED, outcome.reason === 'timed-out' ? 'Nobody answered the sampling request in time.' : 'The sampling request was withdrawn.');
    }
    const answer = outcome.answer;
    if (answer.action !== 'reply') throw new ProtocolError(USER_REJECTED, 'The user declined the sampling request.');
    return { role: 'assistant', content: { type: 'text', text: answer.text }, model: answer.model?.trim() || HUMAN_MODEL, stopReason: 'endTurn' };
  }
}

/** The dialog's view of a sampling request. */
export function samplingRequestBody(params: CreateMessageRequest['params']): Extract<ServerRequestBody, { kind: 'sampling' }> {
  const hints = params.modelPreferences?.hints?.map((hint) => hint.name).filter((name): name is string => typeof name === 'string');
  return {
    kind: 'sampling',
    messages: params.messages.map((message) => ({ role: message.role, content: contentView(message.content) }) satisfies SamplingMessageView),
    maxTokens: params.maxTokens,
    ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences ? { stopSequences: params.stopSequences } : {}),
    ...(hints && hints.length > 0 ? { modelHints: hints } : {}),
    ...(params.includeContext ? { includeContext: params.includeContext } : {}),
  };
}

function contentView(content: unknown): SamplingContentView[] {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((block): SamplingContentView => {
    const b = block as Record<string, unknown>;
    if (b.type === 'text' && typeof b.text === 'string') return { type: 'text', text: b.text };
    if ((b.type === 'image' || b.type === 'audio') && typeof b.data === 'string' && typeof b.mimeType === 'string') {
      return { type: b.type, mimeType: b.mimeType, data: b.data };
    }
    return { type: 'other', json: JSON.stringify(block, null, 2).slice(0, 100_000) };
  });
}
