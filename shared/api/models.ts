/**
 * Models in the app: the providers and their keys (the key itself never crosses back to the
 * page), endpoint addresses, the models a local endpoint serves, and a chat whose steps
 * arrive as `chat-event`s while it runs. The chat's tool calls go through the core's own
 * tool runner; before each one the chat waits for the page's approve / edit / deny.
 */
import { z } from 'zod';
import { ServerNameSchema, type ServerName } from '../config/server-config';
import { CallIdSchema } from './call-id';
import type { ChannelTable } from './channel-table';

const MODEL_PROVIDER_IDS = ['anthropic', 'openai', 'google', 'openai-compatible', 'ollama'] as const;
export type ModelProviderId = (typeof MODEL_PROVIDER_IDS)[number];
export const ProviderIdSchema = z.enum(MODEL_PROVIDER_IDS);

/** Ollama's OpenAI-compatible endpoint, as it listens by default: the one-click choice. */
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';

export interface ModelProviderView {
  id: ModelProviderId;
  label: string;
  /** Where the key comes from: saved in the secret store, the provider's environment variable, or nowhere. Never the key. */
  key: 'saved' | 'environment' | 'none';
  /** The environment variable the provider's key may come from. */
  keyEnv?: string;
  needsKey: boolean;
  local: boolean;
  /** The address requests go to (the user's, or the provider's default); absent: the provider's own API. */
  baseUrl?: string;
  /** The user set the address (not the provider's default). */
  baseUrlSet: boolean;
  /** A model can be asked: a cloud provider with a key, a local endpoint whose address the user set. */
  ready: boolean;
}

type ServedModelsView = { ok: true; models: string[] } | { ok: false; error: string };

/** One change a provider's schema adaptation made to a tool's input schema. */
export interface SchemaChange {
  /** JSON Pointer into the tool's input schema. */
  path: string;
  change: 'removed' | 'changed' | 'added';
  /** Removed and changed keywords lose something the server said. */
  lossy: boolean;
  detail?: string;
}

/** A tool's input schema as a provider received it, and what its adaptation changed. */
export interface AdaptedTool {
  name: string;
  /** The parameters schema as the provider received it (undefined: not found in the request). */
  adapted: unknown;
  changes: SchemaChange[];
}

/** A step of a chat, as the trace shows it: a model turn ... */
export interface ChatModelTurn {
  kind: 'model';
  step: number;
  startedAt: number;
  latencyMs: number;
  text: string;
  toolCalls: Array<{ id: string; name: string; invalid?: string }>;
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
  /** USD; 0 for a local model; absent when the price table has no price for it. */
  cost?: number;
  warnings: string[];
  /** The exact request body the provider received, and each tool's schema after the provider's adaptation. */
  request: { body: unknown; tools: AdaptedTool[] };
}

/** ... or a tool call the model asked for. */
export interface ChatToolStep {
  kind: 'tool';
  /** The model turn that asked for it. */
  step: number;
  toolCallId: string;
  server: ServerName;
  tool: string;
  arguments: Record<string, unknown>;
  /** The model's arguments, when the user edited them before the call. */
  modelArguments?: Record<string, unknown>;
  approval: 'auto' | 'approved' | 'edited' | 'denied' | 'invalid';
  /** What the model was told. */
  resultText: string;
  isError: boolean;
  /** The user replaced the result before re-running from here: what the server had answered. */
  resultEdited?: { serverText: string; serverIsError: boolean };
  /** The call never reached the server: refused by a permission, denied, invalid, or the server failed. */
  notRun?: string;
  latencyMs: number;
  /** The core's id of the call (history, progress) and the JSON-RPC ids it caused on the server. */
  callId?: string;
  jsonRpcIds: Array<string | number>;
  historyId?: string;
}

export type ChatStep = ChatModelTurn | ChatToolStep;

export interface ChatError {
  message: string;
  hint: string;
  reason: string;
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
  /** USD; 0 for a local model; absent when the price table has no price. */
  cost?: number;
}

/** What a chat tells the page while it runs, tied to its callId. */
export type ChatEvent =
  | { kind: 'text'; text: string }
  | { kind: 'step'; step: ChatStep }
  /** The chat waits for the page: answer with answerChatApproval before `expiresAt`, or the call is denied. */
  | { kind: 'approval'; approvalId: string; server: ServerName; tool: string; arguments: Record<string, unknown>; toolCallId: string; expiresAt: number }
  | { kind: 'approval-closed'; approvalId: string; reason: 'answered' | 'timed-out' | 'stopped' | 'page-gone' }
  | { kind: 'usage'; usage: ChatUsage }
  | { kind: 'error'; error: ChatError }
  | { kind: 'done'; status: ChatRunResult['status'] };

export interface ChatRunResult {
  status: 'answered' | 'max-steps' | 'stopped' | 'failed';
  text: string;
  steps: ChatStep[];
  usage: ChatUsage;
  error?: ChatError;
  /** The conversation so far, to send back with the next prompt (the library's message shape). */
  messages: unknown[];
}

export interface ChatRequest {
  /** Chosen by the page: the events carry it, and cancelCall({callId}) stops the chat. */
  callId: string;
  provider: ModelProviderId;
  model: string;
  servers: ServerName[];
  /** Per server, the tools to expose; a server missing here exposes every tool it has. */
  tools?: Record<string, string[]>;
  system?: string;
  prompt: string;
  /** The conversation so far (ChatRunResult.messages of the previous turn). */
  history?: unknown[];
  maxSteps?: number;
  /** Ask the page before each tool call (default true). */
  pause?: boolean;
}

/**
 * A chat run again from a tool call of a finished turn: the conversation up to that call's
 * result (replaced by the user's, when given), then the model is asked again. The tool is not
 * called again; the steps after the call are the re-run's.
 */
