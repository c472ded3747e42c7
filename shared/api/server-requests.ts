/**
 * Requests a server sends to us (elicitation, sampling) reach the UI as
 * `server-request` events and are answered with answerServerRequest. One nobody answers
 * is ended after the "Server request timeout" setting (elicitation: cancel; sampling:
 * an error), and a `server-request-closed` event takes it off the screen.
 */
import { z } from 'zod';
import type { ServerName } from '../config/server-config';
import type { ConfigScope } from '../config/scopes';
import type { JsonSchema } from '../json-schema';
import type { ChannelTable } from './channel-table';

export type SamplingContentView =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; mimeType: string; data: string }
  | { type: 'other'; json: string };

export interface SamplingMessageView {
  role: 'user' | 'assistant';
  content: SamplingContentView[];
}

export type ServerRequestBody =
  /** elicitation/create in form mode: a form built from requestedSchema. */
  | { kind: 'elicitation-form'; message: string; requestedSchema: JsonSchema }
  /**
   * URL-mode elicitation: the user is asked to open a URL (sign-in, payment…). `during`
   * says whether the server asked directly (elicitation/create) or a tool call was
   * refused until it is done (error -32042; the call is retried once it completes).
   */
  | { kind: 'elicitation-url'; message: string; url: string; elicitationId: string; during: 'request' | 'tool-call'; tool?: string }
  /**
   * A remote entry's headersHelper (a shell command) is about to run where the user has not
   * allowed it: this command, in this folder, for this entry (scope, project), its headers
   * going to this URL. Accept runs it and remembers exactly that. `askedAgain`: an earlier
   * version's consent, which covered the command alone, is why it asks again.
   */
  | { kind: 'headers-helper'; command: string; url: string; scope: ConfigScope; project?: string; cwd: string; askedAgain?: boolean }
  /**
   * A project server (`.mcp.json`) you have not approved, or whose entry changed since you
   * did, is about to start: what would run (commands and URLs; env and header values are
   * named, never shown). Accept with `content.remember: true` approves it for this project
   * until the entry changes; accept alone starts it this once; anything else does not start it.
   */
  | {
      kind: 'project-server';
      project: string;
      changed: boolean;
      entry: { transport: string; command?: string; args?: string[]; cwd?: string; envFile?: string; env?: string[]; url?: string; headers?: string[]; headersHelper?: string };
    }
  /** sampling/createMessage: the user writes the model's reply. */
  | {
      kind: 'sampling';
      messages: SamplingMessageView[];
      systemPrompt?: string;
      maxTokens: number;
      temperature?: number;
      stopSequences?: string[];
      modelHints?: string[];
      includeContext?: string;
    }
  /**
   * A tool call (MCP 2026-07-28) answered `input_required` while the user chose to answer
   * input requests by hand: the requests it names, its opaque requestState (sent back as
   * it is), and which round of the call this is. Answered with `send` (the inputResponses
   * object, passed on verbatim) or `cancel` (the call ends).
   */
  | { kind: 'input-required'; tool: string; round: number; inputRequests: Record<string, unknown>; requestState?: string };

export interface PendingServerRequest {
  id: string;
  server: ServerName;
  /** epoch ms */
  receivedAt: number;
  /** When it is ended unanswered (epoch ms). */
  expiresAt: number;
  body: ServerRequestBody;
  /**
   * The tool call (its callId) the question belongs to, where the core can tell: the call
   * itself asked (MCP 2026-07-28 rounds, a URL a tool call needs), or it was the only call
   * running on the server when the server asked. Absent with no call running, or several.
   */
  callId?: string;
}

export type ServerRequestAnswer =
  /** Elicitation: form mode sends `content`; URL mode means "I opened it". */
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' }
  /** Sampling: the reply to send as the model's message. */
  | { action: 'reply'; text: string; model?: string }
  /** Input required, answered by hand: the retry's `inputResponses`, exactly as written. */
  | { action: 'send'; inputResponses: Record<string, unknown> };

export type ServerRequestCloseReason = 'answered' | 'timed-out' | 'cancelled-by-server' | 'connection-closed';

interface AnswerServerRequestRequest {
  id: string;
  answer: ServerRequestAnswer;
}

export interface ServerRequestsApi {
  /** Requests waiting for an answer (for a window that opens late). */
  listServerRequests(): Promise<PendingServerRequest[]>;
  /** False when the request was already answered, timed out or withdrawn. */
  answerServerRequest(request: AnswerServerRequestRequest): Promise<boolean>;
}

const AnswerSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), content: z.record(z.string(), z.unknown()).optional() }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
  z.strictObject({ action: z.literal('reply'), text: z.string().max(1_000_000), model: z.string().max(200).optional() }),
  z.strictObject({ action: z.literal('send'), inputResponses: z.record(z.string(), z.unknown()) }),
]);

export const serverRequestsChannels: ChannelTable<ServerRequestsApi> = {
  listServerRequests: { channel: 'server-requests:list', request: z.undefined() },
  answerServerRequest: { channel: 'server-requests:answer', request: z.strictObject({ id: z.string().min(1).max(64), answer: AnswerSchema }) },
};
