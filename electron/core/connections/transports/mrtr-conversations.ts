/**
 * Ties the rounds of one multi-round-trip request (MCP 2026-07-28) together for the
 * protocol log. Every round is a fresh JSON-RPC request with its own id, so nothing on
 * the wire names the call they belong to: a retry is recognised by carrying
 * `inputResponses` / `requestState` for the same method and target as a call whose last
 * answer was `input_required` (and, when that answer had one, the same `requestState`,
 * which the client echoes byte for byte).
 */

/** The requests a server may answer with `input_required`. */
const MRTR_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);
/** Conversations waiting for their next round; beyond this many the oldest are forgotten. */
const MAX_WAITING = 1000;

export interface ConversationRound {
  conversation: string;
  round: number;
}

interface Waiting extends ConversationRound {
  method: string;
  target: string | undefined;
  requestState: string | undefined;
}

let lastConversation = 0;

export class MrtrConversations {
  /** Conversations whose last answer was `input_required`, oldest first. */
  private readonly waiting: Waiting[] = [];

  /** The conversation and round of an outgoing request, or undefined for methods that have no rounds. */
  onRequest(method: string, params: unknown): ConversationRound | undefined {
    if (!MRTR_METHODS.has(method)) return undefined;
    const fields = asRecord(params);
    const target = targetOf(fields);
    if (fields && ('inputResponses' in fields || 'requestState' in fields)) {
      const requestState = typeof fields.requestState === 'string' ? fields.requestState : undefined;
      const index = this.waiting.findIndex((w) => w.method === method && w.target === target && (w.requestState === undefined || w.requestState === requestState));
      if (index >= 0) {
        const [previous] = this.waiting.splice(index, 1);
        return { conversation: previous!.conversation, round: previous!.round + 1 };
      }
    }
    return { conversation: `mrtr-${++lastConversation}`, round: 1 };
  }

  /** Notes the answer to a round: an `input_required` result keeps the conversation open for a retry. */
  onResponse(request: { method: string; params: unknown } & ConversationRound, message: unknown): void {
    const result = asRecord(asRecord(message)?.result);
    if (result?.resultType !== 'input_required') return;
    if (this.waiting.length >= MAX_WAITING) this.waiting.shift();
    this.waiting.push({
      conversation: request.conversation,
      round: request.round,
      method: request.method,
      target: targetOf(asRecord(request.params)),
      requestState: typeof result.requestState === 'string' ? result.requestState : undefined,
    });
  }

  clear(): void {
    this.waiting.length = 0;
  }
}

/** What the request is about: the tool or prompt name, or the resource URI. */
function targetOf(params: Record<string, unknown> | undefined): string | undefined {
  const target = params?.name ?? params?.uri;
  return typeof target === 'string' ? target : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