export interface ChatRerunRequest extends Omit<ChatRequest, 'prompt' | 'history'> {
  /** The turn's conversation (its ChatRunResult.messages). */
  history: unknown[];
  from: {
    toolCallId: string;
    /** The model turn that asked for the call: the re-run's turns are numbered on from it. */
    step: number;
    /** What the model is told instead of the call's result; absent: the result as it was. */
    result?: { text: string; isError: boolean };
  };
}

/** What the exposed tools' definitions (names, descriptions, schemas) cost in the model's context. */
export interface ExposedToolTokens {
  tools: number;
  /** OpenAI's tokenizer (o200k_base). */
  openai: number;
  /** The public Claude tokenizer (an older model's): an estimate. */
  claudeEstimate?: number;
}

/** A model's draft of the reply to a server's sampling request: the user reads, edits and sends it. */
export interface SamplingDraft {
  text: string;
  /** The model's name, as the reply to the server carries it. */
  model: string;
  /** Why the model stopped: "length" means the request's token limit cut it. */
  finishReason: string;
  usage: ChatUsage;
}

export interface ModelsApi {
  /** Every provider with its key state and address. */
  listModelProviders(): Promise<ModelProviderView[]>;
  /** Saves the key in the secret store; the answer says only that a key is saved. */
  setModelKey(request: { provider: ModelProviderId; key: string }): Promise<ModelProviderView[]>;
  forgetModelKey(request: { provider: ModelProviderId }): Promise<ModelProviderView[]>;
  /** Where the provider's requests go; null: back to its default. */
  setModelBaseUrl(request: { provider: ModelProviderId; baseUrl: string | null }): Promise<ModelProviderView[]>;
  /** The models a local (OpenAI-compatible) endpoint serves. */
  listServedModels(request: { provider: ModelProviderId }): Promise<ServedModelsView>;
  /** What the exposed tools' definitions cost in tokens before anything is said. */
  toolTokenCost(request: { servers: ServerName[]; tools?: Record<string, string[]> }): Promise<ExposedToolTokens>;
  /** Runs a chat turn to its end; its steps arrive as `chat-event`s. */
  runChat(request: ChatRequest): Promise<ChatRunResult>;
  /** Runs a chat again from a tool call of a finished turn, with its result as the user edited it. */
  rerunChat(request: ChatRerunRequest): Promise<ChatRunResult>;
  /** The page's answer to a paused tool call; false when nothing waits under that id. */
  answerChatApproval(request: { approvalId: string; decision: 'approve' | 'deny'; arguments?: Record<string, unknown>; reason?: string }): Promise<boolean>;
  /** Puts a waiting sampling request to a model and answers with its draft; nothing goes to the server. */
  draftSamplingReply(request: { requestId: string; provider: ModelProviderId; model: string }): Promise<SamplingDraft>;
}

const ProviderRefSchema = z.strictObject({ provider: ProviderIdSchema });
const ToolFilterSchema = z.record(ServerNameSchema, z.array(z.string().min(1).max(512)).max(1000));
const ServersSchema = z.array(ServerNameSchema).max(50);
const HistorySchema = z.array(z.unknown()).max(10_000);
/** What a chat and its re-run both carry: the model, the tools exposed, the system prompt, the limits. */
const chatSetupShape = {
  callId: CallIdSchema,
  provider: ProviderIdSchema,
  model: z.string().trim().min(1).max(256),
  servers: ServersSchema,
  tools: ToolFilterSchema.optional(),
  system: z.string().max(100_000).optional(),
  maxSteps: z.number().int().min(1).max(100).optional(),
  pause: z.boolean().optional(),
};
/** Long enough for any key a provider issues; a paste of a whole file is refused. */
const MAX_KEY_LENGTH = 4096;

export const modelsChannels: ChannelTable<ModelsApi> = {
  listModelProviders: { channel: 'models:providers', request: z.undefined() },
  setModelKey: { channel: 'models:set-key', request: z.strictObject({ provider: ProviderIdSchema, key: z.string().min(1).max(MAX_KEY_LENGTH) }) },
  forgetModelKey: { channel: 'models:forget-key', request: ProviderRefSchema },
  setModelBaseUrl: { channel: 'models:set-base-url', request: z.strictObject({ provider: ProviderIdSchema, baseUrl: z.string().min(1).max(2048).nullable() }) },
  listServedModels: { channel: 'models:served', request: ProviderRefSchema },
  toolTokenCost: { channel: 'models:tool-tokens', request: z.strictObject({ servers: ServersSchema, tools: ToolFilterSchema.optional() }) },
  runChat: { channel: 'models:chat', request: z.strictObject({ ...chatSetupShape, prompt: z.string().trim().min(1).max(200_000), history: HistorySchema.optional() }) },
  rerunChat: {
    channel: 'models:rerun',
    request: z.strictObject({
      ...chatSetupShape,
      history: HistorySchema.min(1),
      from: z.strictObject({
        toolCallId: z.string().min(1).max(512),
        step: z.number().int().min(1).max(10_000),
        result: z.strictObject({ text: z.string().max(1_000_000), isError: z.boolean() }).optional(),
      }),
    }),
  },
  answerChatApproval: {
    channel: 'models:approve',
    request: z.strictObject({
      approvalId: z.string().min(1).max(128),
      decision: z.enum(['approve', 'deny']),
      arguments: z.record(z.string(), z.unknown()).optional(),
      reason: z.string().max(2000).optional(),
    }),
  },
  draftSamplingReply: {
    channel: 'models:draft-sampling',
    request: z.strictObject({ requestId: z.string().min(1).max(64), provider: ProviderIdSchema, model: z.string().trim().min(1).max(256) }),
  },
};
